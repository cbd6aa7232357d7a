/**
 * Unread count: the number behind the header's 站内信 badge (one per app, running while something shows it).
 *
 * `loading` invokes `loadCount` → `waiting` with the count; `waiting` asks again after `refreshInterval` or
 * at once on `unread.refresh` (a message was read, or a new one arrived). A failure keeps the last count
 * and waits the same way; a backend without the endpoint → `unavailable` (no badge, never asked again).
 */
import { assign, setup } from 'xstate';
import { notProvided } from '../../machines/shared/effects.ts';

export type UnreadEvent = { type: 'unread.refresh' };
export type UnreadError = { missingEndpoint?: boolean };

export const UNREAD_REFRESH_MS = 30_000;

export const unreadMachine = setup({
  types: { context: {} as { count: number | null }, events: {} as UnreadEvent },
  actors: { loadCount: notProvided<number>('loadCount') },
  guards: {
    isMissingEndpoint: ({ event }) => !!(event as { error?: UnreadError }).error?.missingEndpoint,
  },
  delays: { refreshInterval: UNREAD_REFRESH_MS },
}).createMachine({
  id: 'unread',
  context: { count: null },
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
