import type { SnapshotFrom } from 'xstate';
import type { LiveListMachine } from './liveList.machine.ts';
import type { LiveRow } from './types.ts';

type Snapshot = SnapshotFrom<LiveListMachine>;

export type LiveMode = 'following' | 'paused' | 'reconnecting';

export const selectLiveMode = (s: Snapshot): LiveMode =>
  s.hasTag('reconnecting') ? 'reconnecting' : s.hasTag('paused') ? 'paused' : 'following';
/** The pill's count: new items kept while paused (also shown while reconnecting from paused). */
export const selectPendingCount = (s: Snapshot): number => s.context.pending.length;
/** Arrivals shown over the loaded page (src/machines/items/rows.ts `visibleRows`). */
export const selectArrived = (s: Snapshot): LiveRow[] => s.context.arrived;
export const selectLimit = (s: Snapshot): number => s.context.limit;
