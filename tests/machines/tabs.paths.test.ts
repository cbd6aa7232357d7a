import { describe, expect, it } from 'vitest';
import { tabsMachine } from '../../src/machines/tabs/tabs.machine.ts';
import type { TabRoute, TabsContext, TabsEvent } from '../../src/machines/tabs/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

const route = (fullPath: string, extra: Partial<TabRoute> = {}): TabRoute => ({
  name: fullPath.slice(1),
  fullPath,
  params: {},
  query: {},
  meta: { title: fullPath },
  ...extra,
});

// Two pages besides index keep the traversal small and still reach every close command with and without
// the current tab among the closed ones.
/** Every event the chart handles, with the payload variants its guards tell apart. */
const events: TabsEvent[] = [
  { type: 'tab.opened', route: route('/a', { cache: true }) },
  { type: 'tab.opened', route: route('/b') },
  { type: 'tab.opened', route: route('/b?page=2', { query: { page: '2' } }) },
  { type: 'tab.opened', route: route('/refresh') },
  { type: 'tab.selected', key: '/a' },
  { type: 'tab.close', key: '/index' },
  { type: 'tab.close', key: '/a' },
  { type: 'tab.close', key: '/b' },
  { type: 'tab.closeLeft', key: '/b' },
  { type: 'tab.closeRight', key: '/a' },
  { type: 'tab.closeOthers', key: '/a' },
  { type: 'tab.closeAll' },
  { type: 'tab.refresh', key: '/a' },
  { type: 'tab.refresh', key: '/index' },
  { type: 'tab.command', command: 'closeOthers' },
  { type: 'tab.command', command: 'refresh', key: '/b' },
  { type: 'tab.command', command: 'shuffle' },
  { type: 'tab.moved', from: 2, to: 1 },
  { type: 'tab.moved', from: 0, to: 1 },
  { type: 'tab.pin', key: '/a' },
  { type: 'tab.unpin', key: '/a' },
  // A limit of 2 (index and one more) closes the oldest unpinned tab.
  { type: 'tabs.limitChanged', limit: 2 },
  {
    type: 'tabs.restore',
    saved: { version: 1, tabs: [route('/b'), route('/gone'), route('/a')] },
    validPaths: ['/a', '/b'],
  },
  { type: 'tabs.restore', saved: 'corrupt', validPaths: ['/a', '/b'] },
  // Live permissions: /b's route is gone, or /a's.
  { type: 'tabs.routesChanged', validPaths: ['/a'] },
  { type: 'tabs.routesChanged', validPaths: ['/b'] },
  { type: 'tabs.signedOut' },
];

const tabsFixture: ChartFixture = {
  machine: tabsMachine,
  events,
  // Which tabs in which order (pinned ones marked `!`, and whether a query changed), the current one,
  // whether a closed page is being left, and which tabs were refreshed (not how often: counters are
  // unbounded). The limit and the opening order are left out: no guard reads them, and keying on them
  // multiplies the traversal (the chart spec checks the limit).
  summarize: (c: TabsContext) => ({
    tabs: c.tabs.map((t) => (t.pinned ? `${t.fullPath}!` : t.fullPath)),
    current: c.current,
    leaving: c.leaving,
    refreshed: Object.keys(c.refreshKeys).sort(),
  }),
};

describe('tabs: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('tabs', tabsFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
  });
});
