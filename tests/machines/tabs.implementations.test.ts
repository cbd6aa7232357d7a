import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tabsMachine } from '../../src/machines/tabs/tabs.machine.ts';
import type { SavedTabs } from '../../src/machines/tabs/types.ts';
import { createTabsImplementations } from '../../src/services/implementations/tabs.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('tabs implementations', () => {
  it('an unknown command asks the app to show the “invalid operation” warning', () => {
    const toasts: unknown[] = [];
    const impl = createTabsImplementations({
      navigate: () => {},
      saveTabs: () => {},
      notify: (t) => toasts.push(t),
    });
    const actor = createActor(tabsMachine.provide(impl)).start();
    actor.send({ type: 'tabs.restore', saved: null, validPaths: [] });
    actor.send({ type: 'tab.command', command: 'fold' });
    expect(toasts).toEqual([{ kind: 'warning', reason: { key: 'tabs:invalidOperation' } }]);
  });

  it('closing the active tab navigates the router; the slice is saved after the transition', async () => {
    const navigations: string[] = [];
    const saved: SavedTabs[] = [];
    const impl = createTabsImplementations({
      navigate: (to) => navigations.push(to),
      saveTabs: (slice) => {
        saved.push(slice);
      },
      notify: () => {},
    });
    const actor = createActor(tabsMachine.provide(impl)).start();
    actor.send({ type: 'tabs.restore', saved: null, validPaths: [] });
    actor.send({
      type: 'tab.opened',
      route: { name: 'a', fullPath: '/a?x=1', params: {}, query: { x: '1' }, meta: { title: 'A' } },
    });
    actor.send({ type: 'tab.close', key: '/a' });
    expect(navigations).toEqual(['/index']);
    await flush();
    expect(saved.at(-1)).toEqual({ version: 1, tabs: [], limit: 20 });
  });

  it('a failed save is reported and the tab bar carries on', async () => {
    const errors: unknown[] = [];
    const impl = createTabsImplementations({
      navigate: () => {},
      saveTabs: () => Promise.reject(new Error('quota')),
      notify: () => {},
      onError: (e) => errors.push(e),
    });
    const actor = createActor(tabsMachine.provide(impl)).start();
    actor.send({ type: 'tabs.restore', saved: null, validPaths: [] });
    await flush();
    expect(errors).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
