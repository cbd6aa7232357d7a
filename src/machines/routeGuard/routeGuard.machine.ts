/**
 * Route guard: decides where the router may go; react-router executes through the injected `navigate`,
 * `patchRoutes` and `resetRoutes` effects (systemId `routeGuard`).
 *
 * Lifecycle: `waitingForSession` (locations are noted until `app` forwards the session's answer) →
 * `signedOut` or `signedIn`.
 * - `signedOut`: login-free paths (/login, /auth-redirect, /bind, /register, /oauth2) pass; any other path
 *   goes to `/login?redirect=<path+search>`.
 * - `signedIn.awaitingMenus`: a token exists but the routes do not; the wanted location is kept (`pending`:
 *   the login page's `redirect`, else /index; a deep link stays itself). A login-free page is left for
 *   `pending` at once (on `route.signedIn`, and whenever one is requested meanwhile): the login form has done
 *   its work, and the shell at the target shows the start-up's progress, or its error screen with retry and
 *   sign-out when a start-up load fails (which never hands over menus). When the session's start-up hands
 *   over the menus (`route.menusLoaded`, once per sign-in), the routes are built and patched, the side menu
 *   is built from the visible entries, and the pending navigation is replayed (or, when no route matches
 *   it, the router goes to /403 or /404 as below).
 *   The router keeps what it matched before the patch (a menu page's deep link matched the layout's
 *   catch-all 404) until the replayed navigation is rendered; the layout shows its loader meanwhile
 *   (src/ui/shell/ShellRoute.tsx), so a stale 404 is never drawn.
 * - `signedIn.ready`: a known path (static or menu route) passes; a console page the user's menus do not
 *   grant goes to /403 (the guard knows every page of the console, CONSOLE_ROUTES in consoleRoutes.ts,
 *   and compares it with the user's routes); any other unknown path goes to /404; a login-free page goes on
 *   to the login page's `redirect` or /index (the `login` chart only exists while signed out). Both error
 *   pages are static routes inside the layout, so they show with the header and the menus.
 * Live permissions: `route.menusChanged` in `ready` (the menus fetched again) rebuilds routes, side menu and
 * the menus the button checks read, and patches the new routes in; nothing navigates.
 * Losing the session (`route.signedOut`) drops the routes (`resetRoutes`: the UI builds a new router,
 * routes cannot be removed) and sends a protected page to /login with its redirect.
 *
 * The menus themselves (fetch, `menuData` cache fallback) are loaded by `session`'s start-up.
 * The UI reports every location with `route.requested` (also the ones the guard itself caused).
 * Every state and transition is taken by the generated paths (no exceptions).
 * Paths under the micro-frontend prefix (`/micro/…`) are static routes: they pass without a name.
 * Not modelled: component resolution (the UI's registry logs and skips a view it
 * cannot resolve), blocking a navigation before it happens (the guard corrects it right after).
 */
import { assign, setup } from 'xstate';
import type { MenuRecord } from '../../contract/index.ts';
import { buildAsideMenu, buildRoutes } from './menus.ts';
import {
  FORBIDDEN_PATH,
  isForbiddenPath,
  isKnownPath,
  isLoginFree,
  loginUrlFor,
  NOT_FOUND_PATH,
  targetAfterSignIn,
} from './paths.ts';
import type { RouteDescriptor, RouteGuardContext, RouteGuardEvent, RouteLocation } from './types.ts';

type Args = { context: RouteGuardContext; event: RouteGuardEvent };

const requestedLocation = (event: RouteGuardEvent): RouteLocation | null =>
  event.type === 'route.requested' ? { path: event.path, search: event.search ?? '' } : null;

const toLogin = {
  type: 'navigate',
  params: ({ context }: Args) => ({ to: loginUrlFor(context.location), replace: true }),
} as const;
const toPending = {
  type: 'navigate',
  params: ({ context }: Args) => ({
    to: context.pending ?? targetAfterSignIn(context.location),
    replace: true,
  }),
} as const;
const toNotFound = { type: 'navigate', params: { to: NOT_FOUND_PATH, replace: true } } as const;
const toForbidden = { type: 'navigate', params: { to: FORBIDDEN_PATH, replace: true } } as const;
const leavingSession = ['clearMenus', 'resetRoutes'] as const;
const routesArrive = [
  {
    type: 'storeMenus',
    params: ({ event }: Args) =>
      event.type === 'route.menusLoaded' || event.type === 'route.menusChanged' ? event.menus : [],
  },
  { type: 'patchRoutes', params: ({ context }: Args) => ({ routes: context.routes }) },
] as const;
/**
 * A session begins: the navigation to replay is planned, and a login-free page (the login form that just
 * signed in, or a reload of it) is left at once for its redirect, so the shell shows the start-up's progress
 * or its error screen there instead of the login page waiting for menus that may never come.
 */
const signingIn = [
  { guard: 'isAtLoginFreePath', target: 'signedIn', actions: ['planReplay', toPending] },
  { target: 'signedIn', actions: 'planReplay' },
] as const;

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
  },
  actions: {
    /** Ask the router to go somewhere (`replace`: the corrected location replaces the refused one). */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    /** Add the menu routes under the layout route. */
    patchRoutes: (_, _params: { routes: RouteDescriptor[] }) => {},
    /** Forget the menu routes (the UI creates a fresh router). */
    resetRoutes: () => {},

    storeLocation: assign({ location: ({ context, event }) => requestedLocation(event) ?? context.location }),
    planReplay: assign({ pending: ({ context }) => targetAfterSignIn(context.location) }),
    storeMenus: assign((_, menus: MenuRecord[]) => ({
      menus,
      routes: buildRoutes(menus),
      asideMenu: buildAsideMenu(menus),
    })),
    forgetPending: assign({ pending: null }),
    clearMenus: assign({ menus: [], routes: [], asideMenu: [], pending: null }),
  },
  guards: {
    isLoginFreeRequest: ({ event }) => event.type === 'route.requested' && isLoginFree(event.path),
    isKnownRequest: ({ context, event }) =>
      event.type === 'route.requested' && isKnownPath(event.path, context.routes),
    /** The navigation to replay matches a route once these menus are in. */
    isReplayKnown: ({ context, event }) =>
      event.type === 'route.menusLoaded' &&
      isKnownPath(context.pending ?? targetAfterSignIn(context.location), buildRoutes(event.menus)),
    /** The requested path is a console page these menus do not grant (it exists: 403, not 404). */
    isForbiddenRequest: ({ context, event }) =>
      event.type === 'route.requested' && isForbiddenPath(event.path, context.routes),
    /** The navigation to replay is a console page these menus do not grant. */
    isReplayForbidden: ({ context, event }) =>
      event.type === 'route.menusLoaded' &&
      isForbiddenPath(context.pending ?? targetAfterSignIn(context.location), buildRoutes(event.menus)),
    /** The router is on a login-free page (the login form). */
    isAtLoginFreePath: ({ context }) => context.location !== null && isLoginFree(context.location.path),
    /** The router is on a page that needs a session. */
    isAtProtectedPath: ({ context }) => context.location !== null && !isLoginFree(context.location.path),
  },
}).createMachine({
  id: 'routeGuard',
  context: { location: null, pending: null, menus: [], routes: [], asideMenu: [] },
  initial: 'waitingForSession',
  states: {
    waitingForSession: {
      on: {
        'route.requested': { actions: 'storeLocation' },
        'route.signedIn': signingIn,
        'route.signedOut': [
          { guard: 'isAtProtectedPath', target: 'signedOut', actions: toLogin },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      on: {
        'route.requested': [
          { guard: 'isLoginFreeRequest', actions: 'storeLocation' },
          { actions: ['storeLocation', toLogin] },
        ],
        'route.signedIn': signingIn,
      },
    },
    signedIn: {
      initial: 'awaitingMenus',
      on: {
        'route.signedOut': [
          { guard: 'isAtProtectedPath', target: 'signedOut', actions: [...leavingSession, toLogin] },
          { target: 'signedOut', actions: leavingSession },
        ],
      },
      states: {
        awaitingMenus: {
          on: {
            'route.requested': [
              // The login form is gone: on to its redirect at once (the shell waits for the menus there).
              { guard: 'isLoginFreeRequest', actions: ['storeLocation', 'planReplay', toPending] },
              { actions: ['storeLocation', 'planReplay'] },
            ],
            'route.menusLoaded': [
              {
                guard: 'isReplayKnown',
                target: 'ready',
                actions: [...routesArrive, toPending, 'forgetPending'],
              },
              // A deep link to a console page the user may not open: /403, as once the routes exist.
              {
                guard: 'isReplayForbidden',
                target: 'ready',
                actions: [...routesArrive, toForbidden, 'forgetPending'],
              },
              // A deep link that no route matches: /404, as for any unknown path once the routes exist.
              { target: 'ready', actions: [...routesArrive, toNotFound, 'forgetPending'] },
            ],
          },
        },
        ready: {
          on: {
            // Live permissions: new routes are patched in, and from now on a revoked one is refused (/403)
            // like any console page not granted (react-router cannot remove routes). Leaving a revoked
            // page is the tabs chart's part (its tab closes and the next one shows).
            'route.menusChanged': { actions: routesArrive },
            'route.requested': [
              // Signed in on a login-free page (the login form is gone): on to its redirect or /index.
              { guard: 'isLoginFreeRequest', actions: ['storeLocation', toPending] },
              { guard: 'isKnownRequest', actions: 'storeLocation' },
              { guard: 'isForbiddenRequest', actions: ['storeLocation', toForbidden] },
              { actions: ['storeLocation', toNotFound] },
            ],
          },
        },
      },
    },
  },
});
