/** What views read from `routeGuard`. */
import type { SnapshotFrom } from 'xstate';
import { isForbiddenPath } from './paths.ts';
import type { routeGuardMachine } from './routeGuard.machine.ts';

export type RouteGuardSnapshot = SnapshotFrom<typeof routeGuardMachine>;

/** The menu routes exist: the layout can render its outlet (before that, a loading screen). */
export const selectAreRoutesReady = (s: RouteGuardSnapshot) => s.matches({ signedIn: 'ready' });
/** Signed in, routes not built yet (the navigation will be replayed). */
export const selectIsAwaitingMenus = (s: RouteGuardSnapshot) => s.matches({ signedIn: 'awaitingMenus' });
export const selectIsWaitingForSession = (s: RouteGuardSnapshot) => s.matches('waitingForSession');
/** The side-menu tree; its first entry is always the console (/index). */
export const selectAsideMenu = (s: RouteGuardSnapshot) => s.context.asideMenu;
/** Route descriptors to render (also what `patchRoutes` received). */
export const selectRoutes = (s: RouteGuardSnapshot) => s.context.routes;
/** The raw menu list (permission checks: `hasPermission(menus, path, value)`). */
export const selectMenuRecords = (s: RouteGuardSnapshot) => s.context.menus;
export const selectLocation = (s: RouteGuardSnapshot) => s.context.location;
/**
 * Which error page a path the router matched to no route shows: a console page the user's menus do not
 * grant is refused (403, the guard then moves to /403), anything else does not exist (404).
 */
export const selectRefusalOf = (s: RouteGuardSnapshot, path: string): 'forbidden' | 'notFound' =>
  isForbiddenPath(path, s.context.routes) ? 'forbidden' : 'notFound';
