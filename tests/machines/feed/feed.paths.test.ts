import { describe, expect, it } from 'vitest';
import type { Item } from '../../../src/contract/index.ts';
import { feedMachine } from '../../../src/machines/feed/feed.machine.ts';
import type { FeedContext, FeedEvent, FeedLoadError } from '../../../src/machines/feed/types.ts';
import { type ChartFixture, coverChart } from '../support/paths.ts';

const item: Item = { id: 1, title: 'item 1' };
const networkError: FeedLoadError = { message: '网络异常' };
/** Stock dvadmin has no /xy/items/*: the card hides. */
const missing: FeedLoadError = { message: '接口地址不正确', unavailable: true };

const events: FeedEvent[] = [{ type: 'feed.itemsArrived', items: [item] }, { type: 'feed.retry' }];

const feedFixture: ChartFixture = {
  machine: feedMachine,
  events,
  actors: {
    loadLatest: { done: [[item]], error: [networkError, missing] },
    loadStats: { done: [{ today: 1, total: 2 }], error: [networkError, missing] },
  },
  inert: ['watchSocket'],
  summarize: (c: FeedContext) => ({
    seeded: c.seed.length,
    stats: c.stats !== null,
    seedError: c.seedError !== null,
    statsError: c.statsError !== null,
  }),
};

describe('feed: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('feed', feedFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
