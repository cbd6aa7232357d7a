import type { Overview } from '../../contract/support.ts';
import type { Reason } from '../shared/effects.ts';

export type { Overview, Reason };

export type OverviewContext = {
  overview: Overview | null;
  /** Why the first load failed (`failed`), or why the last refresh did (the old figures stay shown). */
  error: Reason | null;
  /** Items arrived while a request was on its way: its figures are already behind, so ask once more. */
  behind: boolean;
};

export type OverviewEvent =
  /** The socket delivered stored items: the counters moved. */
  | { type: 'overview.itemsArrived' }
  /** The user asked again (after a failure, or to refresh at once). */
  | { type: 'overview.retry' };

/** What `loadOverview` rejects with when the server refuses the caller or has no overview (the panel hides). */
export type OverviewLoadError = { message?: string; unavailable?: boolean };
