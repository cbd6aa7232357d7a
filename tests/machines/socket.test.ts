import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  MAX_ITEMS,
  NOT_FOUND_DELAY_MS,
  prependItems,
  reconnectDelay,
  SOCKET_NOT_FOUND,
} from '../../src/machines/socket/items.ts';
import {
  selectConnectionState,
  selectIsConnected,
  selectRecentItems,
  selectReconnectAttempts,
} from '../../src/machines/socket/selectors.ts';
import { socketMachine } from '../../src/machines/socket/socket.machine.ts';
import type { ConnectionInput, Item, SocketEvent } from '../../src/machines/socket/types.ts';
import { recordEffects, settle } from './support/fakes.ts';

/** One fake socket per invocation: the test plays the server through `report`, and sees it closed. */
type FakeSocket = { input: ConnectionInput; report: (event: SocketEvent) => void; closed: boolean };

function start() {
  const sockets: FakeSocket[] = [];
  const effects = recordEffects(
    ['notify', 'showNotification', 'requestTokenRefresh', 'log', 'reportPermissionsChanged'] as const,
    {
      notify: (p: { reason: { key: string; text?: string } }) => p.reason.text ?? p.reason.key,
      requestTokenRefresh: (p: { token: string | null }) => String(p.token),
      log: (p: { key: string }) => p.key,
    },
  );
  const machine = socketMachine.provide({
    actors: {
      connection: fromCallback<SocketEvent, ConnectionInput>(({ sendBack, input }) => {
        const socket: FakeSocket = { input, report: sendBack, closed: false };
        sockets.push(socket);
        return () => {
          socket.closed = true;
        };
      }),
    },
    actions: effects.actions,
  });
  const actor = createActor(machine).start();
  const emitted: Item[][] = [];
  actor.on('socket.items', (event) => emitted.push(event.items));
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return {
    actor,
    sockets,
    effects,
    emitted,
    last,
    send: (event: SocketEvent) => actor.send(event),
    /** What the server does to the latest socket. */
    server: (event: SocketEvent) => last().report(event),
    value: () => actor.getSnapshot().value,
    state: () => selectConnectionState(actor.getSnapshot()),
  };
}

const item = (id: number, title = `item ${id}`): Item => ({ id, title });

describe('socket chart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays idle until signed in, then connects once with the token in its auth', () => {
    const t = start();
    expect(t.state()).toBe('idle');
    expect(t.sockets).toHaveLength(0);
    t.send({ type: 'socket.start', token: 'access-1' });
    expect(t.state()).toBe('connecting');
    expect(t.sockets).toHaveLength(1);
    expect(t.last().input).toEqual({ token: 'access-1' });
    t.send({ type: 'socket.start', token: 'access-1' });
    expect(t.sockets).toHaveLength(1);
  });

  it('a connect toasts 连接成功 and shows connected', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connected' });
    expect(t.state()).toBe('connected');
    expect(selectIsConnected(t.actor.getSnapshot())).toBe(true);
    expect(t.effects.order).toEqual(['notify:realtime:socket.connected']);
    expect(t.effects.actions.notify.mock.calls[0]?.[1]).toMatchObject({ kind: 'success' });
  });

  it('an invalid token asks the session for a refresh and shows no toast', () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'old' });
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    expect(t.value()).toEqual({ active: 'awaitingToken' });
    expect(t.state()).toBe('connecting');
    expect(t.effects.order).toEqual(['requestTokenRefresh:old']);
    expect(t.effects.actions.notify).not.toHaveBeenCalled();
    expect(t.sockets[0]?.closed).toBe(true);

    t.send({ type: 'socket.tokenRefreshed', token: 'new' });
    expect(t.sockets).toHaveLength(2);
    expect(t.last().input).toEqual({ token: 'new' });
    t.server({ type: 'socket.connected' });
    expect(t.state()).toBe('connected');
  });

  it('an invalid token ends the wait when the session ends instead', () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'old' });
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    t.send({ type: 'socket.stop' });
    expect(t.state()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('a refreshed token refused again is not refreshed again: it waits with back-off, quietly, and is logged', () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'old' });
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    t.send({ type: 'socket.tokenRefreshed', token: 'new' });
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    expect(t.state()).toBe('connectionError');
    expect(t.effects.order).toEqual(['requestTokenRefresh:old', 'log:realtime:socket.tokenRefused']);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(t.sockets).toHaveLength(3);
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    expect(t.effects.actions.requestTokenRefresh).toHaveBeenCalledTimes(1);
    expect(t.effects.actions.notify).not.toHaveBeenCalled();
  });

  it('no answer from the session: after 30 s it retries with back-off', () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'old' });
    t.server({ type: 'socket.connectFailed', message: 'invalid token' });
    vi.advanceTimersByTime(29_999);
    expect(t.value()).toEqual({ active: 'awaitingToken' });
    vi.advanceTimersByTime(1);
    expect(t.state()).toBe('connectionError');
    vi.advanceTimersByTime(1_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('a connect error toasts once and reconnects with back-off', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      t.server({ type: 'socket.connectFailed', message: 'xhr poll error' });
      expect(t.state()).toBe('connectionError');
      expect(t.last().closed).toBe(true);
      const opened = t.sockets.length;
      let waited = 0;
      while (t.sockets.length === opened) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      expect(t.state()).toBe('connecting');
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(t.effects.order).toEqual([
      'notify:realtime:socket.connectFailed',
      'log:realtime:socket.connectFailed',
    ]);
    expect(t.effects.actions.notify.mock.calls[0]?.[1]).toMatchObject({ kind: 'error' });
    expect(selectReconnectAttempts(t.actor.getSnapshot())).toBe(5);
  });

  it('a backend without socket.io (404s): no toast, one log line, and after 3 in a row it waits 10 minutes', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      t.server({ type: 'socket.connectFailed', message: SOCKET_NOT_FOUND });
      expect(t.state()).toBe('connectionError');
      const opened = t.sockets.length;
      let waited = 0;
      while (t.sockets.length === opened) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, NOT_FOUND_DELAY_MS, NOT_FOUND_DELAY_MS, NOT_FOUND_DELAY_MS]);
    expect(t.effects.order).toEqual(['log:realtime:socket.notFound']);
    // A successful connect (socket.io added to the backend) starts over.
    t.server({ type: 'socket.connected' });
    expect(t.actor.getSnapshot().context.notFoundStreak).toBe(0);
  });

  it('back-off resets after a successful connect', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connectFailed', message: 'websocket error' });
    vi.advanceTimersByTime(1_000);
    t.server({ type: 'socket.connectFailed', message: 'websocket error' });
    vi.advanceTimersByTime(2_000);
    t.server({ type: 'socket.connectFailed', message: 'websocket error' });
    expect(t.actor.getSnapshot().context.backoffStep).toBe(2);
    vi.advanceTimersByTime(4_000);
    t.server({ type: 'socket.connected' });
    expect(selectReconnectAttempts(t.actor.getSnapshot())).toBe(0);

    // The next outage starts over at 1 s, and its connect error is toasted again.
    t.server({ type: 'socket.disconnected', reason: 'transport close' });
    expect(t.state()).toBe('disconnected');
    vi.advanceTimersByTime(999);
    expect(t.state()).toBe('disconnected');
    vi.advanceTimersByTime(1);
    expect(t.state()).toBe('connecting');
    t.server({ type: 'socket.connectFailed', message: 'websocket error' });
    expect(t.effects.order.filter((e) => e === 'notify:realtime:socket.connectFailed')).toHaveLength(2);
  });

  it('a disconnect toasts 断开连接 and reconnects after 1 s', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.disconnected', reason: 'ping timeout' });
    expect(t.state()).toBe('disconnected');
    expect(t.effects.order).toEqual([
      'notify:realtime:socket.connected',
      'notify:realtime:socket.disconnected',
    ]);
    expect(t.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(t.sockets).toHaveLength(2);
    t.server({ type: 'socket.connected' });
    expect(t.state()).toBe('connected');
  });

  it('logout disconnects', () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'access-1' });
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.itemsReceived', items: [item(1)] });
    t.send({ type: 'socket.stop' });
    expect(t.state()).toBe('idle');
    expect(t.sockets[0]?.closed).toBe(true);
    expect(selectRecentItems(t.actor.getSnapshot())).toEqual([]);
    expect(t.actor.getSnapshot().context.token).toBeNull();
    expect(t.effects.order).toEqual(['notify:realtime:socket.connected']);
    // Nothing reconnects later, and the next sign-in opens a fresh socket.
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    t.send({ type: 'socket.start', token: 'access-2' });
    expect(t.sockets).toHaveLength(2);
    expect(t.last().input).toEqual({ token: 'access-2' });
  });

  it('logout while waiting to reconnect cancels the retry', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connectFailed', message: 'xhr poll error' });
    t.send({ type: 'socket.stop' });
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.state()).toBe('idle');
  });

  it('items join the live list newest first, are emitted, and the list keeps the latest 200', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.itemsReceived', items: [item(1)] });
    t.server({ type: 'socket.itemsReceived', items: [item(2), item(3)] });
    expect(selectRecentItems(t.actor.getSnapshot()).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(t.emitted).toEqual([[item(1)], [item(2), item(3)]]);
    // A known id moves to the top with its new content.
    t.server({ type: 'socket.itemsReceived', items: [item(1, 'updated')] });
    expect(selectRecentItems(t.actor.getSnapshot())).toEqual([item(1, 'updated'), item(3), item(2)]);
    t.server({
      type: 'socket.itemsReceived',
      items: Array.from({ length: 250 }, (_, i) => item(100 + i)),
    });
    const items = selectRecentItems(t.actor.getSnapshot());
    expect(items).toHaveLength(MAX_ITEMS);
    expect(items[0]?.id).toBe(349);
    expect(items.at(-1)?.id).toBe(150);
  });

  it('a phone state change is emitted as socket.phone while connected (the phones page patches its list)', () => {
    const t = start();
    const phones: unknown[] = [];
    t.actor.on('socket.phone', (event) => phones.push(event.phone));
    t.send({ type: 'socket.start' });
    const phone = { id: 3, name: '一号机', serial: 'SN-3', online: false, last_seen: '2026-11-25 10:00:00' };
    t.server({ type: 'socket.phoneReceived', phone });
    expect(phones).toEqual([]);
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.phoneReceived', phone });
    expect(phones).toEqual([phone]);
  });

  it('a message is a toast of its type with the server text; a notification keeps its options', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.messageReceived', payload: { message: '新订单', type: 'warning' } });
    t.server({ type: 'socket.messageReceived', payload: { message: '普通' } });
    const notices = t.effects.actions.notify.mock.calls.slice(1).map((c) => c[1]);
    expect(notices).toEqual([
      { kind: 'warning', reason: { key: 'realtime:socket.message', text: '新订单' } },
      { kind: 'info', reason: { key: 'realtime:socket.message', text: '普通' } },
    ]);
    const notification = {
      title: '审批',
      message: '请处理',
      type: 'info',
      position: 'bottom-left',
      duration: 0,
    };
    t.server({ type: 'socket.notificationReceived', payload: notification });
    expect(t.effects.actions.showNotification.mock.calls[0]?.[1]).toEqual(notification);
  });

  it('a permissions change on the server is handed to the session while connected, without a toast', () => {
    const t = start();
    t.send({ type: 'socket.start' });
    t.server({ type: 'socket.permissionsReceived', roles: [2] });
    expect(t.effects.actions.reportPermissionsChanged).not.toHaveBeenCalled();
    t.server({ type: 'socket.connected' });
    t.server({ type: 'socket.permissionsReceived', roles: [2] });
    expect(t.effects.actions.reportPermissionsChanged).toHaveBeenCalledTimes(1);
    expect(t.effects.actions.notify).toHaveBeenCalledTimes(1); // 连接成功 only
  });

  it('a token refreshed while connected is kept for the next connection, without reconnecting', async () => {
    const t = start();
    t.send({ type: 'socket.start', token: 'a' });
    t.server({ type: 'socket.connected' });
    t.send({ type: 'socket.tokenRefreshed', token: 'b' });
    await settle();
    expect(t.sockets).toHaveLength(1);
    t.server({ type: 'socket.disconnected', reason: 'transport close' });
    vi.advanceTimersByTime(1_000);
    expect(t.last().input).toEqual({ token: 'b' });
  });
});

describe('live list helpers', () => {
  it('back-off doubles from 1 s and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('one payload with the same id twice keeps the later version once', () => {
    expect(prependItems([], [item(1, 'a'), item(2), item(1, 'b')])).toEqual([item(1, 'b'), item(2)]);
  });
});
