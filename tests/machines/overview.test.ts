import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Overview } from '../../src/contract/support.ts';
import { OVERVIEW_REFRESH_MS, overviewMachine } from '../../src/machines/overview/overview.machine.ts';
import { ApiError } from '../../src/services/http/errors.ts';
import { isOverviewUnavailable, isPermissionRefusal } from '../../src/services/implementations/overview.ts';

const figures = (stored: number): Overview => ({
  items: { today_stored: stored, today_dropped: 0 },
  pushes: { today_success: 0, today_failed: 0, pending: 0, success_rate: null },
  phones: { online: 0, total: 0 },
  tasks: { enabled: 0 },
  customers: { expiring_7d: 0 },
  items_per_hour: [],
});

type Pending = { resolve(v: Overview): void; reject(e: unknown): void };

function start() {
  const calls: Pending[] = [];
  const actor = createActor(
    overviewMachine.provide({
      actors: {
        loadOverview: fromPromise<Overview>(
          () => new Promise<Overview>((resolve, reject) => calls.push({ resolve, reject })),
        ),
      },
    }),
  ).start();
  return { actor, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('overview chart', () => {
  it('items arriving while the figures are asked for lead to exactly one more ask', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'overview.itemsArrived' });
    actor.send({ type: 'overview.itemsArrived' });
    calls[0]!.resolve(figures(1));
    await flush();
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(figures(3));
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.overview?.items.today_stored).toBe(3);
    expect(calls).toHaveLength(2);
  });

  it('a refusal hides the panel and nothing is asked again', async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    calls[0]!.reject({ message: '您没有执行该操作的权限。', unavailable: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'overview.itemsArrived' });
    await vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_MS * 2);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed refresh keeps the figures shown and asks again after the interval', async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    calls[0]!.resolve(figures(5));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'overview.itemsArrived' });
    calls[1]!.reject({ message: '网络异常' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.overview?.items.today_stored).toBe(5);
    expect(actor.getSnapshot().context.error?.text).toBe('网络异常');
    await vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_MS);
    expect(calls).toHaveLength(3);
  });
});

describe('permission refusal', () => {
  const body = (code: number, message: string) =>
    new ApiError({ kind: 'body', code, message, url: '/xy/overview/' });
  it('is the server’s 4000 “no permission” answer (either language) or a 403, nothing else', () => {
    expect(isPermissionRefusal(body(4000, '您没有执行该操作的权限。 (GET: /xy/overview/)'))).toBe(true);
    expect(isPermissionRefusal(body(4000, 'You do not have permission to perform this action.'))).toBe(true);
    expect(isPermissionRefusal(new ApiError({ kind: 'http', status: 403, message: '', url: '/' }))).toBe(
      true,
    );
    expect(isPermissionRefusal(body(4000, '数据库错误'))).toBe(false);
    expect(isPermissionRefusal(new ApiError({ kind: 'http', status: 500, message: '', url: '/' }))).toBe(
      false,
    );
    expect(isPermissionRefusal(new ApiError({ kind: 'network', message: 'x', url: '/' }))).toBe(false);
  });
});

describe('overview unavailable', () => {
  it('is a permission refusal or a backend without the endpoint (404, stock dvadmin’s 接口地址不正确)', () => {
    const url = '/xy/overview/';
    expect(isOverviewUnavailable(new ApiError({ kind: 'http', status: 404, message: '', url }))).toBe(true);
    expect(
      isOverviewUnavailable(new ApiError({ kind: 'body', code: 400, message: '接口地址不正确', url })),
    ).toBe(true);
    expect(
      isOverviewUnavailable(
        new ApiError({ kind: 'body', code: 4000, message: '您没有执行该操作的权限。', url }),
      ),
    ).toBe(true);
    expect(isOverviewUnavailable(new ApiError({ kind: 'timeout', message: 'timeout', url }))).toBe(false);
  });
});
