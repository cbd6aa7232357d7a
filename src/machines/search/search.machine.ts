/**
 * Search: the header's search panel (seed §2 "Search hotkeys: s opens, esc closes"; §4 "The search overlay
 * toggles active"). The shell invokes it for its whole life (systemId `search`): the spotlight's opened
 * state and query are its state, the header's spotlight only draws them.
 *
 * Regions: one, `closed` ⇄ `open`. `search.opened` comes from the `s` hotkey or the header button,
 * `search.closed` from esc, the overlay or the button. Choosing an entry (`search.entryChosen`) runs
 * `openEntry` (bound by the services: navigate, or open an http(s) address in a new window) and closes. The query
 * is cleared on closing, so the panel always opens empty.
 *
 * Not modelled: the highlighted row (the spotlight's own keyboard state), the results (derived from the
 * query by the pure scorer in ./searchIndex.ts).
 */
import { assign, setup } from 'xstate';
import type { SearchEntry } from './searchIndex.ts';
import type { SearchEvent } from './types.ts';

export const searchMachine = setup({
  types: {
    context: {} as { query: string },
    events: {} as SearchEvent,
  },
  actions: {
    /** Navigate to the entry, or open its http(s) address in a new browser tab. */
    openEntry: (_, _params: { entry: SearchEntry }) => {},
    setQuery: assign({
      query: ({ event, context }) => (event.type === 'search.queryChanged' ? event.query : context.query),
    }),
    clearQuery: assign({ query: '' }),
  },
}).createMachine({
  id: 'search',
  context: { query: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'search.opened': 'open',
        'search.toggled': 'open',
      },
    },
    open: {
      exit: 'clearQuery',
      on: {
        'search.closed': 'closed',
        'search.toggled': 'closed',
        'search.queryChanged': { actions: 'setQuery' },
        'search.entryChosen': {
          target: 'closed',
          actions: { type: 'openEntry', params: ({ event }) => ({ entry: event.entry }) },
        },
      },
    },
  },
});

export type SearchMachine = typeof searchMachine;
