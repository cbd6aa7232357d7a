/** Pure path rules of the route guard (seed §2, §4). */
import { CONSOLE_ROUTES } from './consoleRoutes.ts';
import type { RouteDescriptor, RouteLocation } from './types.ts';

// The values of src/contract/paths.ts (charts import the contract as types only; a test keeps them equal).
export const INDEX_PATH = '/index';
export const LOGIN_PATH = '/login';
export const LOGIN_FREE_PATHS = ['/login', '/auth-redirect', '/bind', '/register', '/oauth2'] as const;

export const NOT_FOUND_PATH = '/404';
/** A console page the signed-in user's menus do not grant. */
export const FORBIDDEN_PATH = '/403';

/**
 * Micro-frontend rule (seed §2): paths under this prefix belong to a sub-application mounted by the UI, so
 * they pass without a named route. The UI's router renders the host for it (src/ui/app/routes.tsx).
 */
export const MICRO_FRONTEND_PREFIX = '/micro/';

/**
 * Embedded links (a menu `is_link` with `frame_out: false`) open as a tab holding an iframe at
 * `/iframe/<menu id>`: a stable in-app path for the tab, the breadcrumbs and the permission check.
 */
export const IFRAME_PREFIX = '/iframe/';

/** Routes that exist without menus (ARCHITECTURE.md "Routing"); `*` matches the rest of the path. */
export const STATIC_ROUTES = [
  '/',
  INDEX_PATH,
  '/userInfo',
  '/userMessage',
  '/workbench',
  '/refresh',
  '/redirect/*',
  LOGIN_PATH,
  '/mobile',
  '/oauth2',
  NOT_FOUND_PATH,
  FORBIDDEN_PATH,
  `${MICRO_FRONTEND_PREFIX}*`,
] as const;

/** `/dept/` and `/dept` are the same page. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

export function isLoginFree(path: string): boolean {
  return (LOGIN_FREE_PATHS as readonly string[]).includes(normalizePath(path));
}

export function fullPathOf(location: RouteLocation): string {
  const search = location.search
    ? location.search.startsWith('?')
      ? location.search
      : `?${location.search}`
    : '';
  return `${location.path}${search === '?' ? '' : search}`;
}

/** `/login?redirect=<path+search>` (seed §4). */
export function loginUrlFor(location: RouteLocation | null): string {
  if (!location || normalizePath(location.path) === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPathOf(location))}`;
}

/**
 * The `redirect` query of a login URL when it is a safe in-app path: it starts with one `/` (no other
 * origin) and is not itself login-free (no loop back to /login).
 */
export function redirectParam(search: string): string | null {
  const value = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('redirect');
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return isLoginFree(value) ? null : value;
}

/** Where to go once signed in: the login page's `redirect` (or /index); any other page stays where it is. */
export function targetAfterSignIn(location: RouteLocation | null): string {
  if (!location) return INDEX_PATH;
  if (isLoginFree(location.path)) return redirectParam(location.search) ?? INDEX_PATH;
  return fullPathOf(location);
}

/** A route pattern matches a path: exact segments, `:param` segments, and a trailing `*` for the rest. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = normalizePath(pattern).split('/').filter(Boolean);
  const have = normalizePath(path).split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    if (segment === '*' && i === want.length - 1) return true;
    const actual = have[i];
    if (actual === undefined) return false;
    if (segment.startsWith(':')) continue;
    if (segment !== actual) return false;
  }
  return want.length === have.length;
}

/** A static route or one of the menu routes matches (external links are never routes). */
export function isKnownPath(path: string, routes: readonly RouteDescriptor[]): boolean {
  return (
    STATIC_ROUTES.some((pattern) => matchesPattern(pattern, path)) ||
    routes.some((route) => !route.isLink && matchesPattern(route.path, path))
  );
}

/**
 * A page of the console that the user's routes do not match: it exists (CONSOLE_ROUTES), the user may not
 * open it (403). Known paths are never forbidden.
 */
export function isForbiddenPath(
  path: string,
  routes: readonly RouteDescriptor[],
  consoleRoutes: readonly string[] = CONSOLE_ROUTES,
): boolean {
  return !isKnownPath(path, routes) && consoleRoutes.some((pattern) => matchesPattern(pattern, path));
}
