/**
 * Socket: the live feed over socket.io (systemId `socket`; seed §3 socket events, §4 "Socket states", §8).
 *
 * Lifecycle: `idle` while signed out. `socket.start` (app, on sign-in) → `active`; `socket.stop` (app, on
 * sign-out or logout) → `idle` from anywhere in `active`, forgetting the items. The socket itself is the
 * `connection` callback actor invoked in `active.online`: leaving `online` disconnects it, so there is one
 * socket per signed-in page at most. The effect never reconnects by itself (`reconnection: false`): the
 * chart owns reconnection.
 *
 * `active`:
 * - `online` → `connecting` → `connected` on `socket.connected` (toast 连接成功; back-off, error toast and
 *   token-refresh allowance reset). While connected the server's `items` join the live list (newest first,
 *   200 at most, also emitted as `socket.items`), `phone` (a phone went online / offline) is emitted as
 *   `socket.phone` for the phones page, `message` is a 5 s toast, `notification` a notification
 *   with its own title, type, position and duration, and `permissions` (the user's grants changed) is
 *   handed to the session (`reportPermissionsChanged`), which fetches the menus again. `socket.disconnected` → `disconnected` (toast 断开连接).
 * - A connect error: `invalid token` shows nothing and asks the session for a refresh
 *   (`requestTokenRefresh`), then `awaitingToken` reconnects on `socket.tokenRefreshed`. Only once per
 *   successful connect: a refreshed token refused again waits in `connectionError` like any other failure,
 *   so a server that refuses every token cannot start a refresh loop. Other errors → `connectionError`,
 *   toasted (连接服务器失败,实时显示可能不正常) and logged once per outage, not on every retry.
 * - A connect answered 404 (`SOCKET_NOT_FOUND`: no socket.io on this backend, a stock dvadmin) is not
 *   toasted: logged once per outage, and after `NOT_FOUND_STREAK` of them in a row the wait grows to
 *   `NOT_FOUND_DELAY_MS` (10 min), so a backend without socket.io costs two 404s per 10 minutes, not per 30 s.
 * - `disconnected` and `connectionError` wait `reconnectDelay` (1 s, 2 s, 4 s … 30 s) and go `online`.
 * - `awaitingToken` gives up after `tokenWaitTimeout` (the session may never answer) and waits as above.
 *
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: events sent to the server (the feed is one-way), namespaces and rooms (the server picks the
 * user's events from the token), pausing while the page is hidden.
 */
import { and, assign, emit, fromCallback, not, setup } from 'xstate';
import {
  attemptDelay,
  MAX_BACKOFF_STEP,
  messageKind,
  NOT_FOUND_STREAK,
  prependItems,
  SOCKET_NOT_FOUND,
} from './items.ts';
import type {
  ConnectionInput,
  PhoneState,
  SocketContext,
  SocketEmitted,
  SocketEvent,
  SocketLogEntry,
  SocketNotice,
  SocketNotification,
} from './types.ts';

/** The contract's `INVALID_TOKEN` (charts import the contract for types only). */
const INVALID_TOKEN = 'invalid token';

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    emitted: {} as SocketEmitted,
  },
  actors: {
    /**
     * One socket.io connection with `auth: {token}`; reports `socket.connected`, `socket.disconnected`,
     * `socket.connectFailed` and the server's events; its cleanup disconnects. A placeholder here.
     */
    connection: fromCallback<SocketEvent, ConnectionInput>(() => () => {}),
  },
  actions: {
    /** A toast (5 s). */
    notify: (_, _params: SocketNotice) => {},
    /** A notification with the server's title, type, position and duration. */
    showNotification: (_, _params: SocketNotification) => {},
    /** Asks the session for a new access token; `token` is the refused one when the chart knows it. */
    requestTokenRefresh: (_, _params: { token: string | null }) => {},
    /** A frontend log entry. */
    log: (_, _params: SocketLogEntry) => {},
    /** The user's grants changed on the server: tells the session (which fetches the menus again). */
    reportPermissionsChanged: () => {},

    storeToken: assign({
      token: ({ context, event }) =>
        (event.type === 'socket.start' || event.type === 'socket.tokenRefreshed') && event.token
          ? event.token
          : context.token,
    }),
    storeItems: assign({
      items: ({ context, event }) =>
        event.type === 'socket.itemsReceived' ? prependItems(context.items, event.items) : context.items,
    }),
    emitItems: emit(({ event }) => ({
      type: 'socket.items' as const,
      items: event.type === 'socket.itemsReceived' ? event.items : [],
    })),
    emitPhone: emit((_, params: { phone: PhoneState }) => ({
      type: 'socket.phone' as const,
      phone: params.phone,
    })),
    resetBackoff: assign({ backoffStep: 0, errorNotified: false, tokenRefreshed: false, notFoundStreak: 0 }),
    countNotFound: assign({
      notFoundStreak: ({ context }) => Math.min(context.notFoundStreak + 1, NOT_FOUND_STREAK),
    }),
    advanceBackoff: assign({
      backoffStep: ({ context }) => Math.min(context.backoffStep + 1, MAX_BACKOFF_STEP),
    }),
    markErrorNotified: assign({ errorNotified: true }),
    markTokenRefreshed: assign({ tokenRefreshed: true }),
    forget: assign({
      token: null,
      backoffStep: 0,
      errorNotified: false,
      tokenRefreshed: false,
      items: [],
      notFoundStreak: 0,
    }),
  },
  guards: {
    isInvalidToken: ({ event }) => event.type === 'socket.connectFailed' && event.message === INVALID_TOKEN,
    hasRefreshedToken: ({ context }) => context.tokenRefreshed,
    hasNotifiedError: ({ context }) => context.errorNotified,
    isNotFound: ({ event }) => event.type === 'socket.connectFailed' && event.message === SOCKET_NOT_FOUND,
  },
  delays: {
    /**
     * Back-off before the next attempt: doubles from 1 s, capped at 30 s (10 min after repeated 404s),
     * reset by a successful connect.
     */
    reconnectDelay: ({ context }) => attemptDelay(context.backoffStep, context.notFoundStreak),
    /** How long to wait for the session's refreshed token before retrying with back-off. */
    tokenWaitTimeout: 30_000,
  },
}).createMachine({
  id: 'socket',
  context: {
    token: null,
    backoffStep: 0,
    errorNotified: false,
    tokenRefreshed: false,
    items: [],
    notFoundStreak: 0,
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'socket.start': { target: 'active', actions: 'storeToken' } },
    },
    active: {
      on: {
        'socket.stop': { target: 'idle', actions: 'forget' },
        'socket.tokenRefreshed': { actions: 'storeToken' },
      },
      initial: 'online',
      states: {
        online: {
          invoke: {
            id: 'connection',
            src: 'connection',
            input: ({ context }) => ({ token: context.token }),
          },
          initial: 'connecting',
          states: {
            connecting: {
              tags: ['connecting'],
              on: {
                'socket.connected': {
                  target: 'connected',
                  actions: [
                    'resetBackoff',
                    {
                      type: 'notify',
                      params: { kind: 'success', reason: { key: 'realtime:socket.connected' }, status: true },
                    },
                  ],
                },
                'socket.connectFailed': [
                  {
                    guard: and(['isInvalidToken', not('hasRefreshedToken')]),
                    target: '#socket.active.awaitingToken',
                    actions: [
                      'markTokenRefreshed',
                      { type: 'requestTokenRefresh', params: ({ context }) => ({ token: context.token }) },
                    ],
                  },
                  {
                    // The refreshed token was refused too: no toast (it is not a network problem), a log line.
                    guard: 'isInvalidToken',
                    target: '#socket.active.connectionError',
                    actions: {
                      type: 'log',
                      params: { key: 'realtime:socket.tokenRefused', type: 'danger' },
                    },
                  },
                  {
                    // No socket.io on this backend: expected on a stock dvadmin, so no toast; logged once.
                    guard: and(['isNotFound', 'hasNotifiedError']),
                    target: '#socket.active.connectionError',
                    actions: 'countNotFound',
                  },
                  {
                    guard: 'isNotFound',
                    target: '#socket.active.connectionError',
                    actions: [
                      'countNotFound',
                      'markErrorNotified',
                      { type: 'log', params: { key: 'realtime:socket.notFound', type: 'warning' } },
                    ],
                  },
                  { guard: 'hasNotifiedError', target: '#socket.active.connectionError' },
                  {
                    target: '#socket.active.connectionError',
                    actions: [
                      'markErrorNotified',
                      {
                        type: 'notify',
                        params: {
                          kind: 'error',
                          reason: { key: 'realtime:socket.connectFailed' },
                          status: true,
                        },
                      },
                      {
                        type: 'log',
                        params: ({ event }) => ({
                          key: 'realtime:socket.connectFailed',
                          type: 'danger' as const,
                          meta: { error: event.type === 'socket.connectFailed' ? event.message : undefined },
                        }),
                      },
                    ],
                  },
                ],
              },
            },
            connected: {
              tags: ['connected'],
              on: {
                'socket.itemsReceived': { actions: ['storeItems', 'emitItems'] },
                'socket.phoneReceived': {
                  actions: { type: 'emitPhone', params: ({ event }) => ({ phone: event.phone }) },
                },
                'socket.messageReceived': {
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      kind: messageKind(event.payload.type),
                      reason: { key: 'realtime:socket.message', text: event.payload.message },
                    }),
                  },
                },
                'socket.notificationReceived': {
                  actions: { type: 'showNotification', params: ({ event }) => event.payload },
                },
                'socket.permissionsReceived': { actions: 'reportPermissionsChanged' },
                'socket.disconnected': {
                  target: '#socket.active.disconnected',
                  actions: {
                    type: 'notify',
                    params: { kind: 'error', reason: { key: 'realtime:socket.disconnected' }, status: true },
                  },
                },
              },
            },
          },
        },
        awaitingToken: {
          tags: ['connecting'],
          on: { 'socket.tokenRefreshed': { target: 'online', actions: 'storeToken' } },
          after: { tokenWaitTimeout: 'connectionError' },
        },
        disconnected: {
          tags: ['disconnected'],
          after: { reconnectDelay: { target: 'online', actions: 'advanceBackoff' } },
        },
        connectionError: {
          tags: ['connectionError'],
          after: { reconnectDelay: { target: 'online', actions: 'advanceBackoff' } },
        },
      },
    },
  },
});

export type SocketMachine = typeof socketMachine;
