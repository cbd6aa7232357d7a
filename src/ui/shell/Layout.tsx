import { AppShell, ScrollArea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import {
  selectAsideCollapse,
  selectAsideTransition,
  selectPageTransition,
} from '../../machines/preferences/selectors.ts';
import { useLogRef, usePreferencesRef } from '../app/actor.ts';
import { takePluginFailures } from '../plugins/registry.ts';
import { AsideContainer } from './AsideContainer.tsx';
import { BreadcrumbsContainer } from './BreadcrumbsContainer.tsx';
import { HeaderContainer } from './HeaderContainer.tsx';
import classes from './Shell.module.css';
import { TopMenu } from './TopMenu.tsx';
import { KeepAliveOutlet } from './tabs/KeepAliveOutlet.tsx';
import { TabBarContainer } from './tabs/TabBarContainer.tsx';
import { useShellPainted } from './useShellPainted.ts';

export const ASIDE_WIDTH = 200;
export const ASIDE_COLLAPSED_WIDTH = 65;

/**
 * Header on top, the side menu (200 px, 65 px collapsed), the tab bar, the breadcrumbs and the routed pages
 * (kept alive when cached). Aside collapse, its transition, the page transition and the breadcrumbs are the
 * user's preferences. `failure` (the start-up error with retry) takes the place of the tab bar and the
 * pages: the user stays inside the console, with the header and whatever menus there are. The first render
 * leaves the page (and the header its tools) to the render right after it is painted (`useShellPainted`).
 */
export function Layout({ failure }: { failure?: ReactNode }) {
  const preferences = usePreferencesRef();
  const log = useLogRef();
  const collapsed = useSelector(preferences, selectAsideCollapse);
  const asideTransition = useSelector(preferences, selectAsideTransition);
  const pageTransition = useSelector(preferences, selectPageTransition);
  const painted = useShellPainted();

  // Plugins register before the log runs: report the ones that failed once the shell is up.
  useEffect(() => {
    for (const { path, error } of takePluginFailures())
      log.send({
        type: 'log.recorded',
        entry: {
          message: `plugin ${path} failed to register: ${String(error)}`,
          type: 'danger',
          time: Date.now(),
        },
      });
  }, [log]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: collapsed ? ASIDE_COLLAPSED_WIDTH : ASIDE_WIDTH, breakpoint: 0 }}
      padding={0}
      transitionDuration={asideTransition ? 200 : 0}
      className={classes.shell}
      data-aside-collapsed={collapsed || undefined}
    >
      <AppShell.Header className={classes.headerBar}>
        <HeaderContainer
          collapsed={collapsed}
          onToggleAside={() => preferences.send({ type: 'preferences.asideCollapseToggled' })}
          center={<TopMenu />}
          withTools={painted}
        />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} data-testid="aside">
        <ScrollArea type="hover" scrollbarSize={6}>
          <AsideContainer collapsed={collapsed} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {failure ? (
          <div className={classes.content}>{failure}</div>
        ) : (
          <>
            <TabBarContainer />
            <BreadcrumbsContainer />
            <div className={classes.content}>
              {painted && <KeepAliveOutlet transition={pageTransition} />}
            </div>
          </>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
