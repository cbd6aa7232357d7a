/** Types of the header search chart (src/machines/search/search.machine.ts). */
import type { SearchEntry } from './searchIndex.ts';

export type { SearchEntry };

export type SearchEvent =
  | { type: 'search.opened' }
  | { type: 'search.toggled' }
  | { type: 'search.closed' }
  | { type: 'search.queryChanged'; query: string }
  | { type: 'search.entryChosen'; entry: SearchEntry };
