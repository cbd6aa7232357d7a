/**
 * Everything the root chart needs, from one set of deps:
 * `createActor(createAppMachine(createAppImplementations(deps)))`. Then, once the actor runs, bind the http
 * client to the session with `createTokenPort(() => getSessionRef(app))` and its log to
 * `createLogSink(getLogRef(app), …)`.
 */
import type { AppImplementations } from '../../machines/app/app.machine.ts';
import { createLogImplementations, type LogDeps } from './log.ts';
import { createRouteGuardImplementations, type RouteGuardDeps } from './routeGuard.ts';
import { createSessionImplementations, type SessionDeps } from './session.ts';

export type AppDeps = { session: SessionDeps; routeGuard: RouteGuardDeps; log: LogDeps };

export function createAppImplementations(deps: AppDeps): AppImplementations {
  return {
    session: createSessionImplementations(deps.session),
    routeGuard: createRouteGuardImplementations(deps.routeGuard),
    log: createLogImplementations(deps.log),
  };
}
