/**
 * Unread count: the number behind the header's 站内信 badge. The shell invokes it for its whole life
 * (systemId `unread`), so it counts while someone is signed in and stops on sign-out.
 *
 * `loading` invokes `loadCount` → `waiting` with the count; `waiting` asks again after `refreshInterval` or
 * at once on `unread.refresh` (a message was read: the inbox and the messages page send it). A failure keeps
 * the last count and waits the same way; a backend without the endpoint → `unavailable` (no badge, never
 * asked again).
 *
 * `watchMessages` (invoked for the chart's life; bound to the message poller by the services) sends
 * `unread.messagesChanged` when the poller shows a message or one is read from its notification: the chart
 * counts again and emits `messages.changed`, which open lists (the inbox, the messages page) reload on.
 */
import { assign, emit, fromCallback, raise, setup } from 'xstate';
import { notProvided } from '../shared/effects.ts';
import type { UnreadEmitted, UnreadError, UnreadEvent } from './types.ts';

export const UNREAD_REFRESH_MS = 30_000;

export const unreadMachine = setup({
  types: {
    context: {} as { count: number | null },
    events: {} as UnreadEvent,
    emitted: {} as UnreadEmitted,
  },
  actors: {
    loadCount: notProvided<number>('loadCount'),
    /** Sends `unread.messagesChanged`; a no-op until bound. */
    watchMessages: fromCallback<UnreadEvent>(() => () => {}),
  },
  guards: {
    isMissingEndpoint: ({ event }) => !!(event as { error?: UnreadError }).error?.missingEndpoint,
  },
  delays: { refreshInterval: UNREAD_REFRESH_MS },
}).createMachine({
  id: 'unread',
  context: { count: null },
  invoke: { id: 'watchMessages', src: 'watchMessages' },
  on: {
    'unread.messagesChanged': {
      actions: [emit({ type: 'messages.changed' }), raise({ type: 'unread.refresh' })],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      // A refresh asked for while a count is on its way may already be out of date: ask again.
      on: { 'unread.refresh': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadCount',
        src: 'loadCount',
        onDone: { target: 'waiting', actions: assign({ count: ({ event }) => event.output }) },
        onError: [{ guard: 'isMissingEndpoint', target: 'unavailable' }, { target: 'waiting' }],
      },
    },
    waiting: {
      after: { refreshInterval: 'loading' },
      on: { 'unread.refresh': 'loading' },
    },
    unavailable: {},
  },
});

export type UnreadMachine = typeof unreadMachine;
