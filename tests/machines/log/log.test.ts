import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appendEntry, BADGE_MAX, badgeLabel, MAX_LOG_ENTRIES } from '../../../src/machines/log/entries.ts';
import { logMachine } from '../../../src/machines/log/log.machine.ts';
import {
  selectErrorBadge,
  selectErrorCount,
  selectHasLogEntries,
  selectLogEntries,
} from '../../../src/machines/log/selectors.ts';
import type { LogEvent } from '../../../src/machines/log/types.ts';

function startLog() {
  return createActor(logMachine).start();
}

const danger = (i: number): LogEvent => ({
  type: 'log.recorded',
  entry: { message: `error ${i}`, type: 'danger', time: i },
});

describe('log', () => {
  it('entries default to info and carry the current user', () => {
    const log = startLog();
    expect(selectHasLogEntries(log.getSnapshot())).toBe(false);
    log.send({ type: 'log.userChanged', user: 'admin' });
    log.send({ type: 'log.recorded', entry: { message: 'hello', time: 1, url: 'http://x/index' } });
    expect(selectLogEntries(log.getSnapshot())).toEqual([
      { message: 'hello', type: 'info', time: 1, url: 'http://x/index', user: 'admin' },
    ]);
    expect(selectHasLogEntries(log.getSnapshot())).toBe(true);
  });

  it('keeps the last 500 entries', () => {
    const log = startLog();
    for (let i = 0; i < MAX_LOG_ENTRIES + 3; i++) log.send(danger(i));
    const entries = selectLogEntries(log.getSnapshot());
    expect(entries).toHaveLength(MAX_LOG_ENTRIES);
    expect(entries[0]?.message).toBe('error 3');
  });

  it('the badge counts errors and shows at most 99+', () => {
    const log = startLog();
    log.send({ type: 'log.recorded', entry: { message: 'fine', time: 0 } });
    expect(selectErrorBadge(log.getSnapshot())).toBeNull();
    for (let i = 0; i < 3; i++) log.send(danger(i));
    expect(selectErrorCount(log.getSnapshot())).toBe(3);
    expect(selectErrorBadge(log.getSnapshot())).toBe('3');
    for (let i = 0; i < 100; i++) log.send(danger(i));
    expect(selectErrorBadge(log.getSnapshot())).toBe('99+');
  });

  it('clearing empties the list', () => {
    const log = startLog();
    log.send(danger(1));
    log.send({ type: 'log.cleared' });
    expect(selectHasLogEntries(log.getSnapshot())).toBe(false);
    expect(selectErrorCount(log.getSnapshot())).toBe(0);
  });
});

describe('log entry rules', () => {
  it('appending past the maximum drops the oldest', () => {
    const entries = [1, 2, 3].map((time) => ({ message: String(time), type: 'info' as const, time }));
    expect(appendEntry(entries, { message: '4', type: 'info', time: 4 }, 3).map((e) => e.time)).toEqual([
      2, 3, 4,
    ]);
  });

  it('badge labels', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(BADGE_MAX)).toBe('99');
    expect(badgeLabel(BADGE_MAX + 1)).toBe('99+');
  });
});
