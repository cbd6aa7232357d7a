/**
 * Pure helpers of the shell's per-user data: which route patterns a restored tab may use (the static routes
 * and the menu routes of the signed-in user), and the shape of the slices read from the local database.
 */
import type { MenuRecord } from '../../contract/index.ts';
import { buildRoutes } from '../routeGuard/menus.ts';
import { normalizePath, STATIC_ROUTES } from '../routeGuard/paths.ts';

/** What `readUserSlices` resolves with: the saved slices of the user now signed in, any shape (validated by the charts). */
export type UserSlices = { preferences: unknown; tabs: unknown };

/** Input of `readUserSlices`: the uuid cookie of the user (null → the store uses `ghost-uuid`). */
export type UserSlicesInput = { uuid: string | null };

/** Route patterns that exist once these menus are patched: restored tabs must match one of them. */
export function validTabPaths(menus: readonly MenuRecord[]): string[] {
  const menuPaths = buildRoutes(menus)
    .filter((route) => !route.isLink)
    .map((route) => normalizePath(route.path));
  return [...new Set([...STATIC_ROUTES.filter((p) => !p.includes('*')), ...menuPaths])];
}
