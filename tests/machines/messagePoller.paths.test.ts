import { describe, expect, it } from 'vitest';
import { messagePollerMachine } from '../../src/machines/messagePoller/messagePoller.machine.ts';
import type {
  Message,
  MessagePollerContext,
  MessagePollerEvent,
  PollError,
} from '../../src/machines/messagePoller/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

const unread: Message = { id: 7, title: '审批提醒', message: '有一条待审批的申请', type: 0, status: 0 };
const networkError: PollError = { message: '网络异常', transient: true };
const missingEndpoint: PollError = { message: '接口地址不正确', missingEndpoint: true };

/** Every event the chart handles. */
const events: MessagePollerEvent[] = [
  { type: 'poll.start' },
  { type: 'poll.stop' },
  { type: 'poll.tick' },
  { type: 'notification.dismissed' },
];

const messagePollerFixture: ChartFixture = {
  machine: messagePollerMachine,
  events,
  actors: {
    // No unread message, one, and a row that is already read.
    fetchUnread: { done: [null, unread, { ...unread, status: 1 }], error: [networkError, missingEndpoint] },
    markMessageRead: { done: [undefined], error: [networkError] },
  },
  inert: ['ticker', 'showMessageNotification'],
  summarize: (c: MessagePollerContext) => ({
    message: c.message?.id ?? null,
    failures: c.failures,
    missingEndpointLogged: c.missingEndpointLogged,
  }),
};

describe('messagePoller: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('messagePoller', messagePollerFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
