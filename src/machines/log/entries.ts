/** Pure rules of the frontend log. */
import type { LogEntry, LogInput } from './types.ts';

/** The list keeps the latest entries only. */
export const MAX_LOG_ENTRIES = 500;
/** The header badge shows at most this number (then `99+`), seed §9. */
export const BADGE_MAX = 99;

export function toEntry(input: LogInput, user: string | null): LogEntry {
  const entry: LogEntry = { message: input.message, type: input.type ?? 'info', time: input.time };
  if (input.url !== undefined) entry.url = input.url;
  const who = input.user ?? user;
  if (who) entry.user = who;
  if (input.meta !== undefined) entry.meta = input.meta;
  return entry;
}

export function appendEntry(
  entries: readonly LogEntry[],
  entry: LogEntry,
  max = MAX_LOG_ENTRIES,
): LogEntry[] {
  const next = [...entries, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function countErrors(entries: readonly LogEntry[]): number {
  return entries.reduce((n, e) => n + (e.type === 'danger' ? 1 : 0), 0);
}

/** `null` when there is nothing to show, `'99+'` past the maximum. */
export function badgeLabel(count: number, max = BADGE_MAX): string | null {
  if (count <= 0) return null;
  return count > max ? `${max}+` : String(count);
}
