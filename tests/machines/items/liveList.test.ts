// The live list's rules (src/machines/items/rows.ts) and the chart's behaviour (liveList.machine.ts) as the
// /items page relies on them: dedupe by id, the cap, the pill's count, following / paused / reconnecting.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { liveListMachine } from '../../../src/machines/items/liveList.machine.ts';
import {
  MAX_ARRIVED,
  MAX_PENDING,
  pendingLabel,
  upsertNewestFirst,
  visibleRows,
} from '../../../src/machines/items/rows.ts';
import { selectLiveMode, selectPendingCount } from '../../../src/machines/items/selectors.ts';
import type { LiveEvent, LiveRow } from '../../../src/machines/items/types.ts';

const item = (id: number, price = 100): LiveRow => ({ id, title: `item ${id}`, price });
const page = (...ids: number[]) => ids.map((id) => item(id));

describe('live list rules', () => {
  it('an item that arrives again with a new price updates its row, not a second row', () => {
    const list = upsertNewestFirst([], [item(1), item(2)], 10);
    const again = upsertNewestFirst(list, [item(1, 80)], 10);
    expect(again.map((r) => [r.id, r.price])).toEqual([
      [2, 100],
      [1, 80],
    ]);
  });

  it('arrivals come newest first (the server sends a batch oldest first)', () => {
    expect(upsertNewestFirst([item(1)], [item(2), item(3)], 10).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('the visible page is capped at the page size: older rows fall to page 2', () => {
    const rows = visibleRows([item(12), item(11)], page(10, 9, 8), 4);
    expect(rows.map((r) => r.id)).toEqual([12, 11, 10, 9]);
  });

  it('an arrival for a row on the page updates that row where it stands', () => {
    const rows = visibleRows([item(9, 50)], page(10, 9, 8), 10);
    expect(rows.map((r) => [r.id, r.price])).toEqual([
      [10, 100],
      [9, 50],
      [8, 100],
    ]);
  });

  it('the kept arrivals are bounded', () => {
    const many = Array.from({ length: MAX_ARRIVED + 5 }, (_, i) => item(i));
    expect(upsertNewestFirst([], many, MAX_ARRIVED)).toHaveLength(MAX_ARRIVED);
    expect(pendingLabel(3)).toBe('3');
    expect(pendingLabel(MAX_PENDING)).toBe(`${MAX_PENDING}+`);
  });
});

function start() {
  const effects = { reloadList: vi.fn(), showFirstPage: vi.fn(), scrollToTop: vi.fn() };
  const actor = createActor(liveListMachine.provide({ actions: effects })).start();
  const send = (...events: LiveEvent[]) => {
    for (const e of events) actor.send(e);
  };
  send({ type: 'live.pageLoaded', ids: ['10', '9'] });
  return { actor, send, effects, snap: () => actor.getSnapshot() };
}
const arrive = (...items: LiveRow[]): LiveEvent => ({ type: 'live.itemsArrived', items });

describe('itemsLive chart', () => {
  it('following: new items are prepended to the visible page', () => {
    const { send, snap } = start();
    send(arrive(item(11)));
    expect(selectLiveMode(snap())).toBe('following');
    expect(visibleRows(snap().context.arrived, page(10, 9), 10).map((r) => r.id)).toEqual([11, 10, 9]);
  });

  it('a search pauses the list: arrivals are counted as "N new", the rows do not move', () => {
    const { send, snap } = start();
    send({ type: 'live.queryChanged', filtered: true, firstPage: true, limit: 10 });
    expect(selectLiveMode(snap())).toBe('paused');
    send(arrive(item(11)), arrive(item(12), item(11, 90)));
    expect(selectPendingCount(snap())).toBe(2);
    expect(visibleRows(snap().context.arrived, page(10, 9), 10).map((r) => r.id)).toEqual([10, 9]);
  });

  it('paused: an item already on the page is updated in place and not counted', () => {
    const { send, snap } = start();
    send({ type: 'live.scrolled', atTop: false }, arrive(item(9, 70)));
    expect(selectPendingCount(snap())).toBe(0);
    expect(visibleRows(snap().context.arrived, page(10, 9), 10).map((r) => [r.id, r.price])).toEqual([
      [10, 100],
      [9, 70],
    ]);
  });

  it('scrolling back to the top with no filter shows the kept items and follows again', () => {
    const { send, snap, effects } = start();
    send({ type: 'live.scrolled', atTop: false }, arrive(item(11)), arrive(item(12)));
    expect(selectPendingCount(snap())).toBe(2);
    send({ type: 'live.scrolled', atTop: true });
    expect(selectLiveMode(snap())).toBe('following');
    expect(selectPendingCount(snap())).toBe(0);
    expect(visibleRows(snap().context.arrived, page(10, 9), 10).map((r) => r.id)).toEqual([12, 11, 10, 9]);
    expect(effects.showFirstPage).not.toHaveBeenCalled();
  });

  it('the pill with a search active clears it and loads the first page (no overlay of stale rows)', () => {
    const { send, snap, effects } = start();
    send({ type: 'live.queryChanged', filtered: true, firstPage: true, limit: 10 }, arrive(item(11)));
    send({ type: 'live.showNew' });
    expect(effects.showFirstPage).toHaveBeenCalledTimes(1);
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1);
    expect(selectLiveMode(snap())).toBe('following');
    expect(selectPendingCount(snap())).toBe(0);
  });

  it('the pill at the head (only scrolled away) scrolls up and shows the items without a reload', () => {
    const { send, snap, effects } = start();
    send({ type: 'live.scrolled', atTop: false }, arrive(item(11)), { type: 'live.showNew' });
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1);
    expect(effects.showFirstPage).not.toHaveBeenCalled();
    expect(snap().context.arrived.map((r) => r.id)).toEqual([11]);
  });

  it('a socket that drops shows reconnecting; on reconnect the list reloads and returns as before', () => {
    const { send, snap, effects } = start();
    send({ type: 'live.queryChanged', filtered: true, firstPage: true, limit: 10 }, arrive(item(11)));
    send({ type: 'live.disconnected' });
    expect(selectLiveMode(snap())).toBe('reconnecting');
    send({ type: 'live.connected' });
    expect(effects.reloadList).toHaveBeenCalledTimes(1);
    expect(selectLiveMode(snap())).toBe('paused');
    expect(selectPendingCount(snap())).toBe(1);
    send(
      { type: 'live.disconnected' },
      { type: 'live.queryChanged', filtered: false, firstPage: true, limit: 10 },
    );
    send({ type: 'live.connected' });
    expect(selectLiveMode(snap())).toBe('following');
  });

  it('a loaded page that holds the arrivals takes them over (no duplicate rows after a reload)', () => {
    const { send, snap } = start();
    send(arrive(item(11)), { type: 'live.pageLoaded', ids: ['11', '10', '9'] });
    expect(snap().context.arrived).toEqual([]);
  });
});
