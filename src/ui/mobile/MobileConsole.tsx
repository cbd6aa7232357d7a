import { ActionIcon, Card, Group, NavLink, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectAsideMenu, selectRoutes } from '../../machines/routeGuard/selectors.ts';
import type { RouteDescriptor } from '../../machines/routeGuard/types.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { PageLoader } from '../app/PageLoader.tsx';
import { findView, framePage, menuView } from '../app/views.ts';
import { Icon } from '../icons/Icon.tsx';
import { toMenuNodes } from '../shell/AsideContainer.tsx';
import { isExternal, leaves } from '../shell/menu-tree.ts';
import { TabIcon } from '../shell/tabs/glyphs.tsx';
import classes from './Mobile.module.css';

const views = new Map<string, ComponentType>();

/** One lazy component per menu component (an embedded link: per address), so going back and forth does not reload it. */
function viewFor(route: RouteDescriptor): ComponentType | undefined {
  const frame = route.frame;
  const cached = views.get(frame ? `frame:${route.path}:${frame}` : route.component);
  if (cached) return cached;
  if (frame) {
    const View = lazy(async () => ({ default: await framePage(frame, route.title) }));
    views.set(`frame:${route.path}:${frame}`, View);
    return View;
  }
  const load = findView(route.component);
  if (!load) return undefined;
  // a chunk that does not arrive shows the retry page, as on the desktop
  const View = lazy(async () => ({ default: await menuView(route, load) }));
  views.set(route.component, View);
  return View;
}

/**
 * A phone-sized console: the menu pages as a list, one page at a time (`?page=<path>`), a back button, no
 * tabs and no side menu.
 */
export function MobileConsole() {
  const guard = useRouteGuardRef();
  const items = useSelector(guard, selectAsideMenu);
  const routes = useSelector(guard, selectRoutes);
  const { t } = useTranslation('shell');
  const [search, setSearch] = useSearchParams();
  const current = search.get('page');
  const route = current ? routes.find((r) => r.path === current) : undefined;
  const View = route ? viewFor(route) : undefined;
  const entries = leaves(toMenuNodes(items, t)).filter(
    (node) => !isExternal(node.path) && routes.some((r) => r.path === node.path),
  );

  return (
    <div className={classes.phone} data-testid="mobile-console">
      <Group className={classes.bar} gap="xs" wrap="nowrap">
        {current ? (
          <ActionIcon variant="subtle" aria-label={t('mobile.back')} onClick={() => setSearch({})}>
            <TabIcon name="chevronLeft" size={18} />
          </ActionIcon>
        ) : null}
        <Title order={4}>{route ? route.title : t('mobile.title')}</Title>
      </Group>
      <div className={classes.body}>
        {current ? (
          View ? (
            <Suspense fallback={<PageLoader fullPage={false} />}>
              <View />
            </Suspense>
          ) : (
            <Card padding="lg">
              <Text c="dimmed">{t('mobile.unavailable')}</Text>
            </Card>
          )
        ) : entries.length ? (
          <nav aria-label={t('mobile.menu')}>
            {entries.map((node) => (
              <NavLink
                key={node.id}
                label={node.title}
                leftSection={<Icon fa={node.icon} size={18} />}
                rightSection={<TabIcon name="chevronRight" size={14} />}
                onClick={() => node.path && setSearch({ page: node.path })}
              />
            ))}
          </nav>
        ) : (
          <Text c="dimmed" p="lg">
            {t('no_menu')}
          </Text>
        )}
      </div>
    </div>
  );
}
