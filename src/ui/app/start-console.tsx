/**
 * The console proper: the router host, the actor system and the React tree over them, started on the page's
 * one React root by the entry (src/main.tsx) — at once, or after the entry's first-paint sign-in form has
 * been painted (then that form's typed values and focus move into the console's own, see
 * src/ui/login/handover.ts). Its own chunk, which index.html prefetches.
 */
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createAppSystem } from '../../services/app-system.ts';
import { getSessionCookies } from '../../services/cookies.ts';
import { i18n, preloadNamespaces } from '../../services/i18n/index.ts';
import { captureHandover } from '../login/handover.ts';
import { type PageServices, PageServicesContext } from '../pages/services.ts';
import { AppActor } from './actor.ts';
import { useThrowOnActorFailure } from './actor-failure.ts';
import { CrashScreen } from './CrashScreen.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { createRouterHost, type RouterHost } from './router-host.ts';
import { ToastHost } from './ToastHost.tsx';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the console on `root`. With `replacing` (the first-paint sign-in form is on screen), the console's
 * tree replaces it in one synchronous render once the charts have settled, so that its sign-in form is drawn
 * as the one it replaces and nothing the visitor does falls between the two.
 */
export async function startConsole(root: Root, container: HTMLElement, replacing = false): Promise<void> {
  // With the first-paint form on screen nothing waits for the console but the visitor's typing: its steps
  // (this chunk's evaluation, the router and the actor system, their start, the render) each get a task of
  // their own, so that a keystroke is never held behind all of them at once.
  const step = replacing ? nextTask : () => undefined;
  await step();
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

  // The root actor runs before React renders the console, which so finds the sign-in form's chart ready (its
  // settings come inlined in /login's HTML) and draws the form at once instead of a loader first.
  await step();
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

  // Views use the app system's one http client (the same promise every time, so `use()` can wait on it).
  let httpClient: ReturnType<PageServices['http']> | undefined;
  const prefetchShell = () => {
    void preloadNamespaces(i18n);
    system.prefetchShell();
    // the layout route and the first page after sign-in (React Router's lazy() imports the same modules)
    void import('../shell/ShellRoute.tsx').catch(() => undefined);
    void import('../pages/IndexPage.tsx').catch(() => undefined);
  };
  const pageServices: PageServices = { http: () => (httpClient ??= system.http()), prefetchShell };

  const tree = (
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
    </I18nextProvider>
  );
  if (replacing) {
    // the charts' first steps (the inlined settings, the captcha) settle in promise callbacks: a task later
    await nextTask();
    captureHandover(container);
    flushSync(() => root.render(tree));
  } else root.render(tree);

  // The shell's code and translations: with a session to restore there is no sign-in page to wait for, and
  // the shell's toasts (translated outside React) need the translations, so they load at once; signed out,
  // the sign-in page asks for them in idle time once its form is usable (`prefetchShell`).
  if (getSessionCookies().getToken()) prefetchShell();
}
