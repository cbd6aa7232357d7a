import { notifications, notificationsStore } from '@mantine/notifications';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { messagePollerMachine } from '../../src/machines/messagePoller/messagePoller.machine.ts';
import type { MessagePollerEvent, TickerInput } from '../../src/machines/messagePoller/types.ts';
import {
  createMessagePollerImplementations,
  type MessageNotificationRequest,
  type MessagePollerDeps,
  mantineMessageNotifications,
  messageTypeKind,
  PollFailure,
} from '../../src/services/implementations/messagePoller.ts';
import { bodyOf, type Handler, networkError, reply, setup, tZh, urlOf } from '../services/harness.ts';

const row = { id: 7, title: '审批提醒', message: '有一条待审批的申请', type: 1, status: 0 };
const page = (rows: unknown[]) => ({
  code: 2000,
  msg: 'success',
  data: { page: 1, limit: 1, total: rows.length, data: rows },
});
const isRead = (c: InternalAxiosRequestConfig) => c.method === 'put';

/** The chart with its real effects on a real http client (fake axios adapter) and a hand-driven ticker. */
function run(handler: Handler, overrides: Partial<MessagePollerDeps> = {}) {
  const h = setup(handler);
  const shown: { request: MessageNotificationRequest; close: () => void }[] = [];
  const hidden: string[] = [];
  const log = vi.fn();
  const deps: MessagePollerDeps = {
    http: h.http,
    showMessageNotification: (request, onClose) => shown.push({ request, close: onClose }),
    hideMessageNotification: (id) => hidden.push(id),
    log,
    t: tZh,
    ...overrides,
  };
  let tick: (() => void) | undefined;
  const machine = messagePollerMachine.provide(createMessagePollerImplementations(deps)).provide({
    actors: {
      ticker: fromCallback<MessagePollerEvent, TickerInput>(({ sendBack }) => {
        tick = () => sendBack({ type: 'poll.tick' });
        return () => {
          tick = undefined;
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'poll.start' });
  return {
    ...h,
    actor,
    shown,
    hidden,
    log,
    tick: () => tick?.(),
    value: () => actor.getSnapshot().value,
  };
}

describe('message poller implementations', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closing marks the message read with status 1', async () => {
    const r = run((c) =>
      isRead(c) ? reply(c, { code: 2000, msg: '更新成功', data: null }) : reply(c, page([row])),
    );
    r.tick();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.value()).toEqual({ active: 'showing' });
    expect(r.shown.map((s) => s.request)).toEqual([
      { id: 'xy-message-7', title: '审批提醒', message: '有一条待审批的申请', kind: 'warning' },
    ]);
    r.shown[0]!.close();
    await vi.advanceTimersByTimeAsync(0);
    const put = r.calls.find(isRead)!;
    expect(urlOf(put).pathname).toBe('/xy/message/7/read/');
    expect(bodyOf(put)).toEqual({ id: 7, status: 1 });
    expect(r.value()).toEqual({ active: 'polling' });
  });

  it('a missing endpoint is logged once and polled rarely, no toast (stock dvadmin)', async () => {
    const r = run((c) => reply(c, { code: 400, msg: '接口地址不正确', data: null }));
    r.tick();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.value()).toEqual({ active: 'unavailable' });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(r.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(r.calls).toHaveLength(3);
    expect(r.notices).toEqual([]);
    expect(r.logs).toEqual([]);
    expect(r.log).toHaveBeenCalledTimes(1);
    expect(r.log.mock.calls[0]?.[0]).toMatchObject({
      message: expect.stringContaining('/xy/message/'),
      type: 'info',
      meta: { error: '接口地址不正确' },
    });
  });

  it('network errors back off, with one log line and no toast', async () => {
    const r = run((c) => Promise.reject(networkError(c)));
    r.tick();
    // The http client's own single retry after 1 s, then the chart's back-off (10 s).
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.value()).toEqual({ active: 'retrying' });
    expect(r.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000 + 1_000);
    expect(r.calls).toHaveLength(4);
    expect(r.value()).toEqual({ active: 'retrying' });
    expect(r.notices).toEqual([]);
    expect(r.log).toHaveBeenCalledTimes(1);
    expect(r.log.mock.calls[0]?.[0]).toMatchObject({ message: '获取未读消息失败，稍后重试', type: 'danger' });
  });

  it('the http client may arrive later (a function resolving it)', async () => {
    const h = setup((c) => reply(c, page([])));
    const r = run(() => Promise.reject(new Error('unused')), { http: async () => h.http });
    r.tick();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toHaveLength(1);
    expect(r.value()).toEqual({ active: 'polling' });
  });

  it('fetch failures reach the chart as PollFailure (missing endpoint or not)', () => {
    expect(new PollFailure(new Error('x'))).toMatchObject({
      message: 'x',
      missingEndpoint: false,
      transient: false,
    });
  });

  it('message types: 0 success, 1 warning, 2 info, 3 error, other plain', () => {
    expect([0, 1, 2, 3, 4, -1].map(messageTypeKind)).toEqual([
      'success',
      'warning',
      'info',
      'error',
      undefined,
      undefined,
    ]);
  });

  describe('on Mantine', () => {
    const mantine = () =>
      run(
        (c) => (isRead(c) ? reply(c, { code: 2000, msg: '更新成功', data: null }) : reply(c, page([row]))),
        {
          ...mantineMessageNotifications,
        },
      );

    it('the notification does not close by itself; the user closing it marks the message read', async () => {
      const r = mantine();
      r.tick();
      await vi.advanceTimersByTimeAsync(0);
      const [shown] = notificationsStore.getState().notifications;
      expect(shown).toMatchObject({
        id: 'xy-message-7',
        title: '审批提醒',
        message: '有一条待审批的申请',
        color: 'orange',
        autoClose: false,
      });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(notificationsStore.getState().notifications).toHaveLength(1);
      notifications.hide('xy-message-7'); // what the close button does
      await vi.advanceTimersByTimeAsync(0);
      expect(r.calls.filter(isRead)).toHaveLength(1);
      expect(r.value()).toEqual({ active: 'polling' });
    });

    it('logout while a notification is open stops polling and closes it, without marking it read', async () => {
      const r = mantine();
      r.tick();
      await vi.advanceTimersByTimeAsync(0);
      expect(notificationsStore.getState().notifications).toHaveLength(1);
      r.actor.send({ type: 'poll.stop' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(notificationsStore.getState().notifications).toEqual([]);
      expect(r.calls.filter(isRead)).toEqual([]);
      expect(r.value()).toBe('idle');
    });
  });
});
