// /xy/logs/ — read-only: what the pipeline did — every ingest batch (stored / dropped per reason), every task
// run a phone took, every phone going online or offline. Filters type, task, phone; search over the message;
// data scope by the dept of the phone or poster that caused it.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

export const LOGS_API = '/xy/logs/';
export const LOG_TYPES = ['ingest', 'task_run', 'phone'] as const;

const LABELS = {
  type: { zh: '类型', en: 'Type' },
  task: { zh: '任务', en: 'Task' },
  phone: { zh: '手机', en: 'Phone' },
  stored: { zh: '入库', en: 'Stored' },
  dropped: { zh: '丢弃', en: 'Dropped' },
  message: { zh: '内容', en: 'Message' },
  ...COMMON_LABELS,
};

export function registerLogRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'logs',
    base: LOGS_API,
    module: 'logs',
    table: 'xy_log',
    model: { zh: '日志', en: 'log' },
    labels: LABELS,
    select: (qb) =>
      qb
        .leftJoin('xy_task as k', 'k.id', 't.task_id')
        .leftJoin('xy_phone as p', 'p.id', 't.phone_id')
        .select(['k.name as task_name', 'p.name as phone_name']),
    row: (r) => ({
      ...head(r),
      ...tail(r),
      type: r.type,
      task: r.task_id,
      task_name: r.task_name ?? null,
      phone: r.phone_id,
      phone_name: r.phone_name ?? null,
      stored: r.stored,
      dropped: r.dropped,
      message: r.message,
      detail: r.detail ?? {},
    }),
    columnOf: { task: 'task_id', phone: 'phone_id' },
    filters: { type: 'exact', task: 'int', phone: 'int' },
    search: ['message'],
    ordering: ['id', 'type', 'stored', 'dropped', 'create_datetime'],
    defaultOrder: ['-create_datetime', '-id'],
    export: {
      filename: { zh: '日志', en: 'logs' },
      columns: [
        { field: 'type', header: LABELS.type },
        { field: 'task_name', header: LABELS.task },
        { field: 'phone_name', header: LABELS.phone },
        { field: 'stored', header: LABELS.stored },
        { field: 'dropped', header: LABELS.dropped },
        { field: 'message', header: LABELS.message },
        { field: 'create_datetime', header: { zh: '时间', en: 'Time' } },
      ],
    },
  });
}
