// /xy/tasks/ — what to watch: a marketplace search (keywords, price range, region) a phone runs every
// interval_s seconds (docs/domain.md "Task"). On the CRUD kit: the seeded 任务 buttons as API permissions, the
// data scope by the creator's dept. last_run_at and items_found are written by the pipeline (phone agent,
// ingest), never by the body.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';
import { checkRange, money, num, wordList } from '../pipeline/fields.ts';
import { refusePipeline } from '../pipeline/texts.ts';

export const TASKS_API = '/xy/tasks/';

export const TASK_LABELS = {
  name: { zh: '任务名称', en: 'Name' },
  keywords: { zh: '关键词', en: 'Keywords' },
  min_price: { zh: '最低价', en: 'Minimum price' },
  max_price: { zh: '最高价', en: 'Maximum price' },
  region: { zh: '地区', en: 'Region' },
  interval_s: { zh: '间隔（秒）', en: 'Interval (s)' },
  enabled: { zh: '启用', en: 'Enabled' },
  phone: { zh: '手机', en: 'Phone' },
  last_run_at: { zh: '上次运行', en: 'Last run' },
  items_found: { zh: '发现商品', en: 'Items found' },
  ...COMMON_LABELS,
};

const body = z.object({
  name: fields.text(64),
  keywords: wordList(),
  min_price: money(),
  max_price: money(),
  region: fields.optionalText(64),
  interval_s: fields.optionalInteger(30, 7 * 86400),
  enabled: fields.optionalBoolean(),
  phone: fields.optionalInteger(1),
  description: fields.description(),
});

export function registerTaskRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'tasks',
    base: TASKS_API,
    module: 'tasks',
    table: 'xy_task',
    model: { zh: '任务', en: 'task' },
    labels: TASK_LABELS,
    body,
    beforeWrite: async (input) => {
      if (!input.keywords.length) throw refusePipeline('keywordsEmpty', TASK_LABELS.keywords);
      checkRange(input.min_price, input.max_price, TASK_LABELS.min_price);
    },
    references: [{ field: 'phone', table: 'xy_phone' }],
    columns: (input) => ({
      name: input.name,
      keywords: JSON.stringify(input.keywords),
      min_price: input.min_price ?? null,
      max_price: input.max_price ?? null,
      region: input.region || null,
      interval_s: input.interval_s ?? 300,
      enabled: input.enabled ?? true,
      phone_id: input.phone ?? null,
      description: input.description ?? null,
    }),
    select: (qb) =>
      qb
        .leftJoin('xy_phone as p', (j) => j.onRef('p.id', '=', 't.phone_id').on('p.is_deleted', '=', false))
        .select(['p.name as phone_name', 'p.online as phone_online']),
    row: (r) => ({
      ...head(r),
      ...tail(r),
      name: r.name,
      keywords: Array.isArray(r.keywords) ? r.keywords : [],
      min_price: num(r.min_price),
      max_price: num(r.max_price),
      region: r.region,
      interval_s: r.interval_s,
      enabled: r.enabled,
      phone: r.phone_name === null || r.phone_name === undefined ? null : r.phone_id,
      phone_name: r.phone_name ?? null,
      phone_online: r.phone_online ?? null,
      last_run_at: formatDateTime(r.last_run_at),
      items_found: r.items_found,
    }),
    columnOf: { phone: 'phone_id' },
    filters: {
      name: 'contains',
      enabled: 'bool',
      phone: 'int',
      region: 'contains',
      keyword: (qb, value) => qb.where(sql<boolean>`t.keywords ? ${value}`),
    },
    search: ['name'],
    ordering: ['id', 'name', 'interval_s', 'last_run_at', 'items_found', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    export: {
      filename: { zh: '任务', en: 'tasks' },
      columns: [
        { field: 'name', header: TASK_LABELS.name },
        { field: 'keywords', header: TASK_LABELS.keywords },
        { field: 'min_price', header: TASK_LABELS.min_price },
        { field: 'max_price', header: TASK_LABELS.max_price },
        { field: 'region', header: TASK_LABELS.region },
        { field: 'interval_s', header: TASK_LABELS.interval_s },
        { field: 'enabled', header: TASK_LABELS.enabled },
        { field: 'phone_name', header: TASK_LABELS.phone },
        { field: 'last_run_at', header: TASK_LABELS.last_run_at },
        { field: 'items_found', header: TASK_LABELS.items_found },
      ],
    },
  });
}
