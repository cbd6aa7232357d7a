import { badgeLabel } from '../../machines/log/entries.ts';

/**
 * What the header's log badge shows: the error count (at most `99+`) when there are errors, a dot when
 * there are entries but none is an error, nothing otherwise.
 */
export type LogBadgeState = { label: string | null; dot: boolean };

export function logBadgeState(count: number, errors: number): LogBadgeState {
  const label = badgeLabel(errors);
  return { label, dot: label === null && count > 0 };
}

/** The tooltip's i18n key and values: `{n} 条日志 | 包含 {m} 个异常`, or 没有日志或异常. */
export function logTooltip(count: number, errors: number): { key: string; values: Record<string, number> } {
  return count > 0
    ? { key: 'log.tooltip', values: { n: count, m: errors } }
    : { key: 'log.none', values: {} };
}
