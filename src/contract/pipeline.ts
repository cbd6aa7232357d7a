/**
 * The monitoring pipeline's resources (docs/domain.md, issue 13): list paths, extra endpoints and tolerant
 * row schemas of tasks, phones, device data, item filters, sellers and logs. Other fields pass through; a
 * row failing its schema fails the page's load.
 */
import { z } from 'zod';
import { rowId as id, row } from './rows.ts';

const text = z.string().nullish();
const count = z.number().nullish();
/** numeric columns may arrive as strings from a stock backend */
const money = z.union([z.number(), z.string()]).nullish();
const words = z.array(z.string()).nullish();

export const taskRowSchema = row({
  name: text,
  keywords: words,
  min_price: money,
  max_price: money,
  region: text,
  interval_s: count,
  enabled: z.boolean().nullish(),
  phone: id.nullish(),
  phone_name: text,
  last_run_at: text,
  items_found: count,
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const phoneRowSchema = row({
  name: text,
  serial: text,
  model: text,
  account: text,
  remark: text,
  online: z.boolean().nullish(),
  last_seen: text,
  battery: count,
  network: text,
  app_version: text,
  /** Only in the create answer: the agent token, shown once. */
  token: text,
});

export const deviceDataRowSchema = row({
  phone: id.nullish(),
  phone_name: text,
  battery: count,
  network: text,
  app_version: text,
  extra: z.unknown().optional(),
});
export type DeviceDataRow = z.infer<typeof deviceDataRowSchema>;

export const itemFilterRowSchema = row({
  name: text,
  task: id.nullish(),
  task_name: text,
  exclude_words: words,
  include_words: words,
  min_price: money,
  max_price: money,
  enabled: z.boolean().nullish(),
  hits: count,
});

export const sellerRowSchema = row({
  seller_id: text,
  name: text,
  items_count: count,
  first_seen: text,
  last_seen: text,
  blacklisted: z.boolean().nullish(),
  blacklist_reason: text,
});

export const LOG_TYPES = ['ingest', 'task_run', 'phone'] as const;
export const logRowSchema = row({
  type: text,
  task: id.nullish(),
  task_name: text,
  phone: id.nullish(),
  phone_name: text,
  stored: count,
  dropped: count,
  message: text,
  detail: z.unknown().optional(),
});

/** `POST /xy/phones/{id}/rotate_token/` → the new token, shown once. */
export const rotatedTokenSchema = z.looseObject({ id, token: z.string() });

/** `POST /xy/item_filters/test/` → which rule (or the blacklist) would drop the listing. */
export const filterVerdictSchema = z.looseObject({
  verdict: z.enum(['pass', 'blacklist', 'filter', 'duplicate']),
  filter: z.looseObject({ id, name: z.string().nullish() }).nullish(),
  rule: text,
  word: text,
});
export type FilterVerdict = z.infer<typeof filterVerdictSchema>;

export const Pipeline = {
  task: { path: '/xy/tasks/', row: taskRowSchema },
  phone: { path: '/xy/phones/', row: phoneRowSchema },
  deviceData: { path: '/xy/device_data/', row: deviceDataRowSchema },
  itemFilter: { path: '/xy/item_filters/', row: itemFilterRowSchema },
  seller: { path: '/xy/sellers/', row: sellerRowSchema },
  log: { path: '/xy/logs/', row: logRowSchema },
} as const;
export type PipelineName = keyof typeof Pipeline;

export const PipelinePaths = {
  rotateToken: (phone: number | string) => `/xy/phones/${phone}/rotate_token/`,
  filterTest: '/xy/item_filters/test/',
} as const;
