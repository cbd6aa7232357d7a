// The one rule for "the router settled on a page", shared by the router host (the route guard's locations)
// and the keep-alive outlet (the tabs chart's pages).
import type { createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;
type RouterState = DataRouter['state'];

/**
 * Calls `listener` with the router's state now and at every later settled state (no navigation pending) whose
 * `keyOf` differs from the last one reported, straight from the router (before React renders it). Returns
 * the unsubscribe.
 */
export function onSettled(
  router: DataRouter,
  keyOf: (state: RouterState) => string,
  listener: (state: RouterState) => void,
): () => void {
  let last: string | undefined;
  const report = (state: RouterState) => {
    if (state.navigation.state !== 'idle') return;
    const key = keyOf(state);
    if (key === last) return;
    last = key;
    listener(state);
  };
  report(router.state);
  return router.subscribe(report);
}
