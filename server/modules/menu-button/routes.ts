// /api/system/menu_button/ — a menu's buttons (`?menu=<id>`): name, permission value, the API pattern it
// grants and the method (dvadmin's METHOD_CHOICES 0 GET, 1 POST, 2 PUT, 3 DELETE, 4 PATCH). The server-side
// permission check matches requests against these.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS, fields, METHOD_CHOICES } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

const body = z.object({
  menu: fields.integer(1),
  name: fields.text(64),
  value: fields.text(64),
  api: fields.text(200),
  method: fields.choice(METHOD_CHOICES),
  description: fields.description(),
});

const LABELS = {
  menu: { zh: '菜单', en: 'Menu' },
  name: { zh: '名称', en: 'Name' },
  value: { zh: '权限值', en: 'Permission value' },
  api: { zh: '接口地址', en: 'API' },
  method: { zh: '接口请求方法', en: 'Method' },
  ...COMMON_LABELS,
};

export function registerMenuButtonRoutes(app: FastifyInstance, db: Db): void {
  registerResource<z.output<typeof body>>(app, db, {
    name: 'menu_button',
    table: 'menu_button',
    model: { zh: '菜单权限表', en: 'menu button' },
    labels: LABELS,
    body,
    dataScope: false,
    columnOf: { menu: 'menu_id' },
    filters: { menu: 'int', name: 'contains', value: 'contains', api: 'contains', method: 'int' },
    search: ['name', 'value', 'api'],
    ordering: ['id', 'name', 'value', 'api', 'method', 'create_datetime'],
    defaultOrder: ['id'],
    references: [{ field: 'menu', table: 'menu' }],
    row: (r) => ({
      ...head(r),
      ...tail(r),
      menu: r.menu_id,
      name: r.name,
      value: r.value,
      api: r.api,
      method: r.method,
    }),
    columns: (input) => ({
      menu_id: input.menu,
      name: input.name,
      value: input.value,
      api: input.api,
      method: input.method,
      description: input.description,
    }),
  });
}
