import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { messagePollerMachine } from '../../src/machines/messagePoller/messagePoller.machine.ts';
import {
  selectCurrentMessage,
  selectIsBackingOff,
  selectIsEndpointMissing,
  selectIsPolling,
  selectIsShowingMessage,
} from '../../src/machines/messagePoller/selectors.ts';
import {
  type Message,
  type MessagePollerEvent,
  POLL_INTERVAL_MS,
  type PollError,
  retryDelay,
  type TickerInput,
} from '../../src/machines/messagePoller/types.ts';
import { controllable, recordEffects, settle } from './support/fakes.ts';

const message: Message = {
  id: 7,
  title: '审批提醒',
  message: '有一条待审批的申请',
  type: 1,
  status: 0,
  create_datetime: '2026-11-21 08:00:00',
};
const networkError: PollError = { message: '网络异常', transient: true };
const missingEndpoint: PollError = { message: '接口地址不正确', missingEndpoint: true };

function start() {
  const fetchUnread = controllable<Message | null>();
  const markRead = controllable<void, { id: number }>();
  const tickers = { started: 0, running: 0, tick: undefined as (() => void) | undefined };
  const notifications: { message: Message; dismiss: () => void; closed: boolean }[] = [];
  const effects = recordEffects(['log'] as const, { log: (p: { key: string }) => p.key });
  const machine = messagePollerMachine.provide({
    actors: {
      fetchUnread: fetchUnread.logic,
      markMessageRead: markRead.logic,
      ticker: fromCallback<MessagePollerEvent, TickerInput>(({ sendBack }) => {
        tickers.started += 1;
        tickers.running += 1;
        tickers.tick = () => sendBack({ type: 'poll.tick' });
        return () => {
          tickers.running -= 1;
          tickers.tick = undefined;
        };
      }),
      showMessageNotification: fromCallback<MessagePollerEvent, { message: Message }>(
        ({ sendBack, input }) => {
          const shown = {
            message: input.message,
            dismiss: () => sendBack({ type: 'notification.dismissed' }),
            closed: false,
          };
          notifications.push(shown);
          return () => {
            shown.closed = true;
          };
        },
      ),
    },
    actions: effects.actions,
  });
  const actor = createActor(machine).start();
  return {
    actor,
    fetchUnread,
    markRead,
    tickers,
    notifications,
    effects,
    send: (event: MessagePollerEvent) => actor.send(event),
    /** A tick from the running ticker (none runs: nothing happens). */
    tick: () => tickers.tick?.(),
    value: () => actor.getSnapshot().value,
    snapshot: () => actor.getSnapshot(),
  };
}

describe('message poller chart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls only while signed in, each tick asking for one unread message', async () => {
    const t = start();
    expect(t.value()).toBe('idle');
    expect(t.tickers.started).toBe(0);
    t.send({ type: 'poll.start' });
    expect(t.value()).toEqual({ active: 'polling' });
    expect(selectIsPolling(t.snapshot())).toBe(true);
    expect(t.tickers.running).toBe(1);
    t.tick();
    expect(t.value()).toEqual({ active: 'fetching' });
    expect(t.fetchUnread.calls).toHaveLength(1);
    t.fetchUnread.last.resolve(null);
    await settle();
    expect(t.value()).toEqual({ active: 'polling' });
    expect(t.tickers.running).toBe(1);
  });

  it('pause on show, resume on close', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.resolve(message);
    await settle();
    expect(t.value()).toEqual({ active: 'showing' });
    expect(selectIsShowingMessage(t.snapshot())).toBe(true);
    expect(selectCurrentMessage(t.snapshot())).toEqual(message);
    expect(t.notifications.map((n) => n.message)).toEqual([message]);
    // Paused: no ticker runs, and a stray tick changes nothing.
    expect(t.tickers.running).toBe(0);
    t.send({ type: 'poll.tick' });
    vi.advanceTimersByTime(10 * POLL_INTERVAL_MS);
    expect(t.fetchUnread.calls).toHaveLength(1);

    t.notifications[0]!.dismiss();
    expect(t.value()).toEqual({ active: 'markingRead' });
    t.markRead.last.resolve();
    await settle();
    expect(t.value()).toEqual({ active: 'polling' });
    expect(t.tickers.running).toBe(1);
    expect(selectCurrentMessage(t.snapshot())).toBeNull();
    t.tick();
    expect(t.fetchUnread.calls).toHaveLength(2);
  });

  it('closing marks the message read with status 1', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.resolve(message);
    await settle();
    expect(t.markRead.calls).toHaveLength(0);
    t.notifications[0]!.dismiss();
    expect(t.markRead.calls.map((c) => c.input)).toEqual([{ id: 7 }]);
    expect(t.notifications[0]!.closed).toBe(true);
  });

  it('a message already read (status 1) is not shown', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.resolve({ ...message, status: 1 });
    await settle();
    expect(t.value()).toEqual({ active: 'polling' });
    expect(t.notifications).toHaveLength(0);
  });

  it('marking read fails: logged, polling resumes and the message comes back at a later poll', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.resolve(message);
    await settle();
    t.notifications[0]!.dismiss();
    t.markRead.last.reject(networkError);
    await settle();
    expect(t.value()).toEqual({ active: 'polling' });
    expect(t.effects.order).toEqual(['log:realtime:messages.markReadFailed']);
    expect(t.effects.actions.log.mock.calls[0]?.[1]).toMatchObject({ meta: { id: 7, error: '网络异常' } });
  });

  it('network errors back off', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    const waits: number[] = [];
    for (let failure = 0; failure < 8; failure++) {
      t.fetchUnread.last.reject(networkError);
      await settle();
      expect(t.value()).toEqual({ active: 'retrying' });
      expect(selectIsBackingOff(t.snapshot())).toBe(true);
      const calls = t.fetchUnread.calls.length;
      let waited = 0;
      while (t.fetchUnread.calls.length === calls) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
    // Logged at the first failure of the run only; never a toast (the chart has no toast effect at all).
    expect(t.effects.order).toEqual(['log:realtime:messages.fetchFailed']);
    // A success resets the back-off.
    t.fetchUnread.last.resolve(null);
    await settle();
    expect(t.snapshot().context.failures).toBe(0);
    t.tick();
    t.fetchUnread.last.reject(networkError);
    await settle();
    vi.advanceTimersByTime(retryDelay(1));
    expect(t.value()).toEqual({ active: 'fetching' });
    expect(t.effects.order).toEqual([
      'log:realtime:messages.fetchFailed',
      'log:realtime:messages.fetchFailed',
    ]);
  });

  it('a missing endpoint is logged once and polled rarely, no toast', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.reject(missingEndpoint);
    await settle();
    expect(t.value()).toEqual({ active: 'unavailable' });
    expect(selectIsEndpointMissing(t.snapshot())).toBe(true);
    expect(t.tickers.running).toBe(0);
    vi.advanceTimersByTime(299_999);
    expect(t.fetchUnread.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.fetchUnread.calls).toHaveLength(2);
    t.fetchUnread.last.reject(missingEndpoint);
    await settle();
    vi.advanceTimersByTime(300_000);
    t.fetchUnread.last.reject(missingEndpoint);
    await settle();
    expect(t.fetchUnread.calls).toHaveLength(3);
    expect(t.effects.order).toEqual(['log:realtime:messages.endpointMissing']);
    expect(t.effects.actions.log.mock.calls[0]?.[1]).toMatchObject({ type: 'info' });
    // Still logged once after signing out and in again.
    t.send({ type: 'poll.stop' });
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.reject(missingEndpoint);
    await settle();
    expect(t.effects.order).toEqual(['log:realtime:messages.endpointMissing']);
  });

  it('the endpoint appearing later resumes normal polling', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.reject(missingEndpoint);
    await settle();
    vi.advanceTimersByTime(300_000);
    t.fetchUnread.last.resolve(null);
    await settle();
    expect(t.value()).toEqual({ active: 'polling' });
  });

  it('logout while a notification is open stops polling and closes it', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    t.fetchUnread.last.resolve(message);
    await settle();
    t.send({ type: 'poll.stop' });
    expect(t.value()).toBe('idle');
    expect(t.notifications[0]!.closed).toBe(true);
    expect(selectCurrentMessage(t.snapshot())).toBeNull();
    // Not marked read, and nothing polls any more.
    t.notifications[0]!.dismiss();
    vi.advanceTimersByTime(600_000);
    expect(t.markRead.calls).toHaveLength(0);
    expect(t.fetchUnread.calls).toHaveLength(1);
    expect(t.tickers.running).toBe(0);
  });

  it('logout during a request cancels it', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    const { signal } = t.fetchUnread.last;
    t.send({ type: 'poll.stop' });
    expect(signal.aborted).toBe(true);
    t.fetchUnread.last.resolve(message);
    await settle();
    expect(t.value()).toBe('idle');
    expect(t.notifications).toHaveLength(0);
  });

  it('never two requests in flight', async () => {
    const t = start();
    t.send({ type: 'poll.start' });
    t.tick();
    // A slow request: ticks that still arrive (a late timer) are ignored, and the ticker is not running.
    expect(t.tickers.running).toBe(0);
    for (let i = 0; i < 5; i++) t.send({ type: 'poll.tick' });
    vi.advanceTimersByTime(60_000);
    expect(t.fetchUnread.calls).toHaveLength(1);
    t.fetchUnread.last.resolve(null);
    await settle();
    t.tick();
    expect(t.fetchUnread.calls).toHaveLength(2);
  });
});

describe('message poller ticker (the chart’s own)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every 5 s while polling, and not while a request runs', async () => {
    const fetchUnread = controllable<Message | null>();
    const actor = createActor(messagePollerMachine.provide({ actors: { fetchUnread: fetchUnread.logic } }));
    actor.start();
    actor.send({ type: 'poll.start' });
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    expect(fetchUnread.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fetchUnread.calls).toHaveLength(1);
    vi.advanceTimersByTime(10 * POLL_INTERVAL_MS);
    expect(fetchUnread.calls).toHaveLength(1);
    fetchUnread.last.resolve(null);
    await settle();
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(fetchUnread.calls).toHaveLength(2);
    actor.stop();
  });
});
