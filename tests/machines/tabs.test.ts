import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  selectActivityKey,
  selectCanClose,
  selectDropdownMenu,
  selectIsPinned,
  selectKeepAliveKeys,
  selectLimit,
  selectTabMenu,
  tabTitle,
} from '../../src/machines/tabs/selectors.ts';
import { tabKey } from '../../src/machines/tabs/tabList.ts';
import { tabsMachine } from '../../src/machines/tabs/tabs.machine.ts';
import type { SavedTabs, TabRoute, TabsEvent, TabsNotice } from '../../src/machines/tabs/types.ts';

const route = (fullPath: string, extra: Partial<TabRoute> = {}): TabRoute => ({
  name: tabKey(fullPath).slice(1).replace(/\//g, '-'),
  fullPath,
  params: {},
  query: {},
  meta: { title: `title of ${tabKey(fullPath)}` },
  ...extra,
});

function start() {
  const calls = {
    navigateTo: [] as string[],
    saveTabs: [] as SavedTabs[],
    notify: [] as TabsNotice[],
    order: [] as string[],
  };
  const machine = tabsMachine.provide({
    actions: {
      navigateTo: (_, p) => {
        calls.navigateTo.push(p.to);
        calls.order.push('navigateTo');
      },
      saveTabs: (_, p) => {
        calls.saveTabs.push(p.slice);
        calls.order.push('saveTabs');
      },
      notify: (_, p) => {
        calls.notify.push(p);
      },
    },
  });
  const actor = createActor(machine).start();
  const send = (e: TabsEvent) => actor.send(e);
  const keys = () => actor.getSnapshot().context.tabs.map((t) => t.key);
  const current = () => actor.getSnapshot().context.current;
  const lastSaved = () => calls.saveTabs.at(-1);
  return { actor, calls, send, keys, current, lastSaved };
}

/** A restored chart (nothing saved) with these pages opened in order; the last one is current. */
function withTabs(...paths: string[]) {
  const t = start();
  t.send({ type: 'tabs.restore', saved: undefined, validPaths: [] });
  for (const p of paths) t.send({ type: 'tab.opened', route: route(p) });
  t.calls.navigateTo.length = 0;
  t.calls.saveTabs.length = 0;
  t.calls.order.length = 0;
  return t;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('opening pages', () => {
  it('the index tab is always first, even before anything is opened', () => {
    const t = start();
    expect(t.keys()).toEqual(['/index']);
    expect(t.current()).toBe('/index');
  });

  it('navigating to a page opens a tab for it after the others and makes it current', () => {
    const t = withTabs('/a', '/b');
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
    expect(t.current()).toBe('/b');
  });

  it('navigating to an open page focuses its tab where it is and keeps its latest query', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.opened', route: route('/a?page=2', { query: { page: '2' } }) });
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
    expect(t.current()).toBe('/a');
    expect(t.actor.getSnapshot().context.tabs[1]?.fullPath).toBe('/a?page=2');
  });

  it('focusing an open tab whose route info is unchanged saves nothing', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.opened', route: route('/a') });
    expect(t.current()).toBe('/a');
    expect(t.calls.saveTabs).toEqual([]);
  });

  it('the hidden refresh and redirect routes never become tabs', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.opened', route: route('/refresh') });
    t.send({ type: 'tab.opened', route: route('/redirect/a') });
    t.send({ type: 'tab.opened', route: route('/x', { meta: { title: 'x', hidden: true } }) });
    expect(t.keys()).toEqual(['/index', '/a']);
    expect(t.current()).toBe('/a');
  });

  it('clicking a tab asks the router to go to it; the current tab follows the router', () => {
    const t = withTabs('/a?q=1', '/b');
    t.send({ type: 'tab.selected', key: '/a' });
    expect(t.calls.navigateTo).toEqual(['/a?q=1']);
    expect(t.current()).toBe('/b');
    t.send({ type: 'tab.selected', key: '/b' });
    expect(t.calls.navigateTo).toEqual(['/a?q=1']);
  });

  it('titles follow the language: a tab keeps the title key, translated when shown', () => {
    const t = withTabs();
    t.send({
      type: 'tab.opened',
      route: route('/userInfo', { meta: { title: '个人信息', titleKey: 'shell:userInfo' } }),
    });
    const tab = t.actor.getSnapshot().context.tabs[1]!;
    expect(tab.meta.titleKey).toBe('shell:userInfo');
    const dict: Record<string, string> = { 'shell:userInfo': 'Personal info' };
    expect(tabTitle(tab, (k, fallback) => dict[k] ?? fallback)).toBe('Personal info');
    expect(tabTitle(t.actor.getSnapshot().context.tabs[0]!, (_k, fallback) => fallback)).toBe('控制台');
  });
});

describe('closing tabs', () => {
  it('the index tab cannot be closed', () => {
    const t = withTabs('/a');
    expect(selectCanClose(t.actor.getSnapshot(), '/index')).toBe(false);
    expect(selectCanClose(t.actor.getSnapshot(), '/a')).toBe(true);
    t.send({ type: 'tab.close', key: '/index' });
    expect(t.keys()).toEqual(['/index', '/a']);
    expect(t.calls.saveTabs).toEqual([]);
  });

  it('closing the current tab moves to the next one', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tab.opened', route: route('/b') });
    t.send({ type: 'tab.close', key: '/b' });
    expect(t.keys()).toEqual(['/index', '/a', '/c']);
    expect(t.current()).toBe('/c');
    expect(t.calls.navigateTo).toEqual(['/c']);
  });

  it('closing the last tab moves to the previous one', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.close', key: '/b' });
    expect(t.keys()).toEqual(['/index', '/a']);
    expect(t.current()).toBe('/a');
    expect(t.calls.navigateTo).toEqual(['/a']);
  });

  it('closing a tab that is not current keeps the current one and does not navigate', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.close', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/b']);
    expect(t.current()).toBe('/b');
    expect(t.calls.navigateTo).toEqual([]);
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a closed active tab is not re-added by the old location before the navigation completes', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.close', key: '/b' });
    expect(t.actor.getSnapshot().matches({ ready: 'navigating' })).toBe(true);
    t.send({ type: 'tab.opened', route: route('/b') }); // the router has not left /b yet
    expect(t.keys()).toEqual(['/index', '/a']);
    t.send({ type: 'tab.opened', route: route('/a') }); // navigation done
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    t.send({ type: 'tab.opened', route: route('/b') }); // the user really opens it again
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
  });

  it('a navigation that never completes stops protecting the closed tab after navigationSettle', () => {
    vi.useFakeTimers();
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.close', key: '/b' });
    vi.advanceTimersByTime(1999);
    expect(t.actor.getSnapshot().matches({ ready: 'navigating' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(t.actor.getSnapshot().context.leaving).toEqual([]);
  });

  it('close all returns to index', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.closeAll' });
    expect(t.keys()).toEqual(['/index']);
    expect(t.current()).toBe('/index');
    expect(t.calls.navigateTo).toEqual(['/index']);
    expect(t.lastSaved()).toEqual({ version: 1, tabs: [], limit: 20 });
  });

  it('close others keeps index and the current tab', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tab.opened', route: route('/b') });
    t.send({ type: 'tab.closeOthers', key: '/b' });
    expect(t.keys()).toEqual(['/index', '/b']);
    expect(t.current()).toBe('/b');
    expect(t.calls.navigateTo).toEqual([]);
  });

  it('close others on another tab keeps index and that tab, and goes to it', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tab.closeOthers', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/a']);
    expect(t.current()).toBe('/a');
    expect(t.calls.navigateTo).toEqual(['/a']);
  });

  it('close left keeps index and the tabs from the chosen one on; close right keeps up to it', () => {
    const t = withTabs('/a', '/b', '/c', '/d');
    t.send({ type: 'tab.opened', route: route('/c') });
    t.send({ type: 'tab.closeLeft', key: '/c' });
    expect(t.keys()).toEqual(['/index', '/c', '/d']);
    t.send({ type: 'tab.closeRight', key: '/c' });
    expect(t.keys()).toEqual(['/index', '/c']);
    expect(t.calls.navigateTo).toEqual([]);
  });

  it('closing the current tab from the right of another tab goes to that tab', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.closeRight', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/a']);
    expect(t.current()).toBe('/a');
    expect(t.calls.navigateTo).toEqual(['/a']);
  });

  it('closing releases the refresh counter of the closed tab', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.refresh', key: '/a' });
    t.send({ type: 'tab.close', key: '/a' });
    expect(t.actor.getSnapshot().context.refreshKeys).toEqual({});
  });
});

describe('context menu and dropdown', () => {
  it('the index tab offers only close all', () => {
    const t = withTabs('/a');
    expect(selectTabMenu(t.actor.getSnapshot(), '/index')).toEqual([
      { command: 'closeAll', disabled: false },
    ]);
  });

  it('other tabs offer refresh, pin, close left, right, others and all, disabled when there is nothing to do', () => {
    const t = withTabs('/a', '/b');
    expect(selectTabMenu(t.actor.getSnapshot(), '/a')).toEqual([
      { command: 'refresh', disabled: false },
      { command: 'pin', disabled: false },
      { command: 'closeLeft', disabled: true },
      { command: 'closeRight', disabled: false },
      { command: 'closeOthers', disabled: false },
      { command: 'closeAll', disabled: false },
    ]);
    expect(selectDropdownMenu(t.actor.getSnapshot()).map((i) => [i.command, i.disabled])).toEqual([
      ['closeLeft', false],
      ['closeRight', true],
      ['closeOthers', false],
      ['closeAll', false],
    ]);
  });

  it('nothing is offered before the saved tabs are restored', () => {
    const t = start();
    t.send({ type: 'tab.opened', route: route('/a') });
    expect(selectTabMenu(t.actor.getSnapshot(), '/a').every((i) => i.disabled)).toBe(true);
  });

  it('an unknown tab command says invalid operation', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.command', command: 'closeSideways' });
    expect(t.calls.notify).toEqual([{ kind: 'warning', reason: { key: 'tabs:invalidOperation' } }]);
    expect(t.keys()).toEqual(['/index', '/a']);
  });

  it('a dropdown command acts on the current tab', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tab.opened', route: route('/b') });
    t.send({ type: 'tab.command', command: 'closeOthers' });
    expect(t.keys()).toEqual(['/index', '/b']);
    t.send({ type: 'tab.command', command: 'closeAll' });
    expect(t.keys()).toEqual(['/index']);
    expect(t.calls.notify).toEqual([]);
  });

  it('refresh bumps only that tab’s counter so only its view remounts, and goes to it', () => {
    const t = withTabs('/a', '/b');
    const before = selectActivityKey(t.actor.getSnapshot(), '/b');
    t.send({ type: 'tab.command', command: 'refresh', key: '/a' });
    expect(selectActivityKey(t.actor.getSnapshot(), '/a')).toBe('/a#1');
    expect(selectActivityKey(t.actor.getSnapshot(), '/b')).toBe(before);
    expect(t.calls.navigateTo).toEqual(['/a']);
    t.send({ type: 'tab.refresh', key: '/b' });
    expect(selectActivityKey(t.actor.getSnapshot(), '/b')).toBe('/b#1');
    expect(t.calls.navigateTo).toEqual(['/a']);
  });
});

describe('reordering', () => {
  it('reordering never moves the index tab', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tab.moved', from: 0, to: 2 });
    expect(t.keys()).toEqual(['/index', '/a', '/b', '/c']);
    t.send({ type: 'tab.moved', from: 3, to: 0 });
    expect(t.keys()).toEqual(['/index', '/c', '/a', '/b']);
    t.send({ type: 'tab.moved', from: 1, to: 9 });
    expect(t.keys()).toEqual(['/index', '/a', '/b', '/c']);
    expect(t.lastSaved()?.tabs.map((r) => r.fullPath)).toEqual(['/a', '/b', '/c']);
  });

  it('a move that changes nothing is not saved', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.moved', from: 1, to: 1 });
    t.send({ type: 'tab.moved', from: 1, to: 0 });
    expect(t.calls.saveTabs).toEqual([]);
  });
});

describe('persistence', () => {
  const saved: SavedTabs = {
    version: 1,
    tabs: [
      route('/gone'),
      route('/b'),
      route('/user/7', { path: '/user/:id', params: { id: '7' } }),
      route('/a'),
    ],
  };

  it('restoring drops tabs whose route is gone and keeps order', () => {
    const t = start();
    t.send({ type: 'tabs.restore', saved, validPaths: ['/index', '/a', '/b', '/user/:id'] });
    expect(t.keys()).toEqual(['/index', '/b', '/user/7', '/a']);
    expect(t.current()).toBe('/index');
    expect(t.lastSaved()?.tabs.map((r) => r.fullPath)).toEqual(['/b', '/user/7', '/a']);
  });

  it('a corrupt saved tab list restores only index', () => {
    const corrupt: unknown[] = [
      'not json',
      null,
      42,
      [route('/a')],
      { version: 2, tabs: [route('/a')] },
      { tabs: {} },
    ];
    for (const value of corrupt) {
      const t = start();
      t.send({ type: 'tabs.restore', saved: value, validPaths: ['/a'] });
      expect(t.keys()).toEqual(['/index']);
      expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    }
  });

  it('malformed entries in a saved list are dropped, the rest restored', () => {
    const t = start();
    t.send({
      type: 'tabs.restore',
      saved: { version: 1, tabs: [{ fullPath: '/a' }, route('/b'), 'x', route('/b')] },
      validPaths: ['/a', '/b'],
    });
    expect(t.keys()).toEqual(['/index', '/b']);
  });

  it('the page the app was loaded on stays open and current, and nothing is saved before restoring', () => {
    const t = start();
    t.send({ type: 'tab.opened', route: route('/a?x=1') });
    expect(t.calls.saveTabs).toEqual([]);
    t.send({ type: 'tabs.restore', saved, validPaths: ['/a', '/b', '/c'] });
    expect(t.keys()).toEqual(['/index', '/b', '/a']);
    expect(t.current()).toBe('/a');
    expect(t.actor.getSnapshot().context.tabs[2]?.fullPath).toBe('/a?x=1');
  });

  it('every change saves the tab slice, not the snapshot', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.opened', route: route('/b', { cache: true }) });
    expect(t.lastSaved()).toEqual({
      version: 1,
      tabs: [route('/a'), route('/b', { cache: true })],
      limit: 20,
    });
    expect(JSON.parse(JSON.stringify(t.lastSaved()))).toEqual(t.lastSaved());
  });

  it('signing out closes every tab without saving and waits for the next user’s list', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.refresh', key: '/a' });
    t.send({ type: 'tabs.signedOut' });
    expect(t.keys()).toEqual(['/index']);
    expect(t.actor.getSnapshot().context.refreshKeys).toEqual({});
    expect(t.actor.getSnapshot().matches('restoring')).toBe(true);
    expect(t.calls.saveTabs).toEqual([]);
    t.send({ type: 'tabs.restore', saved: { version: 1, tabs: [route('/c')] }, validPaths: ['/c'] });
    expect(t.keys()).toEqual(['/index', '/c']);
  });

  it('closing the active tab saves after asking the router to navigate', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.close', key: '/a' });
    expect(t.calls.order).toEqual(['navigateTo', 'saveTabs']);
  });
});

describe('keep-alive', () => {
  it('only tabs whose route has cache are kept alive, and closing one drops it', () => {
    const t = withTabs();
    t.send({ type: 'tab.opened', route: route('/a', { cache: true }) });
    t.send({ type: 'tab.opened', route: route('/b') });
    t.send({ type: 'tab.opened', route: route('/c', { cache: true }) });
    expect(selectKeepAliveKeys(t.actor.getSnapshot())).toEqual(['/a', '/c']);
    t.send({ type: 'tab.close', key: '/a' });
    expect(selectKeepAliveKeys(t.actor.getSnapshot())).toEqual(['/c']);
  });
});

describe('pinned tabs', () => {
  const pinned = (t: ReturnType<typeof start>) =>
    t.actor
      .getSnapshot()
      .context.tabs.filter((tab) => tab.pinned)
      .map((tab) => tab.key);

  it('pinning from the context menu keeps the tab through close others, left, right and all', () => {
    const t = withTabs('/a', '/b', '/c', '/d');
    t.send({ type: 'tab.command', command: 'pin', key: '/b' });
    expect(pinned(t)).toEqual(['/b']);
    t.send({ type: 'tab.closeOthers', key: '/d' });
    expect(t.keys()).toEqual(['/index', '/b', '/d']);
    t.send({ type: 'tab.opened', route: route('/a') });
    t.send({ type: 'tab.closeLeft', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/b', '/a']);
    t.send({ type: 'tab.opened', route: route('/c') });
    t.send({ type: 'tab.moved', from: 3, to: 1 });
    expect(t.keys()).toEqual(['/index', '/c', '/b', '/a']);
    t.send({ type: 'tab.closeRight', key: '/c' });
    expect(t.keys()).toEqual(['/index', '/c', '/b']);
    t.send({ type: 'tab.closeAll' });
    expect(t.keys()).toEqual(['/index', '/b']);
    expect(t.current()).toBe('/index');
  });

  it('close all on a pinned current tab keeps it current and does not navigate', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.pin', key: '/b' });
    t.send({ type: 'tab.closeAll' });
    expect(t.keys()).toEqual(['/index', '/b']);
    expect(t.current()).toBe('/b');
    expect(t.calls.navigateTo).toEqual([]);
  });

  it('a pinned tab has no close button and cannot be closed until unpinned', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.pin', key: '/a' });
    expect(selectCanClose(t.actor.getSnapshot(), '/a')).toBe(false);
    t.send({ type: 'tab.close', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
    expect(selectTabMenu(t.actor.getSnapshot(), '/a').map((i) => i.command)).toContain('unpin');
    t.send({ type: 'tab.command', command: 'unpin', key: '/a' });
    expect(selectIsPinned(t.actor.getSnapshot(), '/a')).toBe(false);
    t.send({ type: 'tab.close', key: '/a' });
    expect(t.keys()).toEqual(['/index', '/b']);
  });

  it('close all with only index and pinned tabs open has nothing to do', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.pin', key: '/a' });
    expect(selectTabMenu(t.actor.getSnapshot(), '/a').find((i) => i.command === 'closeAll')?.disabled).toBe(
      true,
    );
  });

  it('the index tab is never pinned, a tab is pinned once, and only a pinned tab unpins', () => {
    const t = withTabs('/a');
    t.send({ type: 'tab.pin', key: '/index' });
    t.send({ type: 'tab.unpin', key: '/a' });
    t.send({ type: 'tab.pin', key: '/nowhere' });
    expect(pinned(t)).toEqual([]);
    expect(t.calls.saveTabs).toEqual([]);
    t.send({ type: 'tab.pin', key: '/a' });
    t.send({ type: 'tab.pin', key: '/a' });
    expect(t.calls.saveTabs).toHaveLength(1);
  });

  it('pins are saved with the list and restored; a new query on a pinned page keeps its pin', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.pin', key: '/a' });
    expect(t.lastSaved()?.tabs).toEqual([{ ...route('/a'), pinned: true }, route('/b')]);
    const again = start();
    again.send({ type: 'tabs.restore', saved: t.lastSaved(), validPaths: ['/a', '/b'] });
    expect(pinned(again)).toEqual(['/a']);
    again.send({ type: 'tab.opened', route: route('/a?page=2', { query: { page: '2' } }) });
    expect(selectIsPinned(again.actor.getSnapshot(), '/a')).toBe(true);
    expect(again.lastSaved()?.tabs[0]).toEqual({
      ...route('/a?page=2', { query: { page: '2' } }),
      pinned: true,
    });
  });

  it('focusing a pinned tab whose route is unchanged saves nothing', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.pin', key: '/a' });
    t.calls.saveTabs.length = 0;
    t.send({ type: 'tab.opened', route: route('/a') });
    expect(t.current()).toBe('/a');
    expect(t.calls.saveTabs).toEqual([]);
  });

  it('a saved list from before pins (no pinned, no limit) restores unpinned with the default limit', () => {
    const t = start();
    t.send({
      type: 'tabs.restore',
      saved: { version: 1, tabs: [route('/a'), { ...route('/b'), pinned: 'yes' }] },
      validPaths: ['/a', '/b'],
    });
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
    expect(pinned(t)).toEqual([]);
    expect(selectLimit(t.actor.getSnapshot())).toBe(20);
  });
});

describe('tab limit', () => {
  /** Restored with this limit and these pages opened in order. */
  function limited(limit: number, ...paths: string[]) {
    const t = start();
    t.send({ type: 'tabs.restore', saved: { version: 1, tabs: [], limit }, validPaths: [] });
    for (const p of paths) t.send({ type: 'tab.opened', route: route(p) });
    return t;
  }

  it('at most 20 tabs by default: opening one more closes the oldest', () => {
    const paths = Array.from({ length: 20 }, (_, i) => `/p${i + 1}`);
    const t = withTabs(...paths);
    expect(t.keys()).toHaveLength(20);
    expect(t.keys()).not.toContain('/p1');
    expect(t.keys().at(1)).toBe('/p2');
    expect(t.current()).toBe('/p20');
  });

  it('opening a page past the limit closes the oldest unpinned tab, never index, pinned or current', () => {
    const t = limited(4, '/a', '/b', '/c');
    t.send({ type: 'tab.pin', key: '/a' });
    t.send({ type: 'tab.opened', route: route('/d') });
    expect(t.keys()).toEqual(['/index', '/a', '/c', '/d']);
    expect(t.lastSaved()?.tabs.map((r) => r.fullPath)).toEqual(['/a', '/c', '/d']);
  });

  it('oldest means first opened, not leftmost: a tab dragged to the left is not closed first', () => {
    const t = limited(4, '/a', '/b', '/c');
    t.send({ type: 'tab.moved', from: 3, to: 1 });
    expect(t.keys()).toEqual(['/index', '/c', '/a', '/b']);
    t.send({ type: 'tab.opened', route: route('/d') });
    expect(t.keys()).toEqual(['/index', '/c', '/b', '/d']);
  });

  it('the closed tab’s kept-alive page and refresh counter are released', () => {
    const t = limited(3);
    t.send({ type: 'tab.opened', route: route('/a', { cache: true }) });
    t.send({ type: 'tab.refresh', key: '/a' });
    t.send({ type: 'tab.opened', route: route('/b', { cache: true }) });
    expect(selectKeepAliveKeys(t.actor.getSnapshot())).toEqual(['/a', '/b']);
    t.send({ type: 'tab.opened', route: route('/c') });
    expect(selectKeepAliveKeys(t.actor.getSnapshot())).toEqual(['/b']);
    expect(t.actor.getSnapshot().context.refreshKeys).toEqual({});
  });

  it('pinned tabs alone may exceed the limit: nothing else is closed', () => {
    const t = limited(3, '/a', '/b');
    t.send({ type: 'tab.pin', key: '/a' });
    t.send({ type: 'tab.pin', key: '/b' });
    t.send({ type: 'tab.opened', route: route('/c') });
    expect(t.keys()).toEqual(['/index', '/a', '/b', '/c']);
    t.send({ type: 'tab.opened', route: route('/d') });
    expect(t.keys()).toEqual(['/index', '/a', '/b', '/d']);
  });

  it('lowering the limit closes the oldest unpinned tabs at once and saves the limit', () => {
    const t = withTabs('/a', '/b', '/c', '/d');
    t.send({ type: 'tab.pin', key: '/b' });
    t.send({ type: 'tabs.limitChanged', limit: 3 });
    expect(t.keys()).toEqual(['/index', '/b', '/d']);
    expect(selectLimit(t.actor.getSnapshot())).toBe(3);
    expect(t.lastSaved()?.limit).toBe(3);
  });

  it('a limit that is not an integer within 2 to 100, or the same limit, is ignored', () => {
    const t = withTabs('/a', '/b');
    for (const limit of [1, 0, -3, 2.5, 101, Number.NaN, 20]) t.send({ type: 'tabs.limitChanged', limit });
    expect(selectLimit(t.actor.getSnapshot())).toBe(20);
    expect(t.calls.saveTabs).toEqual([]);
  });

  it('a saved limit is restored and applied to the restored list; a corrupt one falls back to 20', () => {
    const t = start();
    t.send({
      type: 'tabs.restore',
      saved: { version: 1, tabs: [route('/a'), route('/b'), route('/c')], limit: 3 },
      validPaths: ['/a', '/b', '/c'],
    });
    expect(t.keys()).toEqual(['/index', '/b', '/c']);
    expect(selectLimit(t.actor.getSnapshot())).toBe(3);
    for (const limit of ['3', 1, 500, null]) {
      const other = start();
      other.send({ type: 'tabs.restore', saved: { version: 1, tabs: [], limit }, validPaths: [] });
      expect(selectLimit(other.actor.getSnapshot())).toBe(20);
    }
  });

  it('the page loaded on (opened before the list arrived) is the newest: it stays open', () => {
    const t = start();
    t.send({ type: 'tab.opened', route: route('/z') });
    t.send({
      type: 'tabs.restore',
      saved: { version: 1, tabs: [route('/a'), route('/b')], limit: 3 },
      validPaths: ['/a', '/b', '/z'],
    });
    expect(t.keys()).toEqual(['/index', '/b', '/z']);
    expect(t.current()).toBe('/z');
  });

  it('changing the limit before the list is restored is ignored (the restore brings the saved one)', () => {
    const t = start();
    t.send({ type: 'tabs.limitChanged', limit: 5 });
    expect(selectLimit(t.actor.getSnapshot())).toBe(20);
  });
});

describe('tabs: live permissions', () => {
  it('tabs of routes no longer granted close with a warning naming them; the others and the page shown stay', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tabs.routesChanged', validPaths: ['/a', '/c'] });
    expect(t.keys()).toEqual(['/index', '/a', '/c']);
    expect(t.current()).toBe('/c');
    expect(t.calls.navigateTo).toEqual([]);
    expect(t.calls.notify).toEqual([
      { kind: 'warning', reason: { key: 'tabs:revoked', values: { titles: ['title of /b'] } } },
    ]);
    expect(t.lastSaved()?.tabs.map((r) => r.fullPath)).toEqual(['/a', '/c']);
  });

  it('when the active tab’s route is gone, the next tab shows (the previous one when it was the last)', () => {
    const t = withTabs('/a', '/b', '/c');
    t.send({ type: 'tabs.routesChanged', validPaths: ['/a', '/b'] });
    expect(t.current()).toBe('/b');
    expect(t.calls.navigateTo).toEqual(['/b']);
    // The router still reports the closed page until it has left it: its tab does not come back.
    t.send({ type: 'tab.opened', route: route('/c') });
    expect(t.keys()).toEqual(['/index', '/a', '/b']);

    const u = withTabs('/b', '/a', '/c');
    u.send({ type: 'tab.opened', route: route('/a') });
    u.send({ type: 'tabs.routesChanged', validPaths: ['/b'] });
    expect(u.keys()).toEqual(['/index', '/b']);
    expect(u.current()).toBe('/b');
    expect(u.calls.navigateTo).toEqual(['/b']);
    expect(u.calls.notify[0]?.reason.values).toEqual({ titles: ['title of /a', 'title of /c'] });
  });

  it('a pinned tab closes too: a pin does not outlive the permission', () => {
    const t = withTabs('/a', '/b');
    t.send({ type: 'tab.pin', key: '/a' });
    t.send({ type: 'tabs.routesChanged', validPaths: ['/b'] });
    expect(t.keys()).toEqual(['/index', '/b']);
  });

  it('when every route is still there nothing closes and nothing is said', () => {
    const t = withTabs('/a', '/b');
    const saves = t.calls.saveTabs.length;
    t.send({ type: 'tabs.routesChanged', validPaths: ['/a', '/b'] });
    expect(t.keys()).toEqual(['/index', '/a', '/b']);
    expect(t.calls.notify).toEqual([]);
    expect(t.calls.saveTabs).toHaveLength(saves);
  });
});
