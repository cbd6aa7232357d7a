/**
 * Binds the `routeGuard` chart to the router:
 * `routeGuardMachine.provide(createRouteGuardImplementations(deps))`. The chart decides; these run the decisions on react-router (`router.navigate`, `router.patchRoutes`, and a
 * fresh router on reset since routes cannot be removed).
 */
import type { routeGuardMachine } from '../../machines/routeGuard/routeGuard.machine.ts';
import type { RouteDescriptor } from '../../machines/routeGuard/types.ts';
import { type EffectErrorHandler, guarded } from './effects.ts';

export type RouteGuardDeps = {
  /** The router's navigate; the guard always replaces (a refused location leaves no history entry). */
  navigate(to: string, options: { replace: boolean }): void;
  /** Adds the menu routes under the layout route (components resolved through the view registry). */
  patchRoutes(routes: RouteDescriptor[]): void;
  /** Drops the menu routes (the UI renders a new router under a new key). */
  resetRoutes(): void;
  onError?: EffectErrorHandler;
};

type RouteGuardImplementations = Parameters<(typeof routeGuardMachine)['provide']>[0];

export function createRouteGuardImplementations(deps: RouteGuardDeps) {
  const onError = deps.onError ?? ((error, effect) => console.error(`[routeGuard] ${effect} failed`, error));
  return {
    actions: {
      navigate: guarded(
        'navigate',
        (_: unknown, params: { to: string; replace: boolean }) =>
          deps.navigate(params.to, { replace: params.replace }),
        onError,
      ),
      patchRoutes: guarded(
        'patchRoutes',
        (_: unknown, params: { routes: RouteDescriptor[] }) => deps.patchRoutes(params.routes),
        onError,
      ),
      resetRoutes: guarded('resetRoutes', () => deps.resetRoutes(), onError),
    },
  } satisfies RouteGuardImplementations;
}
