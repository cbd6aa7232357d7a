/**
 * Feed: what the workbench adds to the socket chart's live list. The shell spawns it when the workbench
 * mounts (`shell.pageOpened`) and stops it when the page goes; effects are bound in
 * src/services/implementations/feed.ts.
 *
 * Regions (parallel, each `loading` → `loaded` | `failed`, `feed.retry` loads a failed one again, or
 * `unavailable` when the server has no such endpoint or refuses the user — a stock dvadmin has no
 * `/xy/items/*`: the card is not drawn, nothing is asked again, as the overview panel does):
 * - `seed`: the latest page of `GET /xy/items/`, so the list is not empty before the socket speaks;
 * - `stats`: `GET /xy/items/stats/` → today's and the total count, asked again every `statsRefreshInterval`.
 * `watchSocket` (invoked for the chart's life) turns the socket chart's emitted `socket.items` into
 * `feed.itemsArrived`, which adds each item not counted yet to both counts, so they move as items arrive
 * (a listing seen again — a duplicate's update — is not a new item).
 * Not modelled: the live list itself (the socket chart owns it; the view merges it with the seed), paging.
 */
import { assign, fromCallback, setup } from 'xstate';
import { isSeenAgain } from '../../contract/socket.ts';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type { FeedContext, FeedEvent, FeedLoadError, FeedStats, Item } from './types.ts';

/** How many counted ids the chart remembers (more than the live list and the seed hold together). */
export const MAX_COUNTED = 500;

const idOf = (item: Item) => String(item.id);

export const feedMachine = setup({
  types: { context: {} as FeedContext, events: {} as FeedEvent },
  actors: {
    loadLatest: notProvided<Item[]>('loadLatest'),
    loadStats: notProvided<FeedStats>('loadStats'),
    /** Sends `feed.itemsArrived` for every `socket.items`; a no-op without a socket. */
    watchSocket: fromCallback<FeedEvent>(() => () => {}),
  },
  delays: {
    /**
     * The counts are asked again now and then: items that arrived while the page was hidden (kept alive,
     * effects paused) or before the socket connected are counted by the server.
     */
    statsRefreshInterval: 60_000,
  },
  guards: {
    isUnavailable: ({ event }) => !!(event as { error?: FeedLoadError }).error?.unavailable,
  },
  actions: {
    countArrivals: assign(({ context, event }) => {
      if (event.type !== 'feed.itemsArrived') return {};
      const known = new Set(context.counted);
      // A listing seen again was counted when it was first stored.
      const arrivals = event.items.filter((item) => !isSeenAgain(item));
      const fresh = [...new Set(arrivals.map(idOf))].filter((id) => !known.has(id));
      if (!fresh.length) return {};
      const stats = context.stats && {
        today: context.stats.today + fresh.length,
        total: context.stats.total + fresh.length,
      };
      return { stats, counted: [...fresh, ...context.counted].slice(0, MAX_COUNTED) };
    }),
  },
}).createMachine({
  id: 'feed',
  context: { seed: [], stats: null, counted: [], seedError: null, statsError: null },
  invoke: { id: 'watchSocket', src: 'watchSocket' },
  on: { 'feed.itemsArrived': { actions: 'countArrivals' } },
  type: 'parallel',
  states: {
    seed: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadLatest',
            src: 'loadLatest',
            onDone: {
              target: 'loaded',
              actions: assign(({ context, event }) => ({
                seed: event.output,
                seedError: null,
                counted: [...new Set([...context.counted, ...event.output.map(idOf)])].slice(0, MAX_COUNTED),
              })),
            },
            onError: [
              { guard: 'isUnavailable', target: 'unavailable' },
              {
                target: 'failed',
                actions: assign({
                  seedError: ({ event }) => reasonFromError(event.error, 'feed:load_failed'),
                }),
              },
            ],
          },
        },
        loaded: {},
        failed: { on: { 'feed.retry': 'loading' } },
        unavailable: {},
      },
    },
    stats: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadStats',
            src: 'loadStats',
            onDone: {
              target: 'loaded',
              actions: assign({ stats: ({ event }) => event.output, statsError: null }),
            },
            onError: [
              { guard: 'isUnavailable', target: 'unavailable' },
              {
                target: 'failed',
                actions: assign({
                  statsError: ({ event }) => reasonFromError(event.error, 'feed:load_failed'),
                }),
              },
            ],
          },
        },
        loaded: { after: { statsRefreshInterval: 'loading' } },
        failed: { on: { 'feed.retry': 'loading' } },
        unavailable: {},
      },
    },
  },
});

export type FeedMachine = typeof feedMachine;
