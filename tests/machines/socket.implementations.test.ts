import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationsStore } from '@mantine/notifications';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { selectConnectionState, selectRecentItems } from '../../src/machines/socket/selectors.ts';
import { type SocketMachine, socketMachine } from '../../src/machines/socket/socket.machine.ts';
import { createI18n, preloadNamespaces } from '../../src/services/i18n/index.ts';
import {
  CONNECTION_NOTICE,
  createSocketImplementations,
  type SocketDeps,
  type SocketNotificationRequest,
  showSocketNotification,
} from '../../src/services/implementations/socket.ts';
import { createSocketConnector, type SocketHandlers } from '../../src/services/socket.ts';
import { settle } from './support/fakes.ts';

const zh = createI18n({ cookieLang: 'zh-chs', react: false });
const en = createI18n({ cookieLang: 'en', react: false });
beforeAll(() => Promise.all([preloadNamespaces(zh), preloadNamespaces(en)]));
const t = (key: string, options?: Record<string, unknown>) => zh.t(key, options ?? {}) as string;

/** The factory with recording deps; `connect` hands out the handlers of each socket it opens. */
function bind(overrides: Partial<SocketDeps> = {}) {
  const opened: { token: string | undefined; handlers: SocketHandlers; closed: boolean }[] = [];
  const deps = {
    connect: vi.fn((token: string | undefined, handlers: SocketHandlers) => {
      const socket = { token, handlers, closed: false };
      opened.push(socket);
      return () => {
        socket.closed = true;
      };
    }),
    getToken: vi.fn(() => 'cookie-token' as string | undefined),
    requestTokenRefresh: vi.fn(),
    notify: vi.fn(),
    showNotification: vi.fn(),
    log: vi.fn(),
    permissionsChanged: vi.fn(),
    t,
    onError: vi.fn(),
    ...overrides,
  } satisfies SocketDeps;
  const actor = createActor(socketMachine.provide(createSocketImplementations(deps))).start();
  const last = () => opened.at(-1)!.handlers;
  return { actor, deps, opened, last };
}

describe('socket implementations', () => {
  beforeEach(() => {
    notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  });

  it('opens the socket with the token cookie when the chart has no token, else with its own', () => {
    const b = bind();
    b.actor.send({ type: 'socket.start' });
    expect(b.opened[0]?.token).toBe('cookie-token');
    b.actor.send({ type: 'socket.stop' });
    expect(b.opened[0]?.closed).toBe(true);
    b.actor.send({ type: 'socket.start', token: 'given' });
    expect(b.opened[1]?.token).toBe('given');
  });

  it('the seed’s toasts, translated, for 5 s, each replacing the last status: 连接成功, 断开连接, 连接服务器失败,实时显示可能不正常', () => {
    vi.useFakeTimers();
    try {
      const b = bind();
      b.actor.send({ type: 'socket.start' });
      b.last().connected();
      b.last().disconnected('transport close');
      vi.advanceTimersByTime(1_000);
      b.last().connectFailed('xhr poll error');
      expect(vi.mocked(b.deps.notify).mock.calls.map(([n]) => n)).toEqual([
        { kind: 'success', message: '连接成功', durationMs: 5000, replaces: CONNECTION_NOTICE },
        { kind: 'error', message: '断开连接', durationMs: 5000, replaces: CONNECTION_NOTICE },
        {
          kind: 'error',
          message: '连接服务器失败,实时显示可能不正常',
          durationMs: 5000,
          replaces: CONNECTION_NOTICE,
        },
      ]);
      expect(b.deps.log).toHaveBeenCalledWith({
        message: '连接服务器失败,实时显示可能不正常',
        type: 'danger',
        meta: { error: 'xhr poll error' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the texts exist in English too', () => {
    expect(en.t('realtime:socket.connected')).toBe('Connected');
    expect(en.t('realtime:socket.connectFailed')).toMatch(/live updates/);
  });

  it('an invalid token asks the session for a refresh with the refused token, and shows no toast', () => {
    const b = bind();
    b.actor.send({ type: 'socket.start' });
    b.last().connectFailed('invalid token');
    expect(b.deps.requestTokenRefresh).toHaveBeenCalledWith('cookie-token');
    expect(b.deps.notify).not.toHaveBeenCalled();
    b.actor.send({ type: 'socket.tokenRefreshed', token: 'fresh' });
    expect(b.opened[1]?.token).toBe('fresh');
  });

  it('a refusal names the token that connection sent, not one the session handed over while it was in flight', () => {
    // At boot with an expired token: the socket connects with the old token, a request's 401 makes the session
    // refresh, the new token reaches the chart, and only then does the server refuse the old one. Blaming
    // the new token would read as "refused after renewal" and end the session.
    const b = bind({ getToken: vi.fn(() => 'old-token') });
    b.actor.send({ type: 'socket.start' });
    b.actor.send({ type: 'socket.tokenRefreshed', token: 'new-token' });
    b.last().connectFailed('invalid token');
    expect(b.deps.requestTokenRefresh).toHaveBeenCalledWith('old-token');
  });

  it('a message is a 5 s toast with the server’s text; a notification keeps its options', () => {
    const b = bind();
    b.actor.send({ type: 'socket.start' });
    b.last().connected();
    b.last().message({ message: '新订单', type: 'success' });
    b.last().notification({
      title: '告警',
      message: 'CPU',
      type: 'error',
      position: 'bottom-left',
      duration: 0,
    });
    b.last().notification({ title: '提示', message: '普通', position: 'top-right', duration: 5000 });
    expect(vi.mocked(b.deps.notify).mock.calls.at(-1)?.[0]).toEqual({
      kind: 'success',
      message: '新订单',
      durationMs: 5000,
    });
    expect(vi.mocked(b.deps.showNotification).mock.calls.map(([n]) => n)).toEqual([
      { title: '告警', message: 'CPU', kind: 'error', position: 'bottom-left', durationMs: 0 },
      { title: '提示', message: '普通', kind: undefined, position: 'top-right', durationMs: 5000 },
    ] satisfies SocketNotificationRequest[]);
  });

  it('an invalid payload is logged, never toasted', () => {
    const b = bind();
    b.actor.send({ type: 'socket.start' });
    b.last().connected();
    b.last().invalidPayload('message', { payload: { text: 1 }, issues: [] });
    expect(b.deps.log).toHaveBeenCalledWith({
      message: '收到格式无效的实时事件：message',
      type: 'danger',
      meta: { event: 'message', payload: { text: 1 }, issues: [] },
    });
    expect(b.deps.notify).toHaveBeenCalledTimes(1); // 连接成功 only
  });

  it('a failing toast is reported and the chart keeps running', () => {
    const b = bind({
      notify: vi.fn(() => {
        throw new Error('no toast container');
      }),
    });
    b.actor.send({ type: 'socket.start' });
    b.last().connected();
    expect(b.deps.onError).toHaveBeenCalledWith(expect.any(Error), 'notify');
    expect(selectConnectionState(b.actor.getSnapshot())).toBe('connected');
  });

  it('a server notification shows on Mantine with its title, colour, position and duration', () => {
    showSocketNotification({
      title: '告警',
      message: 'CPU',
      kind: 'error',
      position: 'bottom-left',
      durationMs: 0,
    });
    showSocketNotification({
      title: '提示',
      message: '普通',
      kind: undefined,
      position: 'nowhere',
      durationMs: 5000,
    });
    const [first, second] = notificationsStore.getState().notifications;
    expect(first).toMatchObject({ title: '告警', color: 'red', position: 'bottom-left', autoClose: false });
    expect(second).toMatchObject({ title: '提示', position: 'top-right', autoClose: 5000 });
    expect(second?.color).toBeUndefined();
  });
});

describe('socket chart with its real effect and a real socket.io server', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(async () => {
    await close();
  });

  async function serve(acceptedToken: string) {
    const http = createServer();
    const server = new Server(http);
    server.use((socket, next) =>
      socket.handshake.auth.token === acceptedToken ? next() : next(new Error('invalid token')),
    );
    server.on('connection', (socket) => socket.emit('items', [{ id: 1, title: '新品' }]));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  async function until(actor: Actor<SocketMachine>, check: () => boolean) {
    const deadline = Date.now() + 5_000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
    await settle();
    return actor.getSnapshot();
  }

  it('an expired token is refreshed through the session and the feed connects with the new one', async () => {
    const apiBase = await serve('fresh-token');
    const refreshed: (string | undefined)[] = [];
    const notify = vi.fn();
    let actor: Actor<SocketMachine> | undefined;
    const implementations = createSocketImplementations({
      connect: createSocketConnector({ apiBase, io }),
      getToken: () => 'expired-token',
      // The session answers with `session.refreshed`, which app forwards as `socket.tokenRefreshed`.
      requestTokenRefresh: (used) => {
        refreshed.push(used);
        setTimeout(() => actor?.send({ type: 'socket.tokenRefreshed', token: 'fresh-token' }), 20);
      },
      notify,
      showNotification: vi.fn(),
      log: vi.fn(),
      permissionsChanged: vi.fn(),
      t,
    });
    actor = createActor(socketMachine.provide(implementations)).start();
    actor.send({ type: 'socket.start' });
    const snapshot = await until(actor, () => selectRecentItems(actor.getSnapshot()).length > 0);
    expect(selectConnectionState(snapshot)).toBe('connected');
    expect(refreshed).toEqual(['expired-token']);
    expect(notify.mock.calls.map(([n]) => n.message)).toEqual(['连接成功']);
    actor.send({ type: 'socket.stop' });
    actor.stop();
  });
});
