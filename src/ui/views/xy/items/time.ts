/** "3 分钟前" / "3 minutes ago" for the server's local `YYYY-MM-DD HH:MM:SS` (or ISO) datetimes. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

export function parseServerTime(text: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const date = local
    ? new Date(+local[1]!, +local[2]! - 1, +local[3]!, +local[4]!, +local[5]!, +(local[6] ?? 0))
    : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Relative to `now`; under a minute is `justNow`; an unreadable value is returned as it is. */
export function relativeTime(text: string, now: number, locale: string, justNow: string): string {
  const date = parseServerTime(text);
  if (!date) return text;
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return justNow;
}
