/**
 * The live feed's socket.io connection (CONTRACT.md "Messages and the live feed"; seed §3, §7, §8).
 *
 * `createSocketConnector(options)` returns `connect(token, handlers) → disconnect`, the effect the socket
 * chart's `connection` actor runs. One call, one socket: `io(<API origin>, {path: <API base path>/socket.io,
 * auth: {token}, reconnection: false, transports: ['websocket', 'polling']})`. The chart owns reconnection
 * and back-off, so socket.io's own is off. Server payloads are validated with the contract's schemas; an
 * invalid one goes to `handlers.invalidPayload` (logged by the caller, never toasted) and is dropped —
 * invalid entries of an `items` list are dropped one by one. `disconnect` removes the handlers first, so a
 * closed socket reports nothing (no 断开连接 toast on logout).
 *
 * socket.io-client is loaded on first use (its own chunk: the sign-in page never needs it) unless `io` is
 * passed in — in the browser once the main thread is idle (`whenIdle`): the first connection starts as the
 * shell is drawn after sign-in, and the shell's first paint should not wait for 41 KB of socket code.
 */
import type { io as ioFunction, Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  type Item,
  itemSchema,
  type PermissionsChanged,
  type PhoneState,
  permissionsChangedSchema,
  phoneStateSchema,
  type ServerToClientEvents,
  SOCKET_PATH,
  socketMessageSchema,
  socketNotificationSchema,
} from '../contract/index.ts';
import { SOCKET_NOT_FOUND } from '../machines/socket/items.ts';
import { whenIdle } from './idle.ts';

export type SocketMessagePayload = z.output<typeof socketMessageSchema>;
export type SocketNotificationPayload = z.output<typeof socketNotificationSchema>;

/** What the connection reports. Called only until `disconnect` runs. */
export type SocketHandlers = {
  connected(): void;
  /** socket.io's reason (`transport close`, `io server disconnect`, `ping timeout`…). */
  disconnected(reason: string): void;
  /** `connect_error`: the server middleware's message (`invalid token`) or a transport error's. */
  connectFailed(message: string): void;
  /** `items`, as a list (a single item becomes a list of one), in the order sent. */
  items(items: Item[]): void;
  /** `phone`: a phone went online or offline. */
  phone(payload: PhoneState): void;
  message(payload: SocketMessagePayload): void;
  /** `position` defaults to `top-right`, `duration` to 5000 ms. */
  notification(payload: SocketNotificationPayload): void;
  /** `permissions`: what this user is granted changed (roles default to none). */
  permissions(payload: PermissionsChanged): void;
  /** A payload that does not match the contract (dropped). */
  invalidPayload(event: keyof ServerToClientEvents, detail: { payload: unknown; issues: unknown }): void;
};

/** Opens one connection; the returned function closes it (idempotent). */
export type SocketConnector = (token: string | undefined, handlers: SocketHandlers) => () => void;

export type IoFunction = typeof ioFunction;

export type SocketConnectorOptions = {
  /** The API base URL ('' = same origin, `/prefix`, or `http(s)://host[/prefix]`). */
  apiBase: string;
  /** socket.io-client's `io`; loaded lazily when omitted. */
  io?: IoFunction;
  /** Transport order; default websocket first, long-polling when websockets are blocked. */
  transports?: ('websocket' | 'polling')[];
  /** Handshake timeout in ms (socket.io's default is 20 s). */
  timeout?: number;
};

/**
 * Where the socket lives for an API base: the origin (undefined = the page's) and the engine path under the
 * base path. A path in the URL given to `io()` would name a socket.io namespace, so it goes into `path`.
 */
export function socketTarget(apiBase: string): { url: string | undefined; path: string } {
  const base = apiBase.trim().replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) {
    const url = new URL(base);
    return { url: url.origin, path: `${url.pathname.replace(/\/+$/, '')}${SOCKET_PATH}` };
  }
  return { url: undefined, path: `${base}${SOCKET_PATH}` };
}

type FeedSocket = Socket<ServerToClientEvents, Record<string, never>>;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/**
 * engine.io's TransportError for an HTTP answer carries the status as `description` (polling) or in
 * `context.status`: 404 means this backend has no socket.io (a stock dvadmin).
 */
export function isNotFound(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { description, context } = error as { description?: unknown; context?: { status?: unknown } };
  return description === 404 || context?.status === 404;
}

function attach(socket: FeedSocket, handlers: SocketHandlers, isOpen: () => boolean): void {
  const guard =
    <A extends unknown[]>(run: (...args: A) => void) =>
    (...args: A) => {
      if (isOpen()) run(...args);
    };
  socket.on(
    'connect',
    guard(() => handlers.connected()),
  );
  socket.on(
    'disconnect',
    guard((reason) => handlers.disconnected(String(reason))),
  );
  socket.on(
    'connect_error',
    guard((error) => handlers.connectFailed(isNotFound(error) ? SOCKET_NOT_FOUND : messageOf(error))),
  );
  socket.on(
    'items',
    guard((payload: unknown) => {
      const list = Array.isArray(payload) ? payload : [payload];
      const valid: Item[] = [];
      for (const entry of list) {
        const parsed = itemSchema.safeParse(entry);
        if (parsed.success) valid.push(parsed.data);
        else handlers.invalidPayload('items', { payload: entry, issues: parsed.error.issues });
      }
      if (valid.length) handlers.items(valid);
    }),
  );
  socket.on(
    'phone',
    guard((payload: unknown) => {
      const parsed = phoneStateSchema.safeParse(payload);
      if (parsed.success) handlers.phone(parsed.data);
      else handlers.invalidPayload('phone', { payload, issues: parsed.error.issues });
    }),
  );
  socket.on(
    'message',
    guard((payload: unknown) => {
      const parsed = socketMessageSchema.safeParse(payload);
      if (parsed.success) handlers.message(parsed.data);
      else handlers.invalidPayload('message', { payload, issues: parsed.error.issues });
    }),
  );
  socket.on(
    'notification',
    guard((payload: unknown) => {
      const parsed = socketNotificationSchema.safeParse(payload);
      if (parsed.success) handlers.notification(parsed.data);
      else handlers.invalidPayload('notification', { payload, issues: parsed.error.issues });
    }),
  );
  socket.on(
    'permissions',
    guard((payload: unknown) => {
      const parsed = permissionsChangedSchema.safeParse(payload ?? {});
      if (parsed.success) handlers.permissions(parsed.data);
      else handlers.invalidPayload('permissions', { payload, issues: parsed.error.issues });
    }),
  );
}

export function createSocketConnector(options: SocketConnectorOptions): SocketConnector {
  const { url, path } = socketTarget(options.apiBase);
  const loadIo = (): Promise<IoFunction> =>
    options.io
      ? Promise.resolve(options.io)
      : new Promise<void>((resolve) => whenIdle(resolve, 500))
          .then(() => import('socket.io-client'))
          .then((m) => m.io);

  return (token, handlers) => {
    let open = true;
    let socket: FeedSocket | undefined;
    const start = (io: IoFunction) => {
      if (!open) return;
      const settings = {
        path,
        auth: { token: token ?? '' },
        reconnection: false,
        transports: options.transports ?? ['websocket', 'polling'],
        // Fall back to the next transport when the first cannot connect (a proxy that blocks websockets).
        tryAllTransports: true,
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      };
      socket = (url === undefined ? io(settings) : io(url, settings)) as FeedSocket;
      attach(socket, handlers, () => open);
    };
    // Sync when `io` was given (no microtask between connect and the first handler); lazily otherwise.
    if (options.io) start(options.io);
    else
      loadIo().then(start, (error: unknown) => {
        if (open) handlers.connectFailed(messageOf(error));
      });
    return () => {
      if (!open) return;
      open = false;
      if (socket) {
        socket.off();
        socket.disconnect();
      }
    };
  };
}
