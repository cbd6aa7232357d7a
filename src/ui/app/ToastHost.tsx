import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useRetryableLazy } from './retryable-lazy.ts';

const importToasts = () => import('./Toasts.tsx');
/** How long a container chunk that failed to load waits before it is fetched again. */
const RETRY_MS = 5_000;

/**
 * Mounts the toast container the first time something is toasted (the notification store is tiny; the
 * container brings Mantine). Toasts raised before it has loaded wait in the store — also when its chunk
 * fails to arrive (the first toast is often 断开连接, the server gone): it is fetched again a few seconds
 * later, and the console around it keeps running (this host sits outside the app's error boundary).
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const { Component: Toasts, attempt, retry } = useRetryableLazy(importToasts);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <ErrorBoundary key={attempt} fallback={() => null} onError={() => setTimeout(retry, RETRY_MS)}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}
