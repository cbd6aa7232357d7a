import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { searchMachine } from '../../../src/machines/search/search.machine.ts';
import { buildSearchIndex } from '../../../src/machines/search/searchIndex.ts';
import { createSearchImplementations } from '../../../src/services/implementations/search.ts';

describe('search chart', () => {
  const [entry] = buildSearchIndex([], { console: { title: '控制台', path: '/index' } });

  it('opens, keeps the query, and choosing an entry opens it and closes the panel with the query cleared', () => {
    const openEntry = vi.fn();
    const actor = createActor(searchMachine.provide({ actions: { openEntry } })).start();
    actor.send({ type: 'search.opened' });
    actor.send({ type: 'search.queryChanged', query: '控制' });
    expect(actor.getSnapshot().context.query).toBe('控制');
    actor.send({ type: 'search.entryChosen', entry: entry! });
    expect(openEntry).toHaveBeenCalledWith(expect.anything(), { entry });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.query).toBe('');
  });

  it('esc (search.closed) closes it; a query typed while closed is ignored', () => {
    const actor = createActor(searchMachine).start();
    actor.send({ type: 'search.queryChanged', query: 'x' });
    expect(actor.getSnapshot().context.query).toBe('');
    actor.send({ type: 'search.toggled' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'search.closed' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

describe('search effects', () => {
  const entries = buildSearchIndex(
    [{ id: 7, parent: null, name: '文档', path: 'https://docs.example.test', is_link: true }] as never,
    { console: { title: '控制台', path: '/index' } },
  );

  it('a page entry navigates, an http(s) entry opens a new window', () => {
    const navigate = vi.fn();
    const openWindow = vi.fn();
    const actor = createActor(
      searchMachine.provide(createSearchImplementations({ navigate, openWindow })),
    ).start();
    for (const entry of entries) {
      actor.send({ type: 'search.opened' });
      actor.send({ type: 'search.entryChosen', entry });
    }
    expect(navigate).toHaveBeenCalledWith('/index');
    expect(openWindow).toHaveBeenCalledWith('https://docs.example.test');
  });
});
