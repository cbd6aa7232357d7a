// /api/system/api_white_list/ — API patterns every signed-in user may call whatever their buttons
// (`{id}` stands for one path segment); `enable_datasource = false` also lifts the data scope there.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS, fields, METHOD_CHOICES } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

const body = z.object({
  url: z.string().trim().min(1).max(200).regex(/^\//, { message: 'v.invalid' }),
  method: fields.choice(METHOD_CHOICES),
  enable_datasource: fields.optionalBoolean(),
  description: fields.description(),
});

const LABELS = {
  url: { zh: '接口地址', en: 'API' },
  method: { zh: '接口请求方法', en: 'Method' },
  enable_datasource: { zh: '激活数据权限', en: 'Data scope' },
  ...COMMON_LABELS,
};

export function registerApiWhiteListRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'api_white_list',
    table: 'api_white_list',
    model: { zh: '接口白名单', en: 'API white list' },
    labels: LABELS,
    body,
    dataScope: false,
    // an entry here lifts the permission check for everyone: only a superuser adds or changes one
    writes: 'superuser',
    filters: { url: 'contains', method: 'int', enable_datasource: 'bool' },
    search: ['url'],
    ordering: ['id', 'url', 'method', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    row: (r) => ({
      ...head(r),
      ...tail(r),
      url: r.url,
      method: r.method,
      enable_datasource: r.enable_datasource,
    }),
    columns: (input) => ({
      url: input.url,
      method: input.method,
      enable_datasource: input.enable_datasource ?? undefined,
      description: input.description,
    }),
  });
}
