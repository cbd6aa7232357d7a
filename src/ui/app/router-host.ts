import { createBrowserRouter } from 'react-router';
import type { RouteDescriptor } from '../../machines/routeGuard/types.ts';
import { onSettled } from './router-settled.ts';
import { createRoutes, LAYOUT_ROUTE_ID } from './routes.tsx';
import { menuRoutes } from './views.ts';

type DataRouter = ReturnType<typeof createBrowserRouter>;
export type RouterLocation = { path: string; search: string };

export type RouterHostOptions = {
  /** Every settled location of the current router (the route guard decides on it). */
  onLocation: (location: RouterLocation) => void;
  /** A menu route whose view does not exist (or whose chunk failed or timed out: `error`). */
  onUnreachable: (descriptor: RouteDescriptor, error?: unknown) => void;
  createRouter?: () => DataRouter;
};

export type RouterHost = {
  current(): { router: DataRouter; generation: number };
  subscribe(listener: () => void): () => void;
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  patchRoutes(descriptors: readonly RouteDescriptor[]): void;
  /** Drops the menu routes: a new router replaces the old one (routes cannot be removed). */
  reset(): void;
};

/**
 * Owns the data router outside React (ARCHITECTURE.md: create routers outside React, replace rather than
 * mutate on a user change). The route guard's `navigate`, `patchRoutes` and `resetRoutes` land here, and
 * every settled location is reported back to it.
 */
export function createRouterHost(options: RouterHostOptions): RouterHost {
  const make = options.createRouter ?? (() => createBrowserRouter(createRoutes()));
  const listeners = new Set<() => void>();
  let router = make();
  // One object per router, so useSyncExternalStore sees a stable snapshot.
  let snapshot = { router, generation: 0 };
  let unsubscribe = watch(router);

  function watch(target: DataRouter) {
    return onSettled(
      target,
      ({ location }) => `${location.pathname}${location.search}`,
      ({ location }) => options.onLocation({ path: location.pathname, search: location.search }),
    );
  }

  return {
    current: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, navigateOptions) {
      void router.navigate(to, {
        replace: navigateOptions?.replace ?? false,
        ...(navigateOptions?.state === undefined ? {} : { state: navigateOptions.state }),
      });
    },
    patchRoutes(descriptors) {
      const routes = menuRoutes(descriptors, { onUnreachable: options.onUnreachable });
      if (routes.length) router.patchRoutes(LAYOUT_ROUTE_ID, routes);
    },
    reset() {
      const old = router;
      unsubscribe();
      router = make();
      snapshot = { router, generation: snapshot.generation + 1 };
      unsubscribe = watch(router);
      for (const listener of listeners) listener();
      old.dispose();
    },
  };
}
