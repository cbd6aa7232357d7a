import { type ComponentType, lazy, useCallback, useMemo, useState } from 'react';

/**
 * A lazily loaded component that can be loaded again: React keeps a failed `lazy()` failed, so a chunk that
 * did not arrive (the server down while it loaded) is imported anew on `retry`. Render it under an
 * ErrorBoundary keyed by `attempt`, so the retry also clears the boundary's error.
 */
export function useRetryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt is a new import
  const Component = useMemo(() => lazy(load), [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { Component, attempt, retry };
}
