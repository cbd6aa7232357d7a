import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectAsideMenu } from '../../machines/routeGuard/selectors.ts';
import {
  selectDepartments,
  selectDictionaries,
  selectSettings,
  selectUser,
} from '../../machines/session/selectors.ts';
import { AppActor, useRouteGuardRef, useSessionRef } from '../app/actor.ts';
import { usePageChart } from '../app/page-chart.ts';
import { FeedPanel, type SocketRef } from '../feed/FeedPanel.tsx';
import { OverviewPanel } from '../overview/OverviewPanel.tsx';
import { toMenuNodes } from '../shell/AsideContainer.tsx';
import { countPages, isExternal, leaves, type MenuNode } from '../shell/menu-tree.ts';
import { IndexView } from './IndexView.tsx';
import { countDepartments } from './index-stats.ts';
import { usePageServices } from './services.ts';

/**
 * 控制台 (also 工作台): the signed-in user, counts of what the start-up loaded, the operator's overview
 * and the live item feed (its chart runs in the shell while the page is open).
 */
export function Component() {
  const session = useSessionRef();
  const services = usePageServices();
  // Absent until the app runs the socket chart: the feed then says 未连接.
  const socket = AppActor.useActorRef().system.get('socket') as SocketRef | undefined;
  // The feed's chart runs in the shell while this page is open.
  const feed = usePageChart({ key: 'feed', chart: 'feed' });
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const user = useSelector(session, selectUser);
  const departments = useSelector(session, selectDepartments);
  const dictionaries = useSelector(session, selectDictionaries);
  const startupSkipped = useSelector(session, (s) => s.context.startupSkipped);
  const siteName = useSelector(session, (s) => selectSettings(s)?.['login.site_name'] || null);
  const items = useSelector(useRouteGuardRef(), selectAsideMenu);
  // The fixed console entry is this page; everything after it comes from the server.
  const nodes = toMenuNodes(items, t).filter((node) => node.id !== 'index');
  const shortcuts = leaves(nodes)
    .filter((node) => !isExternal(node.path))
    .slice(0, 12);

  const open = (node: MenuNode) => node.path && navigate(node.path);
  return (
    <IndexView
      siteName={siteName || t('product')}
      user={{
        name: user?.name ?? null,
        username: user?.username ?? null,
        dept: user?.dept_info?.dept_name ?? null,
        roles: (user?.role_info ?? []).map((role) => role.name),
      }}
      stats={{
        menus: items.length ? countPages(nodes.filter((node) => !isExternal(node.path))) : null,
        departments: departments ? countDepartments(departments.tree) : null,
        dictionaries: Object.keys(dictionaries).length,
      }}
      refused={startupSkipped}
      shortcuts={shortcuts}
      onOpen={open}
      hour={new Date().getHours()}
      overview={<OverviewPanel http={services.http} socket={socket} />}
      feed={feed ? <FeedPanel feed={feed} socket={socket} /> : null}
    />
  );
}
