import { type RouteObject, redirect } from 'react-router';
import { INDEX_PATH } from '../../contract/paths.ts';
import { LoginPage } from '../login/LoginPage.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RootRoute } from './RootRoute.tsx';

/** The layout route's id: menu routes are patched under it. */
export const LAYOUT_ROUTE_ID = 'layout';

/** What a route tells the title and the tabs: a translation key for static pages, the menu name otherwise. */
export type RouteHandle = { titleKey?: string; title?: string; hidden?: boolean; cache?: boolean };

const page = (load: () => Promise<{ Component: React.ComponentType }>, handle: RouteHandle) => ({
  lazy: () => load().then((m) => ({ Component: m.Component })),
  handle,
});

/**
 * Static routes (ARCHITECTURE.md "Routing"). /login is part of the entry chunk; the shell and every page
 * load lazily so the sign-in page stays small. Menu routes arrive later through `patchRoutes`.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootRoute,
      HydrateFallback: PageLoader,
      children: [
        { index: true, loader: () => redirect(INDEX_PATH) },
        { path: 'login', Component: LoginPage, handle: { titleKey: 'login:submit' } satisfies RouteHandle },
        {
          path: '404',
          lazy: () => import('../pages/NotFoundPage.tsx').then((m) => ({ Component: m.StandaloneNotFound })),
          handle: { titleKey: 'pages:not_found.title' } satisfies RouteHandle,
        },
        {
          id: LAYOUT_ROUTE_ID,
          lazy: () => import('../shell/ShellRoute.tsx'),
          children: [
            { path: 'index', ...page(() => import('../pages/IndexPage.tsx'), { titleKey: 'shell:console' }) },
            {
              path: 'workbench',
              ...page(() => import('../pages/IndexPage.tsx'), { titleKey: 'pages:workbench.title' }),
            },
            {
              path: 'userInfo',
              ...page(() => import('../pages/UserInfoPage.tsx'), { titleKey: 'pages:user_info.title' }),
            },
            {
              path: 'userMessage',
              ...page(() => import('../pages/UserMessagePage.tsx'), { titleKey: 'pages:user_message.title' }),
            },
            { path: 'refresh', ...page(() => import('../pages/RefreshPage.tsx'), { hidden: true }) },
            { path: 'redirect/*', ...page(() => import('../pages/RedirectPage.tsx'), { hidden: true }) },
            {
              path: '*',
              ...page(() => import('../pages/NotFoundPage.tsx'), { titleKey: 'pages:not_found.title' }),
            },
          ],
        },
      ],
    },
  ];
}
