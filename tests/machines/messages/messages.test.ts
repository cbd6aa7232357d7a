import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inboxMachine } from '../../../src/machines/messages/inbox.machine.ts';
import type { InboxQuery, InboxRow } from '../../../src/machines/messages/types.ts';
import { unreadMachine } from '../../../src/machines/messages/unread.machine.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const row = (id: number, is_read: boolean): InboxRow => ({ id, title: `m${id}`, is_read });

describe('inbox chart', () => {
  it('a filter change starts again from page 1 and cancels the request in flight', async () => {
    const queries: InboxQuery[] = [];
    const aborted: boolean[] = [];
    const inbox = createActor(
      inboxMachine.provide({
        actors: {
          loadPage: fromPromise<{ page: number; limit: number; total: number; data: InboxRow[] }, InboxQuery>(
            ({ input, signal }) => {
              queries.push(input);
              return new Promise((resolve) => {
                signal.addEventListener('abort', () => aborted.push(true));
                setTimeout(() => resolve({ page: input.page, limit: input.limit, total: 0, data: [] }), 5);
              });
            },
          ),
        },
      }),
    ).start();
    inbox.send({ type: 'inbox.pageChanged', page: 3 });
    inbox.send({ type: 'inbox.filterChanged', filter: 'unread' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries.map((q) => [q.filter, q.page])).toEqual([
      ['all', 1],
      ['all', 3],
      ['unread', 1],
    ]);
    expect(aborted).toHaveLength(2);
    expect(inbox.getSnapshot().matches('ready')).toBe(true);
  });

  it('a failed mark keeps the row unread and tells nobody', async () => {
    const readMarked = vi.fn();
    const inbox = createActor(
      inboxMachine.provide({
        actors: {
          loadPage: fromPromise(async () => ({ page: 1, limit: 10, total: 1, data: [row(1, false)] })),
          markRead: fromPromise<void, { id: number }>(async () => {
            throw new Error('offline');
          }),
        },
        actions: { readMarked },
      }),
    ).start();
    await settle();
    inbox.send({ type: 'inbox.markRead', id: 1 });
    expect(inbox.getSnapshot().context.markingId).toBe(1);
    await settle();
    expect(inbox.getSnapshot().matches('ready')).toBe(true);
    expect(inbox.getSnapshot().context.rows[0]?.is_read).toBe(false);
    expect(readMarked).not.toHaveBeenCalled();
  });

  it('a change elsewhere reloads the same filter and page, and is left to the mark while marking', async () => {
    const queries: InboxQuery[] = [];
    let releaseMark = () => {};
    const inbox = createActor(
      inboxMachine.provide({
        actors: {
          loadPage: fromPromise<{ page: number; limit: number; total: number; data: InboxRow[] }, InboxQuery>(
            async ({ input }) => {
              queries.push(input);
              return { page: input.page, limit: input.limit, total: 30, data: [row(1, false)] };
            },
          ),
          markRead: fromPromise<void, { id: number }>(
            () => new Promise<void>((resolve) => (releaseMark = resolve)),
          ),
        },
      }),
    ).start();
    inbox.send({ type: 'inbox.filterChanged', filter: 'read' });
    inbox.send({ type: 'inbox.pageChanged', page: 2 });
    await settle();
    inbox.send({ type: 'inbox.changed' });
    await settle();
    expect(queries.slice(-2).map((q) => [q.filter, q.page])).toEqual([
      ['read', 2],
      ['read', 2],
    ]);
    expect(inbox.getSnapshot().matches('ready')).toBe(true);

    const before = queries.length;
    inbox.send({ type: 'inbox.markRead', id: 1 });
    inbox.send({ type: 'inbox.changed' });
    expect(inbox.getSnapshot().matches('marking')).toBe(true);
    releaseMark();
    await settle();
    expect(queries.length).toBe(before);
    expect(inbox.getSnapshot().context.rows[0]?.is_read).toBe(true);
  });
});

describe('unread count chart', () => {
  it('a backend without the count endpoint shows no badge and is not asked again', async () => {
    const loadCount = vi.fn(async (): Promise<number> => {
      throw { missingEndpoint: true };
    });
    const unread = createActor(
      unreadMachine.provide({ actors: { loadCount: fromPromise(loadCount) } }),
    ).start();
    await settle();
    expect(unread.getSnapshot().matches('unavailable')).toBe(true);
    unread.send({ type: 'unread.refresh' });
    await settle();
    expect(loadCount).toHaveBeenCalledTimes(1);
    expect(unread.getSnapshot().context.count).toBeNull();
  });

  it('asks again every 30 s and keeps the last count through a failure', async () => {
    vi.useFakeTimers();
    try {
      let answer: number | Error = 4;
      const loadCount = vi.fn(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      const unread = createActor(
        unreadMachine.provide({ actors: { loadCount: fromPromise(loadCount) } }),
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(unread.getSnapshot().context.count).toBe(4);
      answer = new Error('offline');
      await vi.advanceTimersByTimeAsync(29_999);
      expect(unread.getSnapshot().matches('waiting')).toBe(true);
      expect(loadCount).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loadCount).toHaveBeenCalledTimes(2);
      expect(unread.getSnapshot().matches('waiting')).toBe(true);
      expect(unread.getSnapshot().context.count).toBe(4);
      unread.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
