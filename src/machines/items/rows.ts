/**
 * The live list's rules, pure: how arrivals join the rows already shown (dedupe by id, newest first, capped),
 * what the "N new" pill counts, and what the table shows (arrivals over the loaded page).
 */
import type { LiveRow } from './types.ts';

/** The most arrivals kept above a page (the largest page size). */
export const MAX_ARRIVED = 100;
/** The most new items the pill keeps while paused ("500+" beyond). */
export const MAX_PENDING = 500;

const key = (row: LiveRow) => String(row.id);

/**
 * Adds items (oldest first, as sent) to a newest-first list: a known id is updated where it stands (a
 * duplicate listing: new price, last seen), a new one goes on top; at most `max` entries.
 */
export function upsertNewestFirst(
  list: readonly LiveRow[],
  items: readonly LiveRow[],
  max: number,
): LiveRow[] {
  let out = [...list];
  for (const item of items) {
    const at = out.findIndex((row) => key(row) === key(item));
    if (at >= 0) out[at] = { ...out[at], ...item };
    else out = [item, ...out];
  }
  return out.slice(0, max);
}

/**
 * Arrivals while paused: an item already shown (on the page or above it) is updated in place and not
 * counted; an item already counted is updated in the pill's list; a new one is counted.
 */
export function splitArrivals(
  items: readonly LiveRow[],
  shown: ReadonlySet<string>,
): { known: LiveRow[]; fresh: LiveRow[] } {
  const known: LiveRow[] = [];
  const fresh: LiveRow[] = [];
  for (const item of items) (shown.has(key(item)) ? known : fresh).push(item);
  return { known, fresh };
}

/** Ids of what the table shows: the page's rows and the arrivals above it. */
export function shownIds(pageIds: readonly string[], arrived: readonly LiveRow[]): Set<string> {
  return new Set([...pageIds, ...arrived.map(key)]);
}

/** Arrivals the loaded page now holds are its rows: drop them (the page is the server's truth). */
export function withoutPage(list: readonly LiveRow[], pageIds: readonly string[]): LiveRow[] {
  const page = new Set(pageIds);
  return list.filter((row) => !page.has(key(row)));
}

/**
 * The table: arrivals not on the page (newest first) above the page's rows, each page row replaced by its
 * arrival when there is one (same id: the price changed), at most `limit` rows (the rest is on page 2).
 */
export function visibleRows<T extends LiveRow>(
  arrived: readonly LiveRow[],
  page: readonly T[],
  limit: number,
): T[] {
  const byId = new Map(arrived.map((row) => [key(row), row]));
  const onPage = new Set(page.map(key));
  const above = arrived.filter((row) => !onPage.has(key(row))) as T[];
  const patched = page.map((row) => {
    const update = byId.get(key(row));
    return update ? ({ ...row, ...update } as T) : row;
  });
  return [...above, ...patched].slice(0, Math.max(limit, 1));
}

/** The pill's text value: the count, or "500+" at the cap. */
export function pendingLabel(count: number): string {
  return count >= MAX_PENDING ? `${MAX_PENDING}+` : String(count);
}
