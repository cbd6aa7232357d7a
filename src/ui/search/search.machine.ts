/**
 * Search: the header's search panel (seed §2 "Search hotkeys: s opens, esc closes"; §4 "The search overlay
 * toggles active"). A view-local chart: the spotlight's opened state and query are its state, the
 * spotlight only draws them.
 *
 * Regions: one, `closed` ⇄ `open`. `search.opened` comes from the `s` hotkey or the header button,
 * `search.closed` from esc, the overlay or the button. Choosing an entry (`search.entryChosen`) runs
 * `openEntry` (the container navigates, or opens an http(s) address in a new window) and closes. The query
 * is cleared on closing, so the panel always opens empty.
 *
 * Not modelled: the highlighted row (the spotlight's own keyboard state), the results (derived from the
 * query by the pure scorer in ./index.ts).
 */
import { assign, setup } from 'xstate';
import type { SearchEntry } from './index.ts';

export type SearchEvent =
  | { type: 'search.opened' }
  | { type: 'search.toggled' }
  | { type: 'search.closed' }
  | { type: 'search.queryChanged'; query: string }
  | { type: 'search.entryChosen'; entry: SearchEntry };

export const searchMachine = setup({
  types: {
    context: {} as { query: string },
    events: {} as SearchEvent,
  },
  actions: {
    /** Navigate to the entry, or open its http(s) address in a new window. */
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

export const selectIsSearchOpen = (s: { matches: (v: 'open') => boolean }) => s.matches('open');
export const selectSearchQuery = (s: { context: { query: string } }) => s.context.query;
