import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inboxMachine } from '../../src/ui/messages/inbox.machine.ts';
import type { InboxQuery, InboxRow } from '../../src/ui/messages/types.ts';
import { unreadMachine } from '../../src/ui/messages/unread.machine.ts';

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
