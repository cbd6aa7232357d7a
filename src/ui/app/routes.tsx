import { type RouteObject, redirect } from 'react-router';
import { INDEX_PATH } from '../../contract/paths.ts';
import { MICRO_FRONTEND_PREFIX } from '../../machines/routeGuard/paths.ts';
import { LoginPage } from '../login/LoginPage.tsx';
import { plugins } from '../plugins/registry.ts';
import { PageLoader } from './PageLoader.tsx';
import { RootRoute } from './RootRoute.tsx';

/** The layout route's id: menu routes are patched under it. */
export const LAYOUT_ROUTE_ID = 'layout';
/** The layout's catch-all (404 inside the shell). */
export const LAYOUT_NOT_FOUND_ROUTE_ID = 'layout-not-found';

/**
 * What a route tells the title and the tabs: `name` (a menu route's `component_name`), a translation key
 * for static pages or the menu name, `pattern` (the route path tabs are restored against), `hidden` pages
 * never become tabs, `cache` pages are kept alive while their tab is open.
 */
export type RouteHandle = {
  name?: string;
  titleKey?: string;
  title?: string;
  pattern?: string;
  hidden?: boolean;
  cache?: boolean;
};

const page = (load: () => Promise<{ Component: React.ComponentType }>, handle: RouteHandle) => ({
  lazy: () => load().then((m) => ({ Component: m.Component })),
  handle,
});

/**
 * Static routes (ARCHITECTURE.md "Routing"). /login is part of the entry chunk; the shell and every page
 * load lazily so the sign-in page stays small. /403 and /404 are inside the layout (signed out, the guard
 * sends them to /login like any protected page). Menu routes arrive later through `patchRoutes`; plugins add
 * theirs here (src/ui/plugins).
 */
export function createRoutes(): RouteObject[] {
  const micro = MICRO_FRONTEND_PREFIX.replace(/^\/+|\/+$/g, '');
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
          path: 'mobile',
          lazy: () => import('../mobile/MobileRoute.tsx'),
          handle: { titleKey: 'shell:mobile.title' } satisfies RouteHandle,
        },
        ...plugins.routes,
        {
          id: LAYOUT_ROUTE_ID,
          lazy: () => import('../shell/ShellRoute.tsx'),
          children: [
            {
              path: 'index',
              ...page(() => import('../pages/IndexPage.tsx'), { name: 'index', titleKey: 'tabs:console' }),
            },
            {
              path: 'workbench',
              ...page(() => import('../pages/IndexPage.tsx'), {
                name: 'workbench',
                titleKey: 'pages:workbench.title',
              }),
            },
            {
              path: 'userInfo',
              ...page(() => import('../pages/UserInfoPage.tsx'), {
                name: 'userInfo',
                titleKey: 'pages:user_info.title',
              }),
            },
            {
              path: 'userMessage',
              ...page(() => import('../pages/UserMessagePage.tsx'), {
                name: 'userMessage',
                titleKey: 'pages:user_message.title',
              }),
            },
            { path: 'refresh', ...page(() => import('../pages/RefreshPage.tsx'), { hidden: true }) },
            { path: 'redirect/*', ...page(() => import('../pages/RedirectPage.tsx'), { hidden: true }) },
            {
              path: `${micro}/*`,
              ...page(() => import('../shell/MicroFrontendHost.tsx'), {
                name: 'micro',
                titleKey: 'shell:micro_frontend',
                pattern: `${MICRO_FRONTEND_PREFIX}*`,
              }),
            },
            // The error pages, inside the layout (header and menus stay); never tabs.
            {
              path: '404',
              lazy: () => import('../pages/NotFoundPage.tsx').then((m) => ({ Component: m.NotFound })),
              handle: { titleKey: 'pages:not_found.title', hidden: true } satisfies RouteHandle,
            },
            {
              path: '403',
              lazy: () => import('../pages/NotFoundPage.tsx').then((m) => ({ Component: m.Forbidden })),
              handle: { titleKey: 'pages:forbidden.title', hidden: true } satisfies RouteHandle,
            },
            ...plugins.layoutRoutes,
            {
              id: LAYOUT_NOT_FOUND_ROUTE_ID,
              path: '*',
              ...page(() => import('../pages/NotFoundPage.tsx'), {
                titleKey: 'pages:not_found.title',
                hidden: true,
              }),
            },
          ],
        },
      ],
    },
  ];
}
