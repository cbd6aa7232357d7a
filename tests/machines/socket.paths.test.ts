import { describe, expect, it } from 'vitest';
import { SOCKET_NOT_FOUND } from '../../src/machines/socket/items.ts';
import { socketMachine } from '../../src/machines/socket/socket.machine.ts';
import type { SocketContext, SocketEvent } from '../../src/machines/socket/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

/** Every event the chart handles, with the payload variants its guards tell apart. */
const events: SocketEvent[] = [
  { type: 'socket.start', token: 'access-1' },
  { type: 'socket.stop' },
  { type: 'socket.tokenRefreshed', token: 'access-2' },
  { type: 'socket.connected' },
  { type: 'socket.disconnected', reason: 'transport close' },
  { type: 'socket.connectFailed', message: 'invalid token' },
  { type: 'socket.connectFailed', message: 'xhr poll error' },
  { type: 'socket.connectFailed', message: SOCKET_NOT_FOUND },
  { type: 'socket.itemsReceived', items: [{ id: 1, title: '新品' }] },
  { type: 'socket.phoneReceived', phone: { id: 1, name: '一号机', serial: 'SN-1', online: false } },
  { type: 'socket.messageReceived', payload: { message: '新订单', type: 'success' } },
  { type: 'socket.permissionsReceived', roles: [2] },
  {
    type: 'socket.notificationReceived',
    payload: { title: '审批', message: '请处理', type: 'info', position: 'top-right', duration: 5000 },
  },
];

const socketFixture: ChartFixture = {
  machine: socketMachine,
  events,
  inert: ['connection'],
  // What guards and delays read (the back-off step is capped in the chart); items only grow the list.
  summarize: (c: SocketContext) => ({
    token: c.token,
    step: c.backoffStep,
    errorNotified: c.errorNotified,
    tokenRefreshed: c.tokenRefreshed,
    notFound: c.notFoundStreak,
  }),
};

describe('socket: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('socket', socketFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
