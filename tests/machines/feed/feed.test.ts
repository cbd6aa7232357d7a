import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Item } from '../../../src/contract/index.ts';
import { feedMachine } from '../../../src/machines/feed/feed.machine.ts';

const item = (id: number): Item => ({ id, title: `item ${id}` });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  options: { latest?: () => Promise<Item[]>; stats?: () => Promise<{ today: number; total: number }> } = {},
) {
  const actor = createActor(
    feedMachine.provide({
      actors: {
        loadLatest: fromPromise(options.latest ?? (async () => [item(2), item(1)])),
        loadStats: fromPromise(options.stats ?? (async () => ({ today: 2, total: 10 }))),
        watchSocket: fromCallback(() => () => {}),
      },
    }),
  ).start();
  return actor;
}

describe('feed chart', () => {
  it('seeds the list and the counts in parallel', async () => {
    const feed = start();
    expect(feed.getSnapshot().matches({ seed: 'loading', stats: 'loading' })).toBe(true);
    await settle();
    expect(feed.getSnapshot().matches({ seed: 'loaded', stats: 'loaded' })).toBe(true);
    expect(feed.getSnapshot().context.seed.map((i) => i.id)).toEqual([2, 1]);
  });

  it('counts each arriving item once, and not the seeded ones again', async () => {
    const feed = start();
    await settle();
    feed.send({ type: 'feed.itemsArrived', items: [item(2), item(3), item(3)] });
    expect(feed.getSnapshot().context.stats).toEqual({ today: 3, total: 11 });
    feed.send({ type: 'feed.itemsArrived', items: [item(3)] });
    expect(feed.getSnapshot().context.stats).toEqual({ today: 3, total: 11 });
  });

  it('a listing seen again (a duplicate updated by the ingest) is not counted as a new item', async () => {
    const feed = start();
    await settle();
    const seenAgain = { ...item(7), first_seen: '2026-11-24 10:00:00', last_seen: '2026-11-25 09:00:00' };
    const fresh = { ...item(8), first_seen: '2026-11-25 09:00:00', last_seen: '2026-11-25 09:00:00' };
    feed.send({ type: 'feed.itemsArrived', items: [seenAgain, fresh] });
    expect(feed.getSnapshot().context.stats).toEqual({ today: 3, total: 11 });
  });

  it('a failed load says why and loads again on retry', async () => {
    let fail = true;
    const feed = start({
      latest: async () => {
        if (fail) throw new Error('您没有执行该操作的权限。');
        return [item(1)];
      },
    });
    await settle();
    expect(feed.getSnapshot().matches({ seed: 'failed' })).toBe(true);
    expect(feed.getSnapshot().context.seedError).toEqual({
      key: 'feed:load_failed',
      text: '您没有执行该操作的权限。',
    });
    fail = false;
    feed.send({ type: 'feed.retry' });
    await settle();
    expect(feed.getSnapshot().matches({ seed: 'loaded' })).toBe(true);
    expect(feed.getSnapshot().context.seedError).toBeNull();
  });
});

describe('feed counts', () => {
  it('are asked again every minute, so items missed while the page was hidden are counted', async () => {
    vi.useFakeTimers();
    try {
      let today = 2;
      const feed = start({ stats: async () => ({ today, total: 10 }) });
      await vi.advanceTimersByTimeAsync(0);
      today = 5;
      await vi.advanceTimersByTimeAsync(59_999);
      expect(feed.getSnapshot().context.stats?.today).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(feed.getSnapshot().context.stats?.today).toBe(5);
      feed.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
