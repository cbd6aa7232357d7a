// When a customer's service ends (`expire_date`, YYYY-MM-DD, inclusive): pushes on that day, none after it.

export type Expiry = { state: 'expired' } | { state: 'expiring'; days: number } | { state: 'active' };

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Expired after its day; expiring from 7 days before it up to that day (0 = today); else active. */
export function expiryOf(day: string | null | undefined, now: Date = new Date()): Expiry {
  if (!day) return { state: 'active' };
  const today = localDay(now);
  const end = day.slice(0, 10);
  if (end < today) return { state: 'expired' };
  const [y, m, d] = end.split('-').map(Number) as [number, number, number];
  const days = Math.round(
    (new Date(y, m - 1, d).getTime() - new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      86_400_000,
  );
  return days <= 7 ? { state: 'expiring', days } : { state: 'active' };
}
