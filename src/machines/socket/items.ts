import type { Item } from '../../contract/index.ts';

/** The live list keeps the newest 200 items (the workbench shows the recent ones). */
export const MAX_ITEMS = 200;

/** Reconnect back-off: 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for every later attempt. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** The first step whose delay reaches the cap; the counter stops there (bounded context). */
export const MAX_BACKOFF_STEP = 5;

/**
 * What the connection reports (`socket.connectFailed`) when the server answered 404: the backend has no
 * socket.io (a stock dvadmin). Each attempt then costs the browser two 404s (websocket, then polling).
 */
export const SOCKET_NOT_FOUND = 'socket endpoint not found';
/** After this many 404s in a row the chart waits `NOT_FOUND_DELAY_MS` between attempts. */
export const NOT_FOUND_STREAK = 3;
export const NOT_FOUND_DELAY_MS = 10 * 60_000;

export function reconnectDelay(step: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** step, BACKOFF_CAP_MS);
}

/** The wait before the next attempt: the back-off, or `NOT_FOUND_DELAY_MS` after repeated 404s. */
export function attemptDelay(step: number, notFoundStreak: number): number {
  return notFoundStreak >= NOT_FOUND_STREAK ? NOT_FOUND_DELAY_MS : reconnectDelay(step);
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
