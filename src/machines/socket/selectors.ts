import type { SnapshotFrom } from 'xstate';
import type { SocketMachine } from './socket.machine.ts';
import type { ConnectionState, Item } from './types.ts';

type Snapshot = SnapshotFrom<SocketMachine>;

/**
 * The connection as the header's indicator shows it: `idle` (signed out), `connecting` (including while
 * waiting for a refreshed token), `connected`, `disconnected` or `connectionError` (both retrying).
 */
export const selectConnectionState = (s: Snapshot): ConnectionState => {
  if (s.hasTag('connected')) return 'connected';
  if (s.hasTag('connecting')) return 'connecting';
  if (s.hasTag('disconnected')) return 'disconnected';
  if (s.hasTag('connectionError')) return 'connectionError';
  return 'idle';
};

export const selectIsConnected = (s: Snapshot): boolean => s.hasTag('connected');

/** The live list for the workbench: newest first, at most 200. */
export const selectRecentItems = (s: Snapshot): Item[] => s.context.items;

/** Reconnect attempts since the last successful connect (0 while connected). */
export const selectReconnectAttempts = (s: Snapshot): number => s.context.backoffStep;
