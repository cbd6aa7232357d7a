import { z } from 'zod';

/**
 * The /items page's rows (`GET /xy/items/`, docs/domain.md "Item") and the tasks its filter offers. Tolerant:
 * every field the page shows is optional or nullable, and unknown fields pass through, so an older server
 * (no task, no first/last seen) still loads. The socket's `items` carry the same row
 * (src/contract/socket.ts `itemSchema`, loose, so these fields survive it).
 */
export const ITEMS_PATH = '/xy/items/';
export const TASKS_PATH = '/xy/tasks/';

const id = z.union([z.number(), z.string()]);
const num = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());

export const itemRowSchema = z.looseObject({
  id,
  title: z.string().nullish(),
  price: num.nullish(),
  seller: z.string().nullish(),
  seller_ref: id.nullish(),
  seller_blacklisted: z.boolean().nullish(),
  url: z.string().nullish(),
  image: z.string().nullish(),
  keywords: z.array(z.string()).nullish(),
  time: z.string().nullish(),
  task: id.nullish(),
  task_name: z.string().nullish(),
  region: z.string().nullish(),
  location: z.string().nullish(),
  first_seen: z.string().nullish(),
  last_seen: z.string().nullish(),
  create_datetime: z.string().nullish(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

/** A task as the filter's select needs it. */
export const taskOptionSchema = z.looseObject({ id, name: z.string().nullish() });
