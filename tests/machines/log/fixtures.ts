/** Generated-path fixtures: every event and every invoked actor outcome the chart distinguishes. */
import { logMachine } from '../../../src/machines/log/log.machine.ts';
import type { LogContext } from '../../../src/machines/log/types.ts';
import type { ChartFixture } from '../support/paths.ts';

export const logFixture: ChartFixture = {
  machine: logMachine,
  events: [
    { type: 'log.recorded', entry: { message: '请求超时', type: 'danger', time: 1 } },
    { type: 'log.recorded', entry: { message: 'hello', time: 2 } },
    { type: 'log.cleared' },
    { type: 'log.userChanged', user: 'admin' },
    { type: 'log.userChanged', user: null },
  ],
  inert: ['watchGlobalErrors'],
  summarize: (c: LogContext) => ({ entries: Math.min(c.entries.length, 2), user: c.user }),
};
