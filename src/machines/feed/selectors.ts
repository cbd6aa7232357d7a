/** What the workbench's feed card reads of the feed chart. */
import type { SnapshotFrom } from 'xstate';
import type { FeedMachine } from './feed.machine.ts';

type FeedSnapshot = SnapshotFrom<FeedMachine>;

export const selectFeedSeed = (s: FeedSnapshot) => s.context.seed;
export const selectFeedStats = (s: FeedSnapshot) => s.context.stats;
export const selectFeedLoading = (s: FeedSnapshot) => s.matches({ seed: 'loading' });
export const selectFeedError = (s: FeedSnapshot) => s.context.seedError ?? s.context.statsError;

/** The card is not drawn: `/xy/items/*` does not exist on this backend (or refuses the user). */
export const selectFeedHidden = (s: { matches(value: unknown): boolean }): boolean =>
  s.matches({ seed: 'unavailable' }) || s.matches({ stats: 'unavailable' });
