/**
 * Overview: the operator's figures on the workbench (`GET /xy/overview/`), one chart per mounted workbench.
 *
 * `loading` (first ask) → `ready` with the figures | `failed` (`overview.retry` asks again) | `hidden` when
 * the overview is unavailable — the server refuses the caller (no permission) or has no such endpoint (a
 * stock dvadmin, the demo): the panel is not drawn and nothing is asked again.
 * `ready` asks again — `refreshing`, the old figures stay on screen — every `refreshInterval` and whenever
 * the socket reports stored items (`overview.itemsArrived`, bound by `watchItems`) or the user asks.
 * Items arriving while a request is on its way mark the figures `behind`, and one more request follows
 * (bursts cost at most two requests). A failed refresh keeps the old figures with the reason beside them.
 * Not modelled: pausing while the tab is hidden (the kept-alive page's interval is cheap: one small query).
 */
import { assign, fromCallback, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type { Overview, OverviewContext, OverviewEvent, OverviewLoadError } from './types.ts';

export const OVERVIEW_REFRESH_MS = 30_000;

export const overviewMachine = setup({
  types: { context: {} as OverviewContext, events: {} as OverviewEvent },
  actors: {
    loadOverview: notProvided<Overview>('loadOverview'),
    /** Sends `overview.itemsArrived` for every `socket.items`; a no-op without a socket. */
    watchItems: fromCallback<OverviewEvent>(() => () => {}),
  },
  guards: {
    isUnavailable: ({ event }) => !!(event as { error?: OverviewLoadError }).error?.unavailable,
    isBehind: ({ context }) => context.behind,
  },
  actions: {
    markBehind: assign({ behind: true }),
    storeOverview: assign(({ event }) => ({
      overview: (event as unknown as { output: Overview }).output,
      error: null,
      behind: false,
    })),
    storeError: assign(({ event }) => ({
      error: reasonFromError((event as { error?: unknown }).error, 'overview:load_failed'),
      behind: false,
    })),
  },
  delays: { refreshInterval: OVERVIEW_REFRESH_MS },
}).createMachine({
  id: 'overview',
  context: { overview: null, error: null, behind: false },
  invoke: { id: 'watchItems', src: 'watchItems' },
  initial: 'loading',
  states: {
    loading: {
      on: { 'overview.itemsArrived': { actions: 'markBehind' } },
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: [
          { guard: 'isBehind', target: 'refreshing', actions: 'storeOverview' },
          { target: 'ready', actions: 'storeOverview' },
        ],
        onError: [
          { guard: 'isUnavailable', target: 'hidden' },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    ready: {
      after: { refreshInterval: 'refreshing' },
      on: { 'overview.itemsArrived': 'refreshing', 'overview.retry': 'refreshing' },
    },
    refreshing: {
      on: { 'overview.itemsArrived': { actions: 'markBehind' } },
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: [
          { guard: 'isBehind', target: 'refreshing', reenter: true, actions: 'storeOverview' },
          { target: 'ready', actions: 'storeOverview' },
        ],
        onError: [
          { guard: 'isUnavailable', target: 'hidden' },
          { target: 'ready', actions: 'storeError' },
        ],
      },
    },
    failed: { on: { 'overview.retry': 'loading' } },
    hidden: {},
  },
});

export type OverviewMachine = typeof overviewMachine;
