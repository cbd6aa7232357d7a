import type { Item, PhoneState } from '../../contract/index.ts';
import type { Reason } from '../shared/effects.ts';

export type { Item, PhoneState };

/** A `message` event from the server (CONTRACT.md): shown as a 5 s toast. */
export type SocketMessage = { message: string; type?: string | undefined };

/** A `notification` event, defaults applied by the effect: position `top-right`, duration 5000 ms. */
export type SocketNotification = {
  title: string;
  message: string;
  type?: string | undefined;
  position: string;
  duration: number;
};

export type SocketContext = {
  /**
   * The access token to connect with when the chart knows it (`socket.start`, `socket.tokenRefreshed`);
   * null → the effect reads the token cookie.
   */
  token: string | null;
  /** Reconnect attempts since the last successful connect, capped at `MAX_BACKOFF_STEP`. */
  backoffStep: number;
  /** A connect error was already toasted in this outage (reset by a successful connect). */
  errorNotified: boolean;
  /** The session already refreshed the token once for `invalid token` since the last successful connect. */
  tokenRefreshed: boolean;
  /** The live list: newest first, at most `MAX_ITEMS`, one entry per item id. */
  items: Item[];
  /**
   * Connect attempts answered 404 (no socket.io on this backend, e.g. a stock dvadmin) since the last
   * successful connect, capped at `NOT_FOUND_STREAK`: from there the chart waits `NOT_FOUND_DELAY_MS`.
   */
  notFoundStreak: number;
};

export type SocketEvent =
  /** Signed in (forwarded by `app` from `session.signedIn`); the token is optional. */
  | { type: 'socket.start'; token?: string }
  /** Signed out or logging out (forwarded by `app`): close the socket and forget the items. */
  | { type: 'socket.stop' }
  /** The session has a new access token (forwarded by `app` from `session.refreshed`). */
  | { type: 'socket.tokenRefreshed'; token: string }
  /* ---------- from the `connection` effect ---------- */
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  /** `connect_error`: `message` is `invalid token` when the server refused the handshake's token. */
  | { type: 'socket.connectFailed'; message: string }
  /** `items`, one item or a list, validated and normalised to a list (oldest first, as sent). */
  | { type: 'socket.itemsReceived'; items: Item[] }
  /** `phone`: a phone went online or offline (the monitoring pipeline). */
  | { type: 'socket.phoneReceived'; phone: PhoneState }
  | { type: 'socket.messageReceived'; payload: SocketMessage }
  | { type: 'socket.notificationReceived'; payload: SocketNotification }
  /** `permissions`: what this user is granted changed (issue 16); `roles` are the affected roles. */
  | { type: 'socket.permissionsReceived'; roles: number[] };

/**
 * Events the chart emits (`actor.on(type, …)`): `socket.items` carries the items that just arrived, in the
 * order sent, for a view that appends rather than selects the list; `socket.phone` a phone's new state (the
 * phones page patches its list with it).
 */
export type SocketEmitted =
  | { type: 'socket.items'; items: Item[] }
  | { type: 'socket.phone'; phone: PhoneState };

/** A toast; `reason.text` (the server's own words) wins over the translated `reason.key`. */
/** A toast; `status: true` for the connection's own status (连接成功 / 断开连接 / …: one on screen at a time). */
export type SocketNotice = { kind: 'success' | 'error' | 'warning' | 'info'; reason: Reason; status?: true };

/** A frontend log entry; the effect translates `key` (namespace included). */
export type SocketLogEntry = { key: string; type: 'info' | 'warning' | 'danger'; meta?: unknown };

/** What the `connection` effect is started with. */
export type ConnectionInput = { token: string | null };

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'connectionError';
