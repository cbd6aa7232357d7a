/**
 * Items live list (id `itemsLive`): what the /items page does with the socket's `items` over the CRUD list
 * chart (crudList) that owns the table's query, page, rows, pager, deletes and export. One per mounted page.
 *
 * States:
 * - `live.following`: the operator sees the head of the list (first page, no search or filter, scrolled to
 *   the top). Arrivals are prepended to the visible page (capped at the page size; a known id — the same
 *   url seen again — updates its row in place).
 * - `live.paused`: the operator scrolled away from the top, changed page or has a search/filter. Arrivals
 *   already shown update their row; new ones are kept and counted (the "N new" pill). `live.showNew` (the
 *   pill) shows them: at the head it scrolls up and prepends them; otherwise it also clears the filters and
 *   goes to page 1 (`showFirstPage`: the list reloads, the server's page holds them). Coming back to the head
 *   by itself (scrolled up, no filter, page 1) shows them too. `always` moves between the two as the query
 *   and the scroll position change.
 * - `reconnecting`: the socket is not connected (arrivals cannot come). `live.connected` reloads the list
 *   (`reloadList`: nothing missed while away) and returns to following, or to paused when the operator is
 *   still away from the head (the pill keeps its count).
 *
 * `live.resuming` (transient) picks following or paused at start and after a reconnect. The socket watcher
 * tells the chart at once when the socket is not connected.
 * Effects are placeholders bound by src/ui/views/xy/items/live.implementations.ts. Not modelled: items
 * missed while offline are not counted by the pill (the reload shows what the current query holds).
 */
import { and, assign, fromCallback, not, setup } from 'xstate';
import { MAX_ARRIVED, MAX_PENDING, shownIds, splitArrivals, upsertNewestFirst, withoutPage } from './rows.ts';
import type { LiveContext, LiveEvent } from './types.ts';

export const liveListMachine = setup({
  types: { context: {} as LiveContext, events: {} as LiveEvent },
  actors: {
    /** Sends `live.itemsArrived`, `live.connected` / `live.disconnected` from the socket chart. */
    watchSocket: fromCallback<LiveEvent>(() => () => {}),
    /** Sends `live.queryChanged` and `live.pageLoaded` from the list chart. */
    watchList: fromCallback<LiveEvent>(() => () => {}),
  },
  actions: {
    /** `list.reload`: the current page again. */
    reloadList: () => {},
    /** `list.searched {}`: no filters, page 1 (the search form shows it empty). */
    showFirstPage: () => {},
    /** Scrolls the table's page to its top. */
    scrollToTop: () => {},
    prependArrivals: assign({
      arrived: ({ context, event }) =>
        event.type === 'live.itemsArrived'
          ? upsertNewestFirst(context.arrived, event.items, MAX_ARRIVED)
          : context.arrived,
    }),
    holdArrivals: assign(({ context, event }) => {
      if (event.type !== 'live.itemsArrived') return {};
      const { known, fresh } = splitArrivals(event.items, shownIds(context.pageIds, context.arrived));
      return {
        arrived: known.length ? upsertNewestFirst(context.arrived, known, MAX_ARRIVED) : context.arrived,
        pending: fresh.length ? upsertNewestFirst(context.pending, fresh, MAX_PENDING) : context.pending,
      };
    }),
    /** The pill's items join the arrivals above the page. */
    releasePending: assign(({ context }) => ({
      arrived: upsertNewestFirst(context.arrived, [...context.pending].reverse(), MAX_ARRIVED),
      pending: [],
    })),
    /** The pill's items come with the first page the list is loading. */
    dropPending: assign({ pending: [], arrived: [], atTop: true, filtered: false, firstPage: true }),
    markAtTop: assign({ atTop: true }),
    storeQuery: assign(({ event }) =>
      event.type === 'live.queryChanged'
        ? { filtered: event.filtered, firstPage: event.firstPage, limit: event.limit, arrived: [] }
        : {},
    ),
    storePage: assign(({ context, event }) =>
      event.type === 'live.pageLoaded'
        ? {
            pageIds: event.ids,
            arrived: withoutPage(context.arrived, event.ids),
            pending: withoutPage(context.pending, event.ids),
          }
        : {},
    ),
    storeScroll: assign({
      atTop: ({ context, event }) => (event.type === 'live.scrolled' ? event.atTop : context.atTop),
    }),
  },
  guards: {
    isAtTop: ({ context }) => context.atTop,
    /** The query is the head of the list: first page, no search or filter. */
    isQueryAtHead: ({ context }) => context.firstPage && !context.filtered,
  },
}).createMachine({
  id: 'itemsLive',
  context: {
    arrived: [],
    pending: [],
    pageIds: [],
    atTop: true,
    filtered: false,
    firstPage: true,
    limit: 10,
  },
  invoke: [
    { id: 'watchSocket', src: 'watchSocket' },
    { id: 'watchList', src: 'watchList' },
  ],
  on: {
    'live.queryChanged': { actions: 'storeQuery' },
    'live.pageLoaded': { actions: 'storePage' },
    'live.scrolled': { actions: 'storeScroll' },
  },
  initial: 'live',
  states: {
    live: {
      on: { 'live.disconnected': 'reconnecting' },
      initial: 'resuming',
      states: {
        // Transient: at start and after a reconnect, following at the head, else paused (keeping the pill).
        resuming: {
          always: [{ guard: and(['isAtTop', 'isQueryAtHead']), target: 'following' }, { target: 'paused' }],
        },
        following: {
          tags: ['following'],
          // Items kept by the pill (or while reconnecting from paused) are shown on coming back.
          entry: 'releasePending',
          always: { guard: not(and(['isAtTop', 'isQueryAtHead'])), target: 'paused' },
          on: { 'live.itemsArrived': { actions: 'prependArrivals' } },
        },
        paused: {
          tags: ['paused'],
          always: { guard: and(['isAtTop', 'isQueryAtHead']), target: 'following' },
          on: {
            'live.itemsArrived': { actions: 'holdArrivals' },
            'live.showNew': [
              {
                guard: 'isQueryAtHead',
                target: 'following',
                actions: ['scrollToTop', 'markAtTop'],
              },
              { target: 'following', actions: ['showFirstPage', 'scrollToTop', 'dropPending'] },
            ],
          },
        },
      },
    },
    reconnecting: {
      tags: ['reconnecting'],
      on: { 'live.connected': { target: 'live', actions: 'reloadList' } },
    },
  },
});

export type LiveListMachine = typeof liveListMachine;
