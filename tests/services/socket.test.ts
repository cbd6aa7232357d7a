import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NOT_FOUND } from '../../src/machines/socket/items.ts';
import {
  createSocketConnector,
  type SocketHandlers,
  type SocketMessagePayload,
  type SocketNotificationPayload,
  socketTarget,
} from '../../src/services/socket.ts';

/**
 * The socket effect against a real socket.io 4.8 server on 127.0.0.1 (free port): a middleware accepts one
 * token and refuses the others with `invalid token`, as the contract's server does.
 */
const GOOD_TOKEN = 'good-token';

type Served = {
  http: HttpServer;
  io: Server;
  base: string;
  disconnects: string[];
  connections: () => number;
};

async function serve(path = '/socket.io'): Promise<Served> {
  const http = createServer();
  const server = new Server(http, { path });
  const disconnects: string[] = [];
  let connections = 0;
  server.use((socket, next) => {
    if (socket.handshake.auth.token === GOOD_TOKEN) next();
    else next(new Error('invalid token'));
  });
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('disconnect', (reason) => disconnects.push(reason));
    // What a signed-in user gets, pushed as soon as the connection is accepted (two payloads are invalid).
    socket.emit('items', { id: 1, title: '新品上架', price: 9.9 });
    socket.emit('items', [{ id: 2, title: 'A' }, { title: 'no id' }, { id: 3, title: 'B' }]);
    socket.emit('phone', { id: 7, name: '一号机', serial: 'SN-7', online: false, last_seen: null });
    socket.emit('message', { message: '新订单', type: 'success' });
    socket.emit('message', { text: 'not a message' });
    socket.emit('permissions', { roles: [2] });
    socket.emit('permissions', {});
    socket.emit('notification', { title: '审批', message: '请处理' });
    socket.emit('notification', {
      title: '告警',
      message: 'CPU',
      type: 'error',
      position: 'bottom-left',
      duration: 0,
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { http, io: server, base: `http://127.0.0.1:${port}`, disconnects, connections: () => connections };
}

async function close(served: Served): Promise<void> {
  await new Promise<void>((resolve) => served.io.close(() => resolve()));
}

/** Records what the connection reports; `next(kind)` waits for the next report of that kind. */
function recorder() {
  const seen: { kind: keyof SocketHandlers; value: unknown }[] = [];
  const waiters: { kind: string; count: number; resolve: () => void }[] = [];
  const record = (kind: keyof SocketHandlers, value: unknown) => {
    seen.push({ kind, value });
    for (const w of [...waiters]) {
      if (seen.filter((s) => s.kind === w.kind).length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const handlers: SocketHandlers = {
    connected: () => record('connected', undefined),
    disconnected: (reason) => record('disconnected', reason),
    connectFailed: (message) => record('connectFailed', message),
    items: (items) => record('items', items),
    phone: (payload) => record('phone', payload),
    message: (payload) => record('message', payload),
    notification: (payload) => record('notification', payload),
    permissions: (payload) => record('permissions', payload),
    invalidPayload: (event, detail) => record('invalidPayload', { event, ...detail }),
  };
  const of = (kind: keyof SocketHandlers) => seen.filter((s) => s.kind === kind).map((s) => s.value);
  const until = (kind: keyof SocketHandlers, count = 1) =>
    new Promise<void>((resolve, reject) => {
      if (of(kind).length >= count) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${count} × ${kind}`)), 5_000);
      waiters.push({
        kind,
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  return { handlers, seen, of, until };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket effect against a real socket.io server', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve();
  });
  afterAll(async () => {
    await close(served);
  });

  it('the good token connects, and items, phone, message and notification reach the handlers validated', async () => {
    const r = recorder();
    const connect = createSocketConnector({ apiBase: served.base, io, transports: ['websocket'] });
    const disconnect = connect(GOOD_TOKEN, r.handlers);
    await r.until('connected');
    await r.until('notification', 2);
    await r.until('invalidPayload', 2);

    expect(r.of('items')).toEqual([
      [{ id: 1, title: '新品上架', price: 9.9 }],
      [
        { id: 2, title: 'A' },
        { id: 3, title: 'B' },
      ],
    ]);
    expect(r.of('phone')).toEqual([
      { id: 7, name: '一号机', serial: 'SN-7', online: false, last_seen: null },
    ]);
    expect(r.of('message')).toEqual([
      { message: '新订单', type: 'success' },
    ] satisfies SocketMessagePayload[]);
    // The user's grants changed: the roles, none when the server names none.
    expect(r.of('permissions')).toEqual([{ roles: [2] }, { roles: [] }]);
    expect(r.of('notification')).toEqual([
      { title: '审批', message: '请处理', position: 'top-right', duration: 5000 },
      { title: '告警', message: 'CPU', type: 'error', position: 'bottom-left', duration: 0 },
    ] satisfies SocketNotificationPayload[]);
    // Invalid payloads are reported (for the log) and dropped.
    expect(r.of('invalidPayload').map((v) => (v as { event: string }).event)).toEqual(['items', 'message']);
    expect(r.of('connectFailed')).toEqual([]);
    disconnect();
  });

  it('a bad token is refused: the error handler sees invalid token', async () => {
    const r = recorder();
    const disconnect = createSocketConnector({ apiBase: served.base, io })('stolen', r.handlers);
    await r.until('connectFailed');
    expect(r.of('connectFailed')).toEqual(['invalid token']);
    expect(r.of('connected')).toEqual([]);
    disconnect();
  });

  it('no token at all is refused the same way', async () => {
    const r = recorder();
    const disconnect = createSocketConnector({ apiBase: served.base, io })(undefined, r.handlers);
    await r.until('connectFailed');
    expect(r.of('connectFailed')).toEqual(['invalid token']);
    disconnect();
  });

  it('cleanup disconnects, and the closed socket reports nothing (no disconnect toast on logout)', async () => {
    const r = recorder();
    const before = served.disconnects.length;
    const disconnect = createSocketConnector({ apiBase: served.base, io })(GOOD_TOKEN, r.handlers);
    await r.until('connected');
    expect(served.io.of('/').sockets.size).toBeGreaterThan(0);
    disconnect();
    disconnect();
    const deadline = Date.now() + 5_000;
    while (served.disconnects.length === before && Date.now() < deadline) await sleep(10);
    expect(served.disconnects.slice(before)).toEqual(['client namespace disconnect']);
    expect(r.of('disconnected')).toEqual([]);
  });

  it('a server that drops the connection is reported as disconnected, and nothing reconnects by itself', async () => {
    const r = recorder();
    const disconnect = createSocketConnector({ apiBase: served.base, io })(GOOD_TOKEN, r.handlers);
    await r.until('connected');
    for (const socket of served.io.of('/').sockets.values()) socket.disconnect(true);
    await r.until('disconnected');
    expect(r.of('disconnected')).toEqual(['io server disconnect']);
    await sleep(300);
    expect(r.of('connected')).toHaveLength(1);
    disconnect();
  });

  it('socket.io-client is loaded on first use when not given', async () => {
    const r = recorder();
    const disconnect = createSocketConnector({ apiBase: served.base })(GOOD_TOKEN, r.handlers);
    await r.until('connected');
    disconnect();
  });

  it('closed before socket.io-client has loaded: no socket is ever opened', async () => {
    const r = recorder();
    const before = served.connections();
    const disconnect = createSocketConnector({ apiBase: served.base })(GOOD_TOKEN, r.handlers);
    disconnect();
    await sleep(300);
    expect(served.connections()).toBe(before);
    expect(r.seen).toEqual([]);
  });

  it('an unreachable server is a connect error (the chart retries, socket.io does not)', async () => {
    const r = recorder();
    const unused = await serve();
    await close(unused);
    const disconnect = createSocketConnector({ apiBase: unused.base, io, timeout: 2_000 })(
      GOOD_TOKEN,
      r.handlers,
    );
    await r.until('connectFailed');
    await sleep(300);
    expect(r.of('connectFailed')).toHaveLength(1);
    expect(r.of('connected')).toEqual([]);
    disconnect();
  });
  it('a backend without socket.io (every path answers 404, as a stock dvadmin) is reported as not found', async () => {
    const plain = createServer((_, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not found"}');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as AddressInfo;
    const r = recorder();
    const disconnect = createSocketConnector({ apiBase: `http://127.0.0.1:${port}`, io, timeout: 2_000 })(
      GOOD_TOKEN,
      r.handlers,
    );
    await r.until('connectFailed');
    expect(r.of('connectFailed')).toEqual([SOCKET_NOT_FOUND]);
    disconnect();
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });
});

describe('socket address', () => {
  it('the API origin with the engine under the API base path (a path in the URL would be a namespace)', () => {
    expect(socketTarget('')).toEqual({ url: undefined, path: '/socket.io' });
    expect(socketTarget('/admin-api/')).toEqual({ url: undefined, path: '/admin-api/socket.io' });
    expect(socketTarget('http://127.0.0.1:8000')).toEqual({
      url: 'http://127.0.0.1:8000',
      path: '/socket.io',
    });
    expect(socketTarget('https://api.example.com/v2/')).toEqual({
      url: 'https://api.example.com',
      path: '/v2/socket.io',
    });
  });

  it('an API base with a path prefix connects to the default namespace under that prefix', async () => {
    const prefixed = await serve('/prefix/socket.io');
    try {
      const r = recorder();
      const disconnect = createSocketConnector({ apiBase: `${prefixed.base}/prefix`, io })(
        GOOD_TOKEN,
        r.handlers,
      );
      await r.until('connected');
      disconnect();
    } finally {
      await close(prefixed);
    }
  });
});
