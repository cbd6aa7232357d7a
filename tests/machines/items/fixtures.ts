/** Fixture of the items live list chart for its generated paths (tests/machines/support/paths.ts). */
import { liveListMachine } from '../../../src/machines/items/liveList.machine.ts';
import type { LiveContext, LiveEvent } from '../../../src/machines/items/types.ts';
import type { ChartFixture } from '../support/paths.ts';

// Two items (one new, one the same id again at a new price), the query at the head, filtered and on page 2,
// a page holding item 1, the scroll position: enough for every guard; ids keep the context finite.
const liveEvents: LiveEvent[] = [
  { type: 'live.itemsArrived', items: [{ id: 1, title: 'iPhone 13', price: 2800 }] },
  { type: 'live.itemsArrived', items: [{ id: 1, title: 'iPhone 13', price: 2600 }] },
  { type: 'live.itemsArrived', items: [{ id: 2, title: 'Mate 60', price: 4200 }] },
  { type: 'live.connected' },
  { type: 'live.disconnected' },
  { type: 'live.queryChanged', filtered: false, firstPage: true, limit: 10 },
  { type: 'live.queryChanged', filtered: true, firstPage: true, limit: 10 },
  { type: 'live.queryChanged', filtered: false, firstPage: false, limit: 10 },
  { type: 'live.pageLoaded', ids: ['1'] },
  { type: 'live.scrolled', atTop: false },
  { type: 'live.scrolled', atTop: true },
  { type: 'live.showNew' },
];

export const liveFixture: ChartFixture = {
  machine: liveListMachine,
  events: liveEvents,
  inert: ['watchSocket', 'watchList'],
  summarize: (c: LiveContext) => ({
    arrived: c.arrived.map((r) => `${String(r.id)}:${String(r.price)}`),
    pending: c.pending.map((r) => `${String(r.id)}:${String(r.price)}`),
    page: c.pageIds,
    atTop: c.atTop,
    filtered: c.filtered,
    firstPage: c.firstPage,
  }),
  limit: 20_000,
};
