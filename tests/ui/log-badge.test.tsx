// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createActor } from 'xstate';
import { logMachine } from '../../src/machines/log/log.machine.ts';
import type { LogEntry } from '../../src/machines/log/types.ts';
import { logBadgeState } from '../../src/ui/log/badge.ts';
import { LogBadge } from '../../src/ui/log/LogBadge.tsx';
import { LogContainer } from '../../src/ui/log/LogContainer.tsx';
import { LogDrawer } from '../../src/ui/log/LogDrawer.tsx';
import { RootProbe, withApp } from './header-support.tsx';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

describe('log badge', () => {
  it('counts errors, at most 99+', () => {
    expect(logBadgeState(3, 2)).toEqual({ label: '2', dot: false });
    expect(logBadgeState(150, 99)).toEqual({ label: '99', dot: false });
    expect(logBadgeState(150, 100)).toEqual({ label: '99+', dot: false });
  });

  it('shows a dot when there are entries but no errors, nothing when there are none', () => {
    expect(logBadgeState(4, 0)).toEqual({ label: null, dot: true });
    expect(logBadgeState(0, 0)).toEqual({ label: null, dot: false });
  });

  it('draws 99+ and says "{n} 条日志 | 包含 {m} 个异常"', () => {
    renderUi(<LogBadge count={120} errors={100} onOpen={() => {}} />);
    expect(screen.getByTestId('log-badge').getAttribute('data-label')).toBe('99+');
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByTestId('header-log').getAttribute('aria-label')).toBe('120 条日志 | 包含 100 个异常');
  });

  it('draws a dot without errors', () => {
    renderUi(<LogBadge count={2} errors={0} onOpen={() => {}} />);
    expect(screen.getByTestId('log-badge').getAttribute('data-dot')).toBe('true');
    expect(screen.getByTestId('header-log').getAttribute('aria-label')).toBe('2 条日志 | 包含 0 个异常');
  });

  it('says 没有日志或异常 when empty, and in English too', () => {
    renderUi(<LogBadge count={0} errors={0} onOpen={() => {}} />);
    expect(screen.getByTestId('header-log').getAttribute('aria-label')).toBe('没有日志或异常');
    cleanup();
    renderUi(<LogBadge count={5} errors={1} onOpen={() => {}} />, 'en');
    expect(screen.getByTestId('header-log').getAttribute('aria-label')).toBe('5 log entries | 1 errors');
  });
});

const entry = (message: string, time: number, type: LogEntry['type'] = 'info'): LogEntry => ({
  message,
  type,
  time,
  url: `http://127.0.0.1/${message}`,
  user: 'admin',
});

describe('log drawer', () => {
  it('lists every entry newest first with type, url and user, and clears', () => {
    const onClear = vi.fn();
    renderUi(
      <LogDrawer
        opened
        entries={[entry('first', 1_000), entry('second', 2_000, 'danger')]}
        onClose={() => {}}
        onClear={onClear}
      />,
    );
    const rows = screen.getAllByTestId('log-entry');
    expect(rows.map((r) => within(r).getByTestId('log-message').textContent)).toEqual(['second', 'first']);
    expect(within(rows[0]!).getByText('异常')).toBeTruthy();
    expect(within(rows[0]!).getByText(/http:\/\/127.0.0.1\/second/)).toBeTruthy();
    expect(within(rows[0]!).getByText(/admin/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('in the header: recorded errors show on the badge; the drawer clears the log chart', async () => {
    let root: { system: { get: (id: string) => unknown } } | undefined;
    const Wrapper = withApp({ log: logMachine });
    renderUi(
      <Wrapper>
        <RootProbe onRoot={(r) => (root = r)} />
        <LogContainer />
      </Wrapper>,
    );
    const log = root!.system.get('log') as ReturnType<typeof createActor<typeof logMachine>>;
    act(() => {
      log.send({ type: 'log.recorded', entry: { message: 'boom', type: 'danger', time: 1 } });
      log.send({ type: 'log.recorded', entry: { message: 'note', time: 2 } });
    });
    expect(screen.getByTestId('log-badge').getAttribute('data-label')).toBe('1');
    fireEvent.click(screen.getByTestId('header-log'));
    expect(await screen.findByText('boom')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(log.getSnapshot().context.entries).toEqual([]);
    expect(screen.getByTestId('header-log').getAttribute('aria-label')).toBe('没有日志或异常');
  });
});
