/**
 * The live item feed's REST side (server/modules/items): the latest page that seeds the workbench's list
 * and today's counts. Both are `quiet`: a user without the items menu gets a permission error, which the
 * workbench shows in place rather than as a toast on every visit.
 */
import { z } from 'zod';
import { type Item, itemSchema, type Page } from '../../contract/index.ts';
import type { HttpClient } from '../http/types.ts';
import { fetchPage } from './list.ts';

export const ItemPaths = { list: '/xy/items/', stats: '/xy/items/stats/' } as const;

/** How many items the workbench asks for to seed its list. */
export const LATEST_ITEMS_LIMIT = 20;

export const itemStatsSchema = z.object({ today: z.number(), total: z.number() });
export type ItemStats = z.infer<typeof itemStatsSchema>;

/** `GET /xy/items/?page=1&limit=…`: newest first. */
export function getLatestItems(
  http: HttpClient,
  limit = LATEST_ITEMS_LIMIT,
  signal?: AbortSignal,
): Promise<Page<Item>> {
  return fetchPage(http, ItemPaths.list, itemSchema, { page: 1, limit }, { signal, quiet: true });
}

/** `GET /xy/items/stats/` → `{today, total}`. */
export function getItemStats(http: HttpClient, signal?: AbortSignal): Promise<ItemStats> {
  return http.data({ url: ItemPaths.stats, signal, quiet: true }, itemStatsSchema);
}
