import { notifications } from '@mantine/notifications';
import type { LogEntry, LogFn, Notice, NotifyFn, NotifyKind } from './http/types.ts';

/**
 * Toasts through Mantine's notification store, callable outside React (the `<Notifications />` container
 * mounted by the UI renders them). Errors last 5 s (seed §8, §9).
 */
export type { LogEntry, LogFn, Notice, NotifyFn, NotifyKind };

export const TOAST_DURATION_MS = 5000;

export const NOTICE_COLOR: Record<NotifyKind, string> = {
  error: 'red',
  warning: 'orange',
  info: 'blue',
  success: 'teal',
};

export const showNotice: NotifyFn = ({ kind, message, durationMs, replaces }) => {
  // Mantine ignores a second notification with an id it shows: the old one goes first.
  if (replaces) notifications.hide(replaces);
  notifications.show({
    ...(replaces ? { id: replaces } : {}),
    color: NOTICE_COLOR[kind],
    message,
    autoClose: durationMs > 0 ? durationMs : false,
    withCloseButton: true,
  });
};

/** Convenience: an error toast of the standard length. */
export function showError(message: string, durationMs = TOAST_DURATION_MS): void {
  showNotice({ kind: 'error', message, durationMs });
}
