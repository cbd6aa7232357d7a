/**
 * Log: the frontend log behind the header badge (systemId `log`).
 *
 * Regions: one, `empty` ⇄ `listing`. Entries arrive as `log.recorded`: from the http client's log sink,
 * and from `watchGlobalErrors` (invoked for the chart's whole life: window errors and unhandled
 * rejections). The list keeps the latest 500; each entry is stamped with the current user (`app` forwards
 * `log.userChanged` from `session`). Time and url are stamped by the feeders, keeping the chart pure.
 *
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: persistence (the log lives as long as the page), upload of entries to a server.
 */
import { assign, fromCallback, setup } from 'xstate';
import { appendEntry, toEntry } from './entries.ts';
import type { LogContext, LogEvent } from './types.ts';

export const logMachine = setup({
  types: {
    context: {} as LogContext,
    events: {} as LogEvent,
  },
  actors: {
    /** Sends `log.recorded` for window errors and unhandled rejections until stopped. */
    watchGlobalErrors: fromCallback<LogEvent>(() => () => {}),
  },
  actions: {
    record: assign({
      entries: ({ context, event }) =>
        event.type === 'log.recorded'
          ? appendEntry(context.entries, toEntry(event.entry, context.user))
          : context.entries,
    }),
    clear: assign({ entries: [] }),
    setUser: assign({
      user: ({ context, event }) => (event.type === 'log.userChanged' ? event.user : context.user),
    }),
  },
}).createMachine({
  id: 'log',
  context: { entries: [], user: null },
  invoke: { id: 'watchGlobalErrors', src: 'watchGlobalErrors' },
  on: { 'log.userChanged': { actions: 'setUser' } },
  initial: 'empty',
  states: {
    empty: {
      on: { 'log.recorded': { target: 'listing', actions: 'record' } },
    },
    listing: {
      on: {
        'log.recorded': { actions: 'record' },
        'log.cleared': { target: 'empty', actions: 'clear' },
      },
    },
  },
});
