/** Generated-path fixtures for the messages charts: the inbox (filters, pages, marking) and the unread count. */
import { inboxMachine } from '../../../src/machines/messages/inbox.machine.ts';
import type { InboxContext, InboxRow } from '../../../src/machines/messages/types.ts';
import { unreadMachine } from '../../../src/machines/messages/unread.machine.ts';
import type { ChartFixture } from '../support/paths.ts';

const row: InboxRow = { id: 1, title: 'm1', is_read: false };

export const inboxFixture: ChartFixture = {
  machine: inboxMachine,
  events: [
    { type: 'inbox.filterChanged', filter: 'all' },
    { type: 'inbox.filterChanged', filter: 'unread' },
    { type: 'inbox.pageChanged', page: 2 },
    { type: 'inbox.markRead', id: 1 },
    { type: 'inbox.retry' },
    { type: 'inbox.changed' },
  ],
  actors: {
    loadPage: { done: [{ page: 1, limit: 10, total: 1, data: [row] }], error: [{ message: '网络异常' }] },
    markRead: { done: [undefined], error: [{ message: '网络异常' }] },
  },
  inert: ['watchChanges'],
  // The mark-read guard reads the filter.
  summarize: (c: InboxContext) => ({ filter: c.filter, marking: c.markingId !== null }),
};

export const unreadFixture: ChartFixture = {
  machine: unreadMachine,
  events: [{ type: 'unread.refresh' }, { type: 'unread.messagesChanged' }],
  actors: {
    loadCount: { done: [3], error: [{ missingEndpoint: true }, { missingEndpoint: false }] },
  },
  inert: ['watchMessages'],
  summarize: (c: { count: number | null }) => ({ counted: c.count !== null }),
};
