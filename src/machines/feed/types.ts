/** Types of the feed chart (src/machines/feed/feed.machine.ts). */
import type { Item } from '../../contract/index.ts';
import type { Reason } from '../shared/effects.ts';

export type { Item, Reason };

export type FeedStats = { today: number; total: number };

export type FeedContext = {
  /** The latest page from `GET /xy/items/`, newest first (the list is never empty after a reload). */
  seed: Item[];
  stats: FeedStats | null;
  /** Ids already counted in `stats` (the seed's and those that arrived since), bounded. */
  counted: string[];
  seedError: Reason | null;
  statsError: Reason | null;
};

/** What the effects reject with: `unavailable` when the endpoint is missing or refused (card hidden). */
export type FeedLoadError = { message?: string; unavailable?: boolean };

export type FeedEvent =
  /** Items the socket just received (the socket chart's emitted `socket.items`). */
  | { type: 'feed.itemsArrived'; items: Item[] }
  /** The user asked to load again after a failure. */
  | { type: 'feed.retry' };
