/**
 * Message poller: unread messages shown one at a time (systemId `messagePoller`; seed §4 "Messages", §7
 * `GET /xy/message/get_message/`, §9 every 5000 ms).
 *
 * Lifecycle: `idle` while signed out. `poll.start` (app, on sign-in) → `active.polling`; `poll.stop` (app,
 * on sign-out or logout) → `idle` from anywhere in `active`, which cancels whatever runs there: the ticker,
 * a request (its signal aborts) or an open notification (closed quietly, not marked read).
 *
 * `active`:
 * - `polling` invokes `ticker` (a `poll.tick` every `POLL_INTERVAL_MS`, the poll interval; tests drive it by
 *   hand). A tick → `fetching`.
 * - `fetching` invokes `fetchUnread` (limit 1, page 1, status 0). Requests run only here, so two are never
 *   in flight, and ticks are not even produced meanwhile. An unread message → `showing`; none → `polling`.
 *   A missing endpoint (stock dvadmin) → `unavailable`, logged the first time only, asked again every
 *   `missingEndpointDelay` (5 min) and never toasted. Other failures → `retrying` after `retryDelay` (10 s,
 *   doubling, capped at 5 min; reset by a success), logged at the first failure of a run.
 * - `showing` invokes `showMessageNotification`: a notification that does not close by itself; polling is
 *   paused meanwhile. `notification.dismissed` (the user closed it) → `markingRead`.
 * - `markingRead` invokes `markMessageRead` (`PUT …/{id}/read/` with `{id, status: 1}`), then polling
 *   resumes; a failure is logged and the message simply comes back at a later poll.
 *
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: a message list or badge (the user message page owns that), more than one message at a time.
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { notProvided } from '../shared/effects.ts';
import {
  MAX_FAILURES,
  type Message,
  type MessagePollerContext,
  type MessagePollerEvent,
  MISSING_ENDPOINT_INTERVAL_MS,
  POLL_INTERVAL_MS,
  type PollError,
  type PollerLogEntry,
  retryDelay,
  type TickerInput,
} from './types.ts';

const errorText = (error: unknown) => (error as PollError | undefined)?.message;
/** Guard params of `onError` (annotated: inference does not reach into guard lists there). */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const isMissing = (error: unknown) => (error as PollError | undefined)?.missingEndpoint === true;

export const messagePollerMachine = setup({
  types: {
    context: {} as MessagePollerContext,
    events: {} as MessagePollerEvent,
  },
  actors: {
    /** Sends `poll.tick` every `input.intervalMs` until stopped (plain timers: the same everywhere). */
    ticker: fromCallback<MessagePollerEvent, TickerInput>(({ sendBack, input }) => {
      const timer = setInterval(() => sendBack({ type: 'poll.tick' }), input.intervalMs);
      return () => clearInterval(timer);
    }),
    /** The first unread message, or null; rejects with a `PollError`. */
    fetchUnread: notProvided<Message | null>('fetchUnread'),
    /**
     * A notification that stays until the user closes it, which sends `notification.dismissed`; stopping
     * the actor closes it quietly.
     */
    showMessageNotification: fromCallback<MessagePollerEvent, { message: Message }>(() => () => {}),
    markMessageRead: notProvided<void, { id: number }>('markMessageRead'),
  },
  actions: {
    /** A frontend log entry. */
    log: (_, _params: PollerLogEntry) => {},
    storeMessage: assign({ message: (_, message: Message) => message }),
    clearMessage: assign({ message: null }),
    resetFailures: assign({ failures: 0 }),
    countFailure: assign({ failures: ({ context }) => Math.min(context.failures + 1, MAX_FAILURES) }),
  },
  guards: {
    hasUnreadMessage: (_, output: Message | null) => output !== null && output.status === 0,
    /** The backend has no such route (stock dvadmin): not a failure to back off from. */
    isMissingEndpoint: (_, error: unknown) => isMissing(error),
    isFirstFailure: ({ context }) => context.failures === 0,
  },
  delays: {
    retryDelay: ({ context }) => retryDelay(context.failures),
    missingEndpointDelay: MISSING_ENDPOINT_INTERVAL_MS,
  },
}).createMachine({
  id: 'messagePoller',
  context: { message: null, failures: 0, missingEndpointLogged: false },
  initial: 'idle',
  states: {
    idle: {
      on: { 'poll.start': 'active' },
    },
    active: {
      on: { 'poll.stop': { target: 'idle', actions: ['clearMessage', 'resetFailures'] } },
      initial: 'polling',
      states: {
        polling: {
          invoke: { id: 'ticker', src: 'ticker', input: { intervalMs: POLL_INTERVAL_MS } },
          on: { 'poll.tick': 'fetching' },
        },
        fetching: {
          invoke: {
            id: 'fetchUnread',
            src: 'fetchUnread',
            onDone: [
              {
                guard: { type: 'hasUnreadMessage', params: ({ event }) => event.output },
                target: 'showing',
                actions: ['resetFailures', { type: 'storeMessage', params: ({ event }) => event.output! }],
              },
              { target: 'polling', actions: 'resetFailures' },
            ],
            onError: [
              {
                guard: { type: 'isMissingEndpoint', params: errorOf },
                target: 'unavailable',
                // The backend stays without it: one log line for the page's life, not one per check.
                actions: enqueueActions(({ context, event, enqueue }) => {
                  if (context.missingEndpointLogged) return;
                  enqueue.assign({ missingEndpointLogged: true });
                  enqueue({
                    type: 'log',
                    params: {
                      key: 'realtime:messages.endpointMissing',
                      type: 'info',
                      meta: { error: errorText(event.error) },
                    },
                  });
                }),
              },
              {
                guard: 'isFirstFailure',
                target: 'retrying',
                actions: [
                  'countFailure',
                  {
                    type: 'log',
                    params: ({ event }) => ({
                      key: 'realtime:messages.fetchFailed',
                      type: 'danger' as const,
                      meta: { error: errorText(event.error) },
                    }),
                  },
                ],
              },
              { target: 'retrying', actions: 'countFailure' },
            ],
          },
        },
        retrying: {
          after: { retryDelay: 'fetching' },
        },
        // The endpoint does not exist on this backend; a deploy may add it, so ask again now and then.
        unavailable: {
          after: { missingEndpointDelay: 'fetching' },
        },
        showing: {
          invoke: {
            id: 'showMessageNotification',
            src: 'showMessageNotification',
            input: ({ context }) => ({ message: context.message! }),
          },
          on: { 'notification.dismissed': 'markingRead' },
        },
        markingRead: {
          invoke: {
            id: 'markMessageRead',
            src: 'markMessageRead',
            input: ({ context }) => ({ id: context.message!.id }),
            onDone: { target: 'polling', actions: 'clearMessage' },
            onError: {
              target: 'polling',
              actions: [
                {
                  type: 'log',
                  params: ({ context, event }) => ({
                    key: 'realtime:messages.markReadFailed',
                    type: 'danger' as const,
                    meta: { id: context.message?.id, error: errorText(event.error) },
                  }),
                },
                'clearMessage',
              ],
            },
          },
        },
      },
    },
  },
});

export type MessagePollerMachine = typeof messagePollerMachine;
