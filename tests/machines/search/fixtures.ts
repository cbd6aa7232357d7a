/** Generated-path fixtures for the header search chart. */
import { searchMachine } from '../../../src/machines/search/search.machine.ts';
import { buildSearchIndex } from '../../../src/machines/search/searchIndex.ts';
import type { ChartFixture } from '../support/paths.ts';

const [entry] = buildSearchIndex([], { console: { title: '控制台', path: '/index' } });

export const searchFixture: ChartFixture = {
  machine: searchMachine,
  events: [
    { type: 'search.opened' },
    { type: 'search.toggled' },
    { type: 'search.closed' },
    { type: 'search.queryChanged', query: '部门' },
    { type: 'search.entryChosen', entry },
  ],
  summarize: (c: { query: string }) => ({ query: c.query !== '' }),
};
