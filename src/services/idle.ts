/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs` (a short timeout where
 * `requestIdleCallback` is missing): work that must not compete with drawing the page.
 */
export function whenIdle(run: () => void, timeoutMs = 2_000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, Math.min(200, timeoutMs));
}
