// /api/system/menu/ — the menu tree (rows as fixture menu_list.json: `menuPermission` is the list of the
// menu's button names, null when it has none; `hasChild`). Unpaginated unless page/limit is given, as the
// stock backend answers it; `?parent=<id>` (or `lazy=1`) for one level.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { childCount, head, registerResource, tail } from '../crud/kit.ts';
import { refuseCycle, refuseWithChildren } from '../crud/tree.ts';
import { announceMenus } from '../role/live.ts';

const body = z.object({
  parent: fields.optionalInteger(1),
  icon: fields.optionalText(64),
  name: fields.text(64),
  sort: fields.optionalInteger(0),
  is_link: fields.optionalBoolean(),
  is_catalog: fields.optionalBoolean(),
  web_path: fields.optionalText(128),
  component: fields.optionalText(128),
  component_name: fields.optionalText(50),
  status: fields.optionalBoolean(),
  cache: fields.optionalBoolean(),
  visible: fields.optionalBoolean(),
  frame_out: fields.optionalBoolean(),
  description: fields.description(),
});

export const MENU_LABELS = {
  parent: { zh: '上级菜单', en: 'Parent menu' },
  icon: { zh: '菜单图标', en: 'Icon' },
  name: { zh: '菜单名称', en: 'Menu name' },
  sort: { zh: '显示排序', en: 'Sort' },
  is_link: { zh: '是否外链', en: 'External link' },
  is_catalog: { zh: '是否目录', en: 'Catalog' },
  web_path: { zh: '路由地址', en: 'Route path' },
  component: { zh: '组件地址', en: 'Component' },
  component_name: { zh: '组件名称', en: 'Component name' },
  status: { zh: '菜单状态', en: 'Status' },
  cache: { zh: '是否页面缓存', en: 'Cache' },
  visible: { zh: '侧边栏中是否显示', en: 'Visible' },
  frame_out: { zh: '是否主框架外', en: 'Outside the frame' },
  ...COMMON_LABELS,
};

export function registerMenuAdminRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'menu',
    table: 'menu',
    model: { zh: '菜单表', en: 'menu' },
    labels: MENU_LABELS,
    body,
    dataScope: false,
    paginate: 'optional',
    tree: { parentColumn: 'parent_id' },
    columnOf: { parent: 'parent_id' },
    filters: {
      name: 'contains',
      web_path: 'contains',
      component: 'contains',
      status: 'bool',
      visible: 'bool',
      is_catalog: 'bool',
      is_link: 'bool',
      parent: 'int',
    },
    search: ['name', 'web_path', 'component'],
    ordering: ['id', 'name', 'sort', 'web_path', 'create_datetime'],
    defaultOrder: ['sort'],
    references: [{ field: 'parent', table: 'menu' }],
    select: (qb) =>
      qb.select([
        childCount('menu', 'parent_id'),
        sql<
          string[] | null
        >`(select array_agg(b.name order by b.id) from menu_button b where b.menu_id = t.id and b.is_deleted = false)`.as(
          'button_names',
        ),
      ]),
    row: (r) => ({
      ...head(r),
      menuPermission: r.button_names ?? null,
      hasChild: r.child_count > 0,
      ...tail(r),
      icon: r.icon,
      name: r.name,
      sort: r.sort,
      is_link: r.is_link,
      is_catalog: r.is_catalog,
      web_path: r.web_path ?? '',
      component: r.component ?? '',
      component_name: r.component_name ?? '',
      status: r.status,
      frame_out: r.frame_out,
      cache: r.cache,
      visible: r.visible,
      parent: r.parent_id,
    }),
    columns: (input) => ({
      parent_id: input.parent,
      icon: input.icon,
      name: input.name,
      sort: input.sort ?? undefined,
      is_link: input.is_link ?? undefined,
      is_catalog: input.is_catalog ?? undefined,
      web_path: input.web_path,
      component: input.component,
      component_name: input.component_name,
      status: input.status ?? undefined,
      cache: input.cache ?? undefined,
      visible: input.visible ?? undefined,
      frame_out: input.frame_out ?? undefined,
      description: input.description,
    }),
    beforeWrite: (input, _ctx, id) =>
      refuseCycle(db, 'menu', 'parent_id', id, input.parent, MENU_LABELS.parent),
    beforeDelete: (ids) => refuseWithChildren(db, 'menu', 'parent_id', ids),
    // The consoles of the users it reaches fetch their menus again (server/modules/role/live.ts).
    afterCommit: (id, _input, ctx) => announceMenus(db, ctx.request.server.realtime, [id]),
    afterDelete: (ids, ctx) => announceMenus(db, ctx.request.server.realtime, ids),
  });
}
