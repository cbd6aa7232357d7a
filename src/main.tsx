// The sign-in page is drawn without Mantine; Mantine and its styles load with the shell and the toasts.
import '@mantine/core/styles/baseline.css';

import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createAppSystem } from './services/app-system.ts';
import { getSessionCookies } from './services/cookies.ts';
import { currentLanguage, i18n, preloadNamespaces } from './services/i18n/index.ts';
import { AppActor } from './ui/app/actor.ts';
import { useThrowOnActorFailure } from './ui/app/actor-failure.ts';
import { CrashScreen } from './ui/app/CrashScreen.tsx';
import { ErrorBoundary } from './ui/app/ErrorBoundary.tsx';
import { createRouterHost, type RouterHost } from './ui/app/router-host.ts';
import { ToastHost } from './ui/app/ToastHost.tsx';
import { type PageServices, PageServicesContext } from './ui/pages/services.ts';

// The router and the actor system live outside React (ARCHITECTURE.md "Routing"): the charts decide, the
// router host executes, and every settled location goes back to the route guard.
let host: RouterHost | undefined;
const system = createAppSystem({
  navigate: (to, options) => host?.navigate(to, options),
  patchRoutes: (routes) => host?.patchRoutes(routes),
  resetRoutes: () => host?.reset(),
});
host = createRouterHost({
  onLocation: (location) => system.reportLocation(location),
  onUnreachable: (route) =>
    system.log(
      i18n.t('shell:unreachable_view', { title: route.title, component: route.component }),
      'warning',
      {
        path: route.path,
        component: route.component,
      },
    ),
});
const routerHost = host;

// The root actor runs before React's first render, which so finds the sign-in form's chart ready (its
// settings come inlined in /app-config.js) and draws the form at once instead of a loader first.
const app = system.start();

/** Shows a failed root actor to the error boundary (a reload). */
function ActorFailure() {
  useThrowOnActorFailure(app);
  return null;
}

/** The current router; a reset (user change) renders a new one under a new key. */
function HostedRouter() {
  const { router, generation } = useSyncExternalStore(routerHost.subscribe, routerHost.current);
  return <RouterProvider key={generation} router={router} />;
}

document.documentElement.lang = currentLanguage();

// Views use the app system's one http client (the same promise every time, so `use()` can wait on it).
let httpClient: ReturnType<PageServices['http']> | undefined;
const prefetchShell = () => {
  void preloadNamespaces(i18n);
  system.prefetchShell();
  // the layout route and the first page after sign-in (React Router's lazy() imports the same modules)
  void import('./ui/shell/ShellRoute.tsx').catch(() => undefined);
  void import('./ui/pages/IndexPage.tsx').catch(() => undefined);
};
const pageServices: PageServices = { http: () => (httpClient ??= system.http()), prefetchShell };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <I18nextProvider i18n={i18n}>
    <ToastHost />
    <ErrorBoundary fallback={(error) => <CrashScreen error={error} />}>
      <AppActor.Provider actor={app}>
        <PageServicesContext.Provider value={pageServices}>
          <ActorFailure />
          <HostedRouter />
        </PageServicesContext.Provider>
      </AppActor.Provider>
    </ErrorBoundary>
  </I18nextProvider>,
);

// The shell's code and translations: with a session to restore there is no sign-in page to wait for, and
// the shell's toasts (translated outside React) need the translations, so they load at once; signed out,
// the sign-in page asks for them in idle time once its form is usable (`prefetchShell`).
if (getSessionCookies().getToken()) prefetchShell();
