import type { z } from 'zod';
import { type Page, pageSchema } from '../../contract/index.ts';
import type { HttpClient, HttpRequest } from '../http/types.ts';

/**
 * Generic paginated list (seed §9: request `page`, `limit`; response `page`, `limit`, `total`, `data`).
 * Other query parameters are filters by field name, `search=`, `ordering=field|-field` (CONTRACT.md).
 */
export type PageQuery = { page?: number; limit?: number } & Record<string, unknown>;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 999;

export async function fetchPage<S extends z.ZodType>(
  http: HttpClient,
  url: string,
  row: S,
  query: PageQuery = {},
  extra: Pick<HttpRequest, 'signal' | 'quiet'> = {},
): Promise<Page<z.output<S>>> {
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.limit ?? DEFAULT_PAGE_SIZE)));
  const result = await http.data({ ...extra, url, params: { ...query, page, limit } }, pageSchema(row));
  return result as Page<z.output<S>>;
}
