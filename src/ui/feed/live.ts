import type { Item } from '../../machines/feed/types.ts';

/** How many items the workbench shows (the socket chart keeps up to 200; the newest are enough here). */
export const FEED_DISPLAY_LIMIT = 50;

/**
 * The workbench's list: the socket's live items (newest first) then the seeded page's items not already
 * there, newest first overall as both are, at most `max`.
 */
export function mergeFeed(live: readonly Item[], seed: readonly Item[], max = FEED_DISPLAY_LIMIT): Item[] {
  const seen = new Set(live.map((item) => String(item.id)));
  const out = live.slice(0, max);
  for (const item of seed) {
    if (out.length >= max) break;
    if (!seen.has(String(item.id))) out.push(item);
  }
  return out;
}
