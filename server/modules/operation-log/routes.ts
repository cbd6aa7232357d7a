// /api/system/operation_log/ — read only: one row per API write (server/http/operation-log.ts) with the
// request body (secrets masked) and the response (`json_result`: code and msg), newest first.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

const LABELS = {
  request_modular: { zh: '请求模块', en: 'Module' },
  request_path: { zh: '请求地址', en: 'Path' },
  request_body: { zh: '请求参数', en: 'Request body' },
  request_method: { zh: '请求方式', en: 'Method' },
  request_msg: { zh: '操作说明', en: 'Note' },
  request_ip: { zh: '请求ip地址', en: 'IP' },
  request_browser: { zh: '请求浏览器', en: 'Browser' },
  response_code: { zh: '响应状态码', en: 'Response code' },
  request_os: { zh: '操作系统', en: 'OS' },
  json_result: { zh: '返回信息', en: 'Response' },
  status: { zh: '响应状态', en: 'Succeeded' },
  ...COMMON_LABELS,
};

export function registerOperationLogRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'operation_log',
    table: 'operation_log',
    model: { zh: '操作日志', en: 'operation log' },
    labels: LABELS,
    filters: {
      request_modular: 'contains',
      request_path: 'contains',
      request_method: 'exact',
      request_ip: 'contains',
      response_code: 'exact',
      status: 'bool',
    },
    search: ['request_modular', 'request_path', 'request_body', 'request_ip'],
    ordering: ['id', 'request_path', 'request_method', 'response_code', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    row: (r) => ({
      ...head(r),
      ...tail(r),
      request_modular: r.request_modular,
      request_path: r.request_path,
      request_body: r.request_body,
      request_method: r.request_method,
      request_msg: r.request_msg,
      request_ip: r.request_ip,
      request_browser: r.request_browser,
      response_code: r.response_code,
      request_os: r.request_os,
      json_result: r.json_result,
      status: r.status,
    }),
    export: {
      filename: { zh: '操作日志', en: 'operation log' },
      columns: [
        { field: 'request_modular', header: LABELS.request_modular },
        { field: 'request_path', header: LABELS.request_path },
        { field: 'request_method', header: LABELS.request_method },
        { field: 'request_body', header: LABELS.request_body },
        { field: 'response_code', header: LABELS.response_code },
        { field: 'json_result', header: LABELS.json_result },
        { field: 'request_ip', header: LABELS.request_ip },
        { field: 'creator_name', header: COMMON_LABELS.creator_name },
        { field: 'create_datetime', header: COMMON_LABELS.create_datetime },
      ],
    },
  });
}
