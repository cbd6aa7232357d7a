import { describe, expect, it } from 'vitest';
import type { Overview } from '../../src/contract/support.ts';
import { overviewMachine } from '../../src/machines/overview/overview.machine.ts';
import type { OverviewContext, OverviewEvent, OverviewLoadError } from '../../src/machines/overview/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

const figures: Overview = {
  items: { today_stored: 3, today_dropped: 1 },
  pushes: { today_success: 2, today_failed: 1, pending: 0, success_rate: 0.667 },
  phones: { online: 1, total: 2 },
  tasks: { enabled: 3 },
  customers: { expiring_7d: 0 },
  items_per_hour: [],
};
const networkError: OverviewLoadError = { message: '网络异常' };
const refused: OverviewLoadError = { message: '您没有执行该操作的权限。', unavailable: true };

const events: OverviewEvent[] = [{ type: 'overview.itemsArrived' }, { type: 'overview.retry' }];

const overviewFixture: ChartFixture = {
  machine: overviewMachine,
  events,
  actors: { loadOverview: { done: [figures], error: [networkError, refused] } },
  inert: ['watchItems'],
  summarize: (c: OverviewContext) => ({
    shown: c.overview !== null,
    error: c.error !== null,
    behind: c.behind,
  }),
};

describe('overview: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('overview', overviewFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
