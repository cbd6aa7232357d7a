/**
 * Binds the `socket` chart to real effects: `socketMachine.provide(createSocketImplementations(deps))`.
 *
 * `deps` are plain functions the UI builds from src/services:
 * - `connect`: `createSocketConnector({apiBase})` from services/socket.ts (socket.io-client);
 * - `getToken`: the token cookie (`getSessionCookies().getToken`), used when the chart has no token yet;
 * - `requestTokenRefresh`: hands an `invalid token` to the session (the token that connection sent), e.g.
 *   `(token) => session.send({type: 'session.refreshRequested', token})`; the answer comes back to the
 *   chart as `socket.tokenRefreshed` (app forwards `session.refreshed`);
 * - `notify`: the toast (notify.ts `showNotice` fits); `showNotification`: `showSocketNotification` below;
 * - `log`: the frontend log sink (`createLogSink(getLogRef(app), …)` fits); `t`: i18next's `t`.
 */
import { type NotificationData, notifications } from '@mantine/notifications';
import { fromCallback } from 'xstate';
import type { SocketMachine } from '../../machines/socket/socket.machine.ts';
import type {
  ConnectionInput,
  SocketEvent,
  SocketLogEntry,
  SocketNotice,
  SocketNotification,
} from '../../machines/socket/types.ts';
import type { LogFn, NotifyFn, NotifyKind, TranslateFn } from '../http/types.ts';
import { NOTICE_COLOR } from '../notify.ts';
import type { SocketConnector } from '../socket.ts';
import { type EffectErrorHandler, guarded, NOTICE_DURATION_MS } from './effects.ts';

/** The toast slot of the connection status. */
export const CONNECTION_NOTICE = 'socket-connection';

/** A server `notification` as the UI shows it; `kind` undefined is a plain notification. */
export type SocketNotificationRequest = {
  title: string;
  message: string;
  kind: NotifyKind | undefined;
  position: string;
  durationMs: number;
};

export type SocketDeps = {
  /** Opens one socket.io connection; returns its disconnect (services/socket.ts `createSocketConnector`). */
  connect: SocketConnector;
  /** The current access token (the token cookie), when the chart has not been given one. */
  getToken(): string | undefined;
  /** Asks the session for a new access token; `usedToken` is the one the server refused. */
  requestTokenRefresh(usedToken: string | undefined): void;
  /** A toast (5 s). */
  notify: NotifyFn;
  /** A notification with its own title, position and duration. */
  showNotification(notification: SocketNotificationRequest): void;
  /** A frontend log entry. */
  log: LogFn;
  /** The user's grants changed (`permissions`): e.g. `() => session.send({type: 'session.permissionsChanged'})`. */
  permissionsChanged(): void;
  /** i18next's `t`; keys come with their namespace (`realtime:socket.connected`). */
  t: TranslateFn;
  /** Where a failing effect is reported (default: console.error). */
  onError?: EffectErrorHandler;
};

/** Element-style types (`success`, `warning`, `info`, `error`) as notice kinds; others are plain. */
export function notificationKind(type: string | undefined): NotifyKind | undefined {
  return type === 'success' || type === 'warning' || type === 'info' || type === 'error' ? type : undefined;
}

type SocketImplementations = Parameters<SocketMachine['provide']>[0];

export function createSocketImplementations(deps: SocketDeps) {
  const onError = deps.onError ?? ((error, effect) => console.error(`[socket] ${effect} failed`, error));
  // The token the last connection attempt sent. A refusal is about that token, not about whatever token is
  // current when it is reported: the session may have refreshed in between (a request's 401 at boot), and
  // blaming the fresh token ends the session ("refused after renewal").
  let connectedWith: string | undefined;
  return {
    actors: {
      connection: fromCallback<SocketEvent, ConnectionInput>(({ sendBack, input }) => {
        connectedWith = input.token ?? deps.getToken();
        return deps.connect(connectedWith, {
          connected: () => sendBack({ type: 'socket.connected' }),
          disconnected: (reason) => sendBack({ type: 'socket.disconnected', reason }),
          connectFailed: (message) => sendBack({ type: 'socket.connectFailed', message }),
          items: (items) => sendBack({ type: 'socket.itemsReceived', items }),
          phone: (phone) => sendBack({ type: 'socket.phoneReceived', phone }),
          message: (payload) => sendBack({ type: 'socket.messageReceived', payload }),
          notification: (payload) => sendBack({ type: 'socket.notificationReceived', payload }),
          permissions: ({ roles }) => sendBack({ type: 'socket.permissionsReceived', roles }),
          // Logged, never toasted: a malformed event is the server's bug, not the user's problem.
          invalidPayload: (event, detail) =>
            deps.log({
              message: deps.t('realtime:socket.invalidPayload', { event }),
              type: 'danger',
              meta: { event, ...detail },
            }),
        });
      }),
    },
    actions: {
      notify: guarded(
        'notify',
        (_: unknown, { kind, reason, status }: SocketNotice) =>
          // One connection status on screen: 断开连接 → 连接成功 replace each other instead of stacking up.
          deps.notify({
            kind,
            message: reason.text ?? deps.t(reason.key),
            durationMs: NOTICE_DURATION_MS,
            ...(status ? { replaces: CONNECTION_NOTICE } : {}),
          }),
        onError,
      ),
      showNotification: guarded(
        'showNotification',
        (_: unknown, n: SocketNotification) =>
          deps.showNotification({
            title: n.title,
            message: n.message,
            kind: notificationKind(n.type),
            position: n.position,
            durationMs: n.duration,
          }),
        onError,
      ),
      requestTokenRefresh: guarded(
        'requestTokenRefresh',
        // the chart's own token may already be a newer one than the refused connection sent
        (_: unknown, _params: { token: string | null }) => deps.requestTokenRefresh(connectedWith),
        onError,
      ),
      reportPermissionsChanged: guarded('reportPermissionsChanged', () => deps.permissionsChanged(), onError),
      log: guarded(
        'log',
        (_: unknown, { key, type, meta }: SocketLogEntry) =>
          deps.log(
            meta === undefined ? { message: deps.t(key), type } : { message: deps.t(key), type, meta },
          ),
        onError,
      ),
    },
  } satisfies SocketImplementations;
}

const POSITIONS: readonly NonNullable<NotificationData['position']>[] = [
  'top-left',
  'top-right',
  'top-center',
  'bottom-left',
  'bottom-right',
  'bottom-center',
];

/** `showNotification` on Mantine's notification store (callable outside React). */
export function showSocketNotification({
  title,
  message,
  kind,
  position,
  durationMs,
}: SocketNotificationRequest) {
  notifications.show({
    title,
    message,
    ...(kind ? { color: NOTICE_COLOR[kind] } : {}),
    position: POSITIONS.find((p) => p === position) ?? 'top-right',
    autoClose: durationMs > 0 ? durationMs : false,
    withCloseButton: true,
  });
}
