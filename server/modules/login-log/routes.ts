// /api/system/login_log/ — read only: every login attempt (the session module writes them), newest first.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

const LABELS = {
  username: { zh: '登录用户名', en: 'Username' },
  ip: { zh: '登录ip', en: 'IP' },
  agent: { zh: 'agent信息', en: 'User agent' },
  browser: { zh: '浏览器名', en: 'Browser' },
  os: { zh: '操作系统', en: 'OS' },
  login_type: { zh: '登录类型', en: 'Login type' },
  status: { zh: '登录结果', en: 'Result' },
  failure_reason: { zh: '失败原因', en: 'Failure reason' },
  ...COMMON_LABELS,
};

const RESULT = { zh: ['失败', '成功'], en: ['Failed', 'Succeeded'] };

export function registerLoginLogRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'login_log',
    table: 'login_log',
    model: { zh: '登录日志', en: 'login log' },
    labels: LABELS,
    filters: {
      username: 'contains',
      ip: 'contains',
      browser: 'contains',
      os: 'contains',
      status: 'bool',
      login_type: 'int',
    },
    search: ['username', 'ip', 'browser', 'os'],
    ordering: ['id', 'username', 'ip', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    row: (r, { locale }) => ({
      ...head(r),
      ...tail(r),
      username: r.username,
      ip: r.ip,
      agent: r.agent,
      browser: r.browser,
      os: r.os,
      continent: null,
      country: null,
      province: null,
      city: null,
      district: null,
      isp: null,
      login_type: r.login_type,
      status: r.status,
      status_label: RESULT[locale][r.status ? 1 : 0],
      failure_reason: r.failure_reason,
    }),
    export: {
      filename: { zh: '登录日志', en: 'login log' },
      columns: [
        { field: 'username', header: LABELS.username },
        { field: 'ip', header: LABELS.ip },
        { field: 'browser', header: LABELS.browser },
        { field: 'os', header: LABELS.os },
        { field: 'status_label', header: LABELS.status },
        { field: 'failure_reason', header: LABELS.failure_reason },
        { field: 'create_datetime', header: { zh: '登录时间', en: 'Time' } },
      ],
    },
  });
}
