/**
 * Inbox: the 站内信 page's list of the user's received messages. The shell spawns it when the page mounts
 * (`shell.pageOpened`) and stops it when the page goes; effects are bound in
 * src/services/implementations/messages.ts.
 *
 * `loading` invokes `loadPage` with the filter (全部 / 未读 / 已读) and page → `ready` | `failed` (retry).
 * A filter or page change from any state loads again (a filter change goes back to page 1; the request in
 * flight is cancelled). In `ready`, `inbox.markRead` → `marking` (`markRead`), then the row shows read —
 * and under the 未读 filter the page loads again, since the row no longer belongs there — and `readMarked`
 * tells the unread badge. A failed mark is toasted by the http layer and the list stays as it was.
 * `inbox.changed` (a message arrived or was read from its notification: `watchChanges`, invoked for the
 * chart's life, relays the unread chart's `messages.changed`) reloads the page in place — from
 * `ready` or `failed`, or restarting a load in flight; while marking, the mark's own reload or row update
 * wins and the next change reloads.
 * Not modelled: message detail, deleting, sending (the message centre admin page owns those).
 */
import { assign, fromCallback, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import {
  INBOX_PAGE_SIZE,
  type InboxContext,
  type InboxEvent,
  type InboxQuery,
  type InboxRow,
  type Page,
} from './types.ts';

export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: {
    loadPage: notProvided<Page<InboxRow>, InboxQuery>('loadPage'),
    markRead: notProvided<void, { id: number }>('markRead'),
    /** Sends `inbox.changed` when messages change elsewhere; a no-op until bound. */
    watchChanges: fromCallback<InboxEvent>(() => () => {}),
  },
  actions: {
    /** A message became read (the unread badge counts again). */
    readMarked: () => {},
  },
  guards: {
    isUnreadFilter: ({ context }) => context.filter === 'unread',
  },
}).createMachine({
  id: 'inbox',
  context: {
    filter: 'all',
    page: 1,
    limit: INBOX_PAGE_SIZE,
    rows: [],
    total: 0,
    error: null,
    markingId: null,
  },
  invoke: { id: 'watchChanges', src: 'watchChanges' },
  initial: 'loading',
  on: {
    'inbox.filterChanged': {
      target: '.loading',
      reenter: true,
      actions: assign({ filter: ({ event }) => event.filter, page: 1 }),
    },
    'inbox.pageChanged': {
      target: '.loading',
      reenter: true,
      actions: assign({ page: ({ event }) => Math.max(1, event.page) }),
    },
  },
  states: {
    loading: {
      on: { 'inbox.changed': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, limit: context.limit, filter: context.filter }),
        onDone: {
          target: 'ready',
          actions: assign({
            rows: ({ event }) => event.output.data,
            total: ({ event }) => event.output.total,
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => reasonFromError(event.error, 'profile:messages.load_failed'),
          }),
        },
      },
    },
    ready: {
      on: {
        'inbox.markRead': { target: 'marking', actions: assign({ markingId: ({ event }) => event.id }) },
        'inbox.changed': 'loading',
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.markingId ?? 0 }),
        onDone: [
          {
            guard: 'isUnreadFilter',
            target: 'loading',
            actions: ['readMarked', assign({ markingId: null })],
          },
          {
            target: 'ready',
            actions: [
              'readMarked',
              assign({
                rows: ({ context }) =>
                  context.rows.map((row) => (row.id === context.markingId ? { ...row, is_read: true } : row)),
                markingId: null,
              }),
            ],
          },
        ],
        onError: { target: 'ready', actions: assign({ markingId: null }) },
      },
    },
    failed: {
      on: { 'inbox.retry': 'loading', 'inbox.changed': 'loading' },
    },
  },
});

export type InboxMachine = typeof inboxMachine;
