import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toasts = lazy(() => import('./Toasts.tsx'));

/**
 * Mounts the toast container the first time something is toasted (the notification store is tiny; the
 * container brings Mantine). Toasts raised before it has loaded wait in the store.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
