// Server-side API permission (CONTRACT.md, "Menus and permissions"). A route opts in with the
// `requirePermission(db)` preHandler (the CRUD kit adds it to every /api/system/<res>/ route; session,
// profile and init routes do not use it). A superuser always passes; anyone else passes only when the
// request's method and path match an API white-list entry or a button `(api pattern, method)` granted to
// one of their enabled roles. Otherwise: 4000 `您没有执行该操作的权限。 (POST: /api/system/dept/)`, as the
// stock backend words it (fixture dept_create_test_user_forbidden.json).
// A matching white-list entry with `enable_datasource = false` also lifts the data scope for that request.
// The check runs on every request; its inputs (the user's roles, the white list, the roles' button APIs) are
// kept in memory until a grants change is heard (server/http/granted.ts), and each pattern is compiled once.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { ApiError, refuse } from './envelope.ts';
import { grantedOf } from './granted.ts';
import type { AuthUser } from './types.ts';

/** dvadmin's METHOD_CHOICES, as stored in menu_button.method and api_white_list.method. */
export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const methodCode = (method: string) =>
  METHODS.indexOf(method.toUpperCase() as (typeof METHODS)[number]);

const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

const MAX_PATTERNS = 10_000;
const compiled = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const source = withSlash(pattern.split('?')[0]!.trim())
      .split(/(\{[^}]*\})/)
      .map((part) => (/^\{[^}]*\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`);
    if (compiled.size >= MAX_PATTERNS) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** `/api/system/dept/{id}/` matches `/api/system/dept/12/`; `{anything}` stands for one path segment. */
export function apiPatternMatches(pattern: string, path: string): boolean {
  return compile(pattern).test(withSlash(path));
}

export type PermissionResult = { allowed: boolean; dataScope: boolean };

export async function checkApiPermission(
  db: Db,
  user: AuthUser,
  method: string,
  path: string,
): Promise<PermissionResult> {
  if (user.is_superuser) return { allowed: true, dataScope: false };
  const code = methodCode(method === 'HEAD' ? 'GET' : method);
  const granted = grantedOf(db);
  const white = await granted.whiteList(code);
  const listed = white.filter((w) => apiPatternMatches(w.url, path));
  if (listed.length) return { allowed: true, dataScope: listed.every((w) => w.enable_datasource) };
  const apis = await granted.buttonApis(await granted.roleIds(user.id), code);
  return { allowed: apis.some((api) => apiPatternMatches(api, path)), dataScope: true };
}

const scopeLifted = new WeakMap<FastifyRequest, boolean>();

/** Whether the request's data scope was lifted by a white-list entry (enable_datasource = false). */
export const isDataScopeLifted = (request: FastifyRequest) => scopeLifted.get(request) === true;

export const permissionDenied = (method: string, path: string) =>
  new ApiError(4000, (locale) =>
    locale === 'en'
      ? `You do not have permission to perform this action. (${method}: ${path})`
      : `您没有执行该操作的权限。 (${method}: ${path})`,
  );

/** A route preHandler enforcing the API permission; runs after authentication. */
export function requirePermission(db: Db) {
  return async function permission(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user) throw refuse('auth.notProvided');
    const path = request.url.split('?')[0]!;
    const result = await checkApiPermission(db, user, request.method, path);
    if (!result.allowed) throw permissionDenied(request.method, path);
    if (!result.dataScope) scopeLifted.set(request, true);
  };
}
