// The phones list follows presence live: the socket chart emits `socket.phone` when the server pushes a
// phone going online or offline, and the list reloads (the row's badge, last seen and telemetry with it).
// Rendered in the toolbar, where the kit hands the list's reload.
import { useEffect } from 'react';
import type { PhoneState } from '../../../../contract/socket.ts';

/** The slice of the socket chart the page listens to (its emitted `socket.phone`). */
export type PhoneEventsSource = {
  on(type: 'socket.phone', handler: (event: { phone: PhoneState }) => void): { unsubscribe(): void };
};

export function LivePresence({
  source,
  onChange,
}: {
  source: PhoneEventsSource | undefined;
  onChange(): void;
}) {
  useEffect(() => {
    const subscription = source?.on('socket.phone', () => onChange());
    return () => subscription?.unsubscribe();
  }, [source, onChange]);
  return null;
}
