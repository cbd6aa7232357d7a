import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { logMachine } from '../../../src/machines/log/log.machine.ts';
import { selectErrorCount, selectLogEntries } from '../../../src/machines/log/selectors.ts';
import {
  createLogImplementations,
  createLogSink,
  subscribeToWindowErrors,
} from '../../../src/services/implementations/log.ts';

const clock = { now: () => 42, currentUrl: () => 'http://127.0.0.1/index' };

describe('log implementations', () => {
  it('window errors and unhandled rejections become danger entries while the chart runs', () => {
    const target = new EventTarget();
    const log = createActor(
      logMachine.provide(
        createLogImplementations({ subscribeToGlobalErrors: subscribeToWindowErrors(target), ...clock }),
      ),
    ).start();
    const error = Object.assign(new Event('error'), {
      message: 'x is not defined',
      error: new ReferenceError('x'),
    });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('nope') }));
    expect(selectLogEntries(log.getSnapshot())).toMatchObject([
      { message: 'x is not defined', type: 'danger', time: 42, url: 'http://127.0.0.1/index' },
      { message: 'nope', type: 'danger', meta: { kind: 'unhandledrejection' } },
    ]);
    log.stop();
    target.dispatchEvent(error);
    expect(selectErrorCount(log.getSnapshot())).toBe(2);
  });

  it("the http client's sink stamps time and url", () => {
    const log = createActor(logMachine).start();
    const sink = createLogSink(log, clock);
    sink({ message: '请求超时: /api/x', type: 'danger', meta: { status: 408 } });
    expect(selectLogEntries(log.getSnapshot())).toEqual([
      {
        message: '请求超时: /api/x',
        type: 'danger',
        time: 42,
        url: 'http://127.0.0.1/index',
        meta: { status: 408 },
      },
    ]);
  });
});
