import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectAsideMenu } from '../../machines/routeGuard/selectors.ts';
import type { MenuTreeItem } from '../../machines/routeGuard/types.ts';
import { showNotice } from '../../services/notify.ts';
import { useRouteGuardRef } from '../app/actor.ts';
import { AsideMenu } from './AsideMenu.tsx';
import { isExternal, type MenuNode } from './menu-tree.ts';
import { useGoTo } from './useGoTo.ts';

/** The route guard's menu tree as view nodes: fixed titles translated, placeholder paths dropped. */
export function toMenuNodes(items: readonly MenuTreeItem[], t: TFunction): MenuNode[] {
  return items.map((item) => ({
    id: item.id,
    title: item.titleKey ? t(item.titleKey, { defaultValue: item.title }) : item.title,
    path: item.isPlaceholder ? undefined : item.path,
    icon: item.icon,
    children: toMenuNodes(item.children, t),
  }));
}

/** The side menu wired to the route guard's tree and the router. */
export function AsideContainer({ collapsed }: { collapsed: boolean }) {
  const items = useSelector(useRouteGuardRef(), selectAsideMenu);
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const goTo = useGoTo();

  const select = (node: MenuNode) => {
    if (isExternal(node.path)) window.open(node.path, '_blank', 'noopener,noreferrer');
    else if (!node.path) showNotice({ kind: 'warning', message: t('temporary_menu'), durationMs: 3000 });
    else goTo(node.path);
  };

  return (
    <AsideMenu nodes={toMenuNodes(items, t)} activePath={pathname} collapsed={collapsed} onSelect={select} />
  );
}
