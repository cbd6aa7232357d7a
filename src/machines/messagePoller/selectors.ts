import type { SnapshotFrom } from 'xstate';
import type { MessagePollerMachine } from './messagePoller.machine.ts';
import type { Message } from './types.ts';

type Snapshot = SnapshotFrom<MessagePollerMachine>;

/** Polling runs (signed in), whatever it is doing right now. */
export const selectIsPolling = (s: Snapshot): boolean => s.matches('active');

/** A message notification is open, so polling is paused. */
export const selectIsShowingMessage = (s: Snapshot): boolean => s.matches({ active: 'showing' });

/** The message on screen (or being marked read). */
export const selectCurrentMessage = (s: Snapshot): Message | null => s.context.message;

/** This backend has no message endpoint (stock dvadmin): polled only every few minutes. */
export const selectIsEndpointMissing = (s: Snapshot): boolean => s.matches({ active: 'unavailable' });

/** Polls are failing and backing off. */
export const selectIsBackingOff = (s: Snapshot): boolean => s.matches({ active: 'retrying' });
