/**
 * The wiring: concrete deps from src/services, bound to the charts through `createAppImplementations`, and
 * the root actor that runs it, for the UI's one actor Provider. The UI owns the router, so it passes in what the
 * route guard and the session need from it (navigate, route patching, reset).
 *
 * `start()` creates and starts the root actor before React renders (the UI provides it to its views): the
 * first render then finds the charts where they are (the sign-in form, not a loader, with one render fewer),
 * and the http client has its session (the token port) from the first request. Router locations and log
 * entries reported before the start are buffered.
 *
 * Size: the network layer (axios, the zod response schemas, request signing, the menu cache) is not needed
 * to draw the sign-in page, so it is a separate chunk loaded on first need (at once when a session is to be
 * restored; signed out, at the first API call or the shell's prefetch). The charts' effects await it;
 * restoring the session waits for it too, so the menu cache is read with its validation as usual.
 */
import { type ActorRefFrom, type AnyActorRef, createActor, fromPromise, toPromise } from 'xstate';
import type { MenuRecord } from '../contract/menu.ts';
import { createAppMachine } from '../machines/app/app.machine.ts';
import { getLogRef, getRouteGuardRef, getSessionRef } from '../machines/app/selectors.ts';
import type { LogType } from '../machines/log/types.ts';
import type { RouteDescriptor } from '../machines/routeGuard/types.ts';
import type { StoredSession } from '../machines/session/types.ts';
import type { Api } from './api/types.ts';
import { takeInlinedBoot } from './boot.ts';
import { getSessionCookies } from './cookies.ts';
import { deferredLogic } from './deferred-logic.ts';
import type { HttpClient } from './http/types.ts';
import { t } from './i18n/index.ts';
import { createAppImplementations } from './implementations/app.ts';
import { createLogSink, subscribeToWindowErrors } from './implementations/log.ts';
import { createTokenPort, webLocksRefresh } from './implementations/session.ts';
import { startInspection } from './inspection.ts';
import { showNotice } from './notify.ts';
import { createPeerChannel } from './session-channel.ts';

/** What the charts need from the router (the UI's router host implements it). */
export type RouterBinding = {
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  patchRoutes(routes: RouteDescriptor[]): void;
  resetRoutes(): void;
};

/** The root actor, running the root chart with every effect bound. */
export type AppActorRef = ActorRefFrom<ReturnType<typeof createAppMachine>>;

export type AppSystem = {
  /**
   * Creates and starts the root actor (once; later calls return it), watched by the developer tools when
   * one is on (`?debug`, `?inspect`, development: src/services/inspection.ts).
   */
  start(): AppActorRef;
  /** The typed API (each call waits for the network chunk on first use). */
  api: Api;
  /** The http client, once the network chunk has loaded. */
  http(): Promise<HttpClient>;
  /**
   * Starts downloading the shell's chunk (its chart and effects) without running it, and loads the network
   * layer: the sign-in page calls it in idle time, the boot at once when a session is to be restored.
   */
  prefetchShell(): void;
  /** A settled router location, for the route guard. */
  reportLocation(location: { path: string; search: string }): void;
  /** A frontend log entry (e.g. a menu page whose view does not exist). */
  log(message: string, type?: LogType, meta?: unknown): void;
};

type LogSinkEntry = { message: string; type: LogType; meta?: unknown };

const now = () => Date.now();
const currentUrl = () => (typeof location === 'undefined' ? undefined : location.href);

/** The network layer: http client, API and menu cache, in their own chunk. */
function loadNetwork(deps: Parameters<typeof import('./http/app-client.ts').createAppHttpClient>[0]) {
  return Promise.all([
    import('./http/app-client.ts'),
    import('./api/api.ts'),
    import('./storage/menu-cache.ts'),
  ]).then(([client, api, menuCache]) => {
    const http = client.createAppHttpClient(deps);
    return { http, api: api.createApi(http), menuCache };
  });
}
type Network = Awaited<ReturnType<typeof loadNetwork>>;

const API_METHODS = [
  'getSettings',
  'getCaptchaEnabled',
  'getCaptcha',
  'login',
  'refreshToken',
  'logout',
  'getUserInfo',
  'getWebRouter',
  'getDictionaries',
  'getDictionary',
  'getDepartments',
] as const satisfies readonly (keyof Api)[];

/** An `Api` whose every method first waits for the network chunk. */
function deferredApi(network: () => Promise<Network>): Api {
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of API_METHODS) {
    api[name] = async (...args) => {
      const target = (await network()).api as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >;
      return target[name]?.(...args);
    };
  }
  return api as unknown as Api;
}

export function createAppSystem(router: RouterBinding): AppSystem {
  let root: AnyActorRef | undefined;
  let started = false;
  let lastLocation: { path: string; search: string } | undefined;
  const bufferedLogs: LogSinkEntry[] = [];
  let loaded: Network | undefined;
  let sessionTarget: string | undefined;

  // The session chart owns the token: the http client and the socket ask it through this port.
  const tokens = createTokenPort(() => (root ? getSessionRef(root) : undefined));
  const sendLog = (entry: LogSinkEntry) => {
    if (!started || !root) bufferedLogs.push(entry);
    else createLogSink(getLogRef(root), { now, currentUrl })(entry);
  };

  const cookies = getSessionCookies();
  // A token cookie at boot: a session to restore (which reads the menu cache of the network chunk).
  const restoring = !!cookies.getToken();
  // The network layer (its download and evaluation take tens of ms and ~55 KB) loads on first need: at once
  // with a session to restore; signed out, at the first API call or when the sign-in page prefetches the
  // shell (first touch, or a quiet while) — the page's own data (settings, captcha flag, first captcha)
  // comes inlined in /login's HTML from the reference server, so a visitor who only looks loads none of it.
  // A failed download is forgotten, so the next call tries again.
  let networkLoad: Promise<Network> | undefined;
  const network = (): Promise<Network> => {
    networkLoad ??= loadNetwork({ tokens, log: sendLog }).then((n) => {
      loaded = n;
      return n;
    });
    networkLoad.catch(() => {
      if (!loaded) networkLoad = undefined;
    });
    return networkLoad;
  };
  if (restoring) network().catch(() => undefined);
  const api = deferredApi(network);

  const logError = (effect: string) => (error: unknown) =>
    sendLog({
      message: `${effect} failed: ${error instanceof Error ? error.message : String(error)}`,
      type: 'danger',
    });

  const implementations = createAppImplementations({
    session: {
      api,
      cookies,
      // Read only after the network chunk is in (restoring waits for it, see below).
      menuCache: {
        read: () => loaded?.menuCache.readMenuCache(),
        write: (menus: MenuRecord[]) => void loaded?.menuCache.writeMenuCache(menus),
        clear: () => loaded?.menuCache.clearMenuCache(),
      },
      // Dexie stays out of the sign-in bundle: it loads only when a logout empties the local database.
      clearLocalDatabase: async () => {
        const { createLocalStore } = await import('./storage/local-store.ts');
        const store = createLocalStore({ getUuid: () => cookies.getUuid() });
        try {
          await store.clearAll();
        } finally {
          store.close();
        }
      },
      // The header search (and its index) arrives with a later issue.
      clearSearchIndex: () => {},
      navigate: (to, options) => {
        sessionTarget = to;
        router.navigate(to, options);
      },
      // The session navigates (to /login) and reloads in one step; the SPA navigation is asynchronous, so
      // a plain reload could reload the page being left. Load the page it asked for instead.
      reload: () => {
        if (sessionTarget) window.location.replace(sessionTarget);
        else window.location.reload();
      },
      notify: showNotice,
      log: (message, type) => sendLog({ message, type }),
      t: (key) => t(key),
      now,
      withRefreshLock: webLocksRefresh,
      // The console's other tabs: a sign-out, a refresh or a sign-in in one is followed by the others.
      peers: createPeerChannel(),
      takeBoot: takeInlinedBoot,
    },
    routeGuard: {
      navigate: (to, options) => router.navigate(to, options),
      patchRoutes: (routes) => router.patchRoutes(routes),
      resetRoutes: () => router.resetRoutes(),
    },
    log: { subscribeToGlobalErrors: subscribeToWindowErrors(window), now, currentUrl },
  });
  // The shell (its chart, its charts' effects, Dexie) is its own chunk: fetched ahead by `prefetchShell`,
  // loaded by the root's `loadShell` once a session exists, then invoked as `shell`.
  let shellModule: Promise<typeof import('./shell-system.ts')> | undefined;
  const importShell = () => {
    shellModule ??= import('./shell-system.ts');
    // A failed download may succeed on the retry (`app.retryShell`): forget it.
    shellModule.catch(() => {
      shellModule = undefined;
    });
    return shellModule;
  };
  let shellLogic: ReturnType<Awaited<ReturnType<typeof importShell>>['createShellSystem']> | undefined;
  const loadShell = fromPromise<void>(async () => {
    const m = await importShell();
    shellLogic ??= m.createShellSystem({
      navigate: (to, options) => router.navigate(to, options),
      getUuid: () => cookies.getUuid(),
      log: sendLog,
      logError,
      network: () => network().then((n) => n.http),
      // The socket's answer arrives as `socket.tokenRefreshed` (the root forwards `session.refreshed`).
      getToken: () => tokens.getAccess(),
      requestTokenRefresh: (token) => void tokens.refreshAfter401(token),
      toSession: (event) => {
        if (root) getSessionRef(root).send(event);
      },
    });
  });
  const shell = deferredLogic('the shell chart', () => shellLogic);

  // Restoring reads `sessionStorage.menuData` through the menu cache: run it once that module is in.
  const session = implementations.session;
  const readStoredSession = session?.actors?.readStoredSession;
  if (session?.actors && readStoredSession) {
    session.actors.readStoredSession = fromPromise<StoredSession>(async () => {
      // Signed out there is nothing to restore: the sign-in page does not wait for the network chunk.
      if (restoring) await network().catch(() => undefined);
      return toPromise(createActor(readStoredSession).start());
    });
  }

  // The developer tools (state panel, Stately inspector) watch every actor through one observer.
  const inspection = startInspection();

  const logic = createAppMachine({ ...implementations, app: { actors: { loadShell, shell } } });

  return {
    start() {
      if (root) return root as AppActorRef;
      const actor = createActor(logic, inspection ? { inspect: inspection.inspect } : undefined);
      // the token port and the log sink find the session and the log from the charts' first effects on
      root = actor;
      actor.start();
      started = true;
      for (const entry of bufferedLogs.splice(0)) sendLog(entry);
      if (lastLocation) getRouteGuardRef(actor).send({ type: 'route.requested', ...lastLocation });
      return actor;
    },
    api,
    http: () => network().then((n) => n.http),
    prefetchShell() {
      network().catch(() => undefined);
      importShell().catch(() => undefined);
    },
    reportLocation(location) {
      lastLocation = location;
      if (started && root) getRouteGuardRef(root).send({ type: 'route.requested', ...location });
    },
    log(message, type = 'info', meta) {
      sendLog(meta === undefined ? { message, type } : { message, type, meta });
    },
  };
}
