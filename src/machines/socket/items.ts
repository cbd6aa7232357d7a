import type { Item } from '../../contract/index.ts';

/** The live list keeps the newest 200 items (the workbench shows the recent ones). */
export const MAX_ITEMS = 200;

/** Reconnect back-off: 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for every later attempt. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** The first step whose delay reaches the cap; the counter stops there (bounded context). */
export const MAX_BACKOFF_STEP = 5;

export function reconnectDelay(step: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** step, BACKOFF_CAP_MS);
}

/**
 * Adds items that arrived (oldest first, as the server sent them) to a newest-first list: a known id moves
 * to the top with its new content; the list keeps at most `max` entries.
 */
export function prependItems(list: readonly Item[], incoming: readonly Item[], max = MAX_ITEMS): Item[] {
  const fresh = new Map<string, Item>();
  for (const item of incoming) {
    const key = String(item.id);
    fresh.delete(key);
    fresh.set(key, item);
  }
  const newestFirst = [...fresh.values()].reverse();
  return [...newestFirst, ...list.filter((item) => !fresh.has(String(item.id)))].slice(0, max);
}

/** Element-style message types (`success`, `warning`, `info`, `error`) as toast kinds; anything else is info. */
export function messageKind(type: string | undefined): 'success' | 'warning' | 'info' | 'error' {
  return type === 'success' || type === 'warning' || type === 'error' ? type : 'info';
}
