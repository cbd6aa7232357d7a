// /xy/push_data/ — the push history, one row per delivery attempt (xy_push): read-only list and detail,
// delete, and POST /xy/push_data/{id}/retry/ ("retry now": the delivery gets a new attempt due at once, or its
// waiting attempt is made due). Data scope follows the customer's dept (copied onto each attempt).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { formatDateTime } from '../../lib/time.ts';
import { COMMON_LABELS } from '../crud/fields.ts';
import { head, notFound, parseId, registerResource, tail } from '../crud/kit.ts';
import { retryNow } from '../push/outbox.ts';

export const PUSH_DATA_API = '/xy/push_data/';

export const PUSH_LABELS = {
  customer: { zh: '用户', en: 'Customer' },
  item: { zh: '商品', en: 'Item' },
  task: { zh: '任务', en: 'Task' },
  event: { zh: '事件', en: 'Event' },
  attempt: { zh: '尝试次数', en: 'Attempt' },
  status: { zh: '状态', en: 'Status' },
  http_status: { zh: 'HTTP 状态', en: 'HTTP status' },
  latency_ms: { zh: '耗时（毫秒）', en: 'Latency (ms)' },
  error: { zh: '错误', en: 'Error' },
  next_retry_at: { zh: '下次重试', en: 'Next retry' },
  delivery_id: { zh: '投递 ID', en: 'Delivery id' },
  ...COMMON_LABELS,
};

const dt = (v: Date | null) => (v ? formatDateTime(v) : null);

export function registerPushDataRoutes(
  app: FastifyInstance,
  db: Db,
  wake: () => void,
  now: () => Date = () => new Date(),
): void {
  registerResource(app, db, {
    name: 'push_data',
    base: PUSH_DATA_API,
    table: 'xy_push',
    module: 'xy_push_data',
    model: { zh: '推送数据', en: 'push data' },
    labels: PUSH_LABELS,
    columnOf: { customer: 'customer_id', item: 'item_id', task: 'task_id' },
    filters: {
      customer: 'int',
      item: 'int',
      task: 'int',
      status: 'exact',
      event: 'exact',
      attempt: 'int',
      delivery_id: 'exact',
    },
    search: ['error', 'delivery_id'],
    ordering: ['id', 'attempt', 'status', 'http_status', 'latency_ms', 'next_retry_at', 'create_datetime'],
    defaultOrder: ['-create_datetime', '-id'],
    select: (qb) =>
      qb.select([
        sql<string | null>`(select c.name from xy_customer c where c.id = t.customer_id)`.as('customer_name'),
        sql<string | null>`(select i.title from items i where i.id = t.item_id)`.as('item_title'),
        sql<string | null>`(select k.name from xy_task k where k.id = t.task_id)`.as('task_name'),
      ]),
    row: (r) => ({
      ...head(r),
      id: Number(r.id),
      delivery_id: r.delivery_id,
      customer: r.customer_id,
      customer_name: r.customer_name ?? null,
      item: r.item_id,
      item_title: r.item_title ?? null,
      task: r.task_id,
      task_name: r.task_name ?? null,
      feedback: r.feedback_id,
      event: r.event,
      attempt: r.attempt,
      status: r.status,
      http_status: r.http_status,
      latency_ms: r.latency_ms,
      error: r.error,
      response: r.response,
      next_retry_at: r.status === 'pending' ? dt(r.next_retry_at) : null,
      finished_at: dt(r.finished_at),
      ...tail(r),
    }),
    export: {
      filename: { zh: '推送数据', en: 'push data' },
      columns: [
        { field: 'delivery_id', header: PUSH_LABELS.delivery_id },
        { field: 'customer_name', header: PUSH_LABELS.customer },
        { field: 'item_title', header: PUSH_LABELS.item },
        { field: 'task_name', header: PUSH_LABELS.task },
        { field: 'attempt', header: PUSH_LABELS.attempt },
        { field: 'status', header: PUSH_LABELS.status },
        { field: 'http_status', header: PUSH_LABELS.http_status },
        { field: 'latency_ms', header: PUSH_LABELS.latency_ms },
        { field: 'error', header: PUSH_LABELS.error },
        { field: 'create_datetime', header: COMMON_LABELS.create_datetime },
      ],
    },
    routes: (app, kit) => {
      app.post(`${PUSH_DATA_API}:id/retry/`, kit.options, async (request) => {
        const c = await kit.ctx(request);
        const id = parseId((request.params as { id?: string }).id);
        if (id === null || !(await kit.find(c, id))) throw notFound();
        await retryNow(db, String(id), now());
        wake();
        return envelope(request, await kit.get(c, id), 'ok.updated');
      });
    },
  });
}
