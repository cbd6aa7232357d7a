/**
 * How views reach the children: `useActorRef()` of the app context, then `system.get(id)` with one of
 * these ids (stable for the app's life), then `useSelector(child, selectX)` with the child's selectors.
 */
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { logMachine } from '../log/log.machine.ts';
import type { routeGuardMachine } from '../routeGuard/routeGuard.machine.ts';
import type { sessionMachine } from '../session/session.machine.ts';

export const SYSTEM_IDS = {
  session: 'session',
  routeGuard: 'routeGuard',
  log: 'log',
  login: 'login',
} as const;

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type RouteGuardRef = ActorRefFrom<typeof routeGuardMachine>;
export type LogRef = ActorRefFrom<typeof logMachine>;

type SystemOwner = Pick<AnyActorRef, 'system'>;

export const getSessionRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.session) as SessionRef;
export const getRouteGuardRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.routeGuard) as RouteGuardRef;
export const getLogRef = (app: SystemOwner) => app.system.get(SYSTEM_IDS.log) as LogRef;
