// Stock dvadmin 2.1 routes the reference server answers too (issue 18): the workbench figures
// (/api/system/datav/*/) and the user's button list (get_btn_permission), in the recorded shapes, with the
// API permission of every system endpoint (the button list: any signed-in user, about their own grants).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../server/modules/datav/routes.ts';
import { btnPermissionSchema, type DatavFigure, DatavPaths, datavSchemas } from '../../src/contract/datav.ts';
import { configRowSchema } from '../../src/contract/resources.ts';
import { saveContentBody } from '../../src/ui/views/system/config/save-body.ts';
import { describeEachDatabase } from './helpers.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(`/work/shared/fixtures/dvadmin/${name}.json`, 'utf8')) as {
    code: number;
    msg: string;
    data: unknown;
  };

/** The structure of a JSON value: keys and value types, arrays by their first element. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return value === null ? 'null' : typeof value;
}

const FIGURES = Object.keys(datavSchemas) as DatavFigure[];

describe('datav and button-list contract (the recorded stock answers)', () => {
  it.each(FIGURES)('the stock %s answer parses with its schema', (name) => {
    expect(() => datavSchemas[name].parse(fixture(`datav_${name}`).data)).not.toThrow();
  });
  it('the stock button list parses: "<web_path>:<value>" strings', () => {
    const list = btnPermissionSchema.parse(fixture('menu_button_get_btn_permission').data);
    expect(list.every((entry) => /^\/[^:]*:\w+$/.test(entry))).toBe(true);
  });
  it('sizes are written as dvadmin writes them', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describeEachDatabase('stock 2.1 routes on the reference server', (server) => {
  let superToken = '';
  let testToken = '';
  beforeAll(async () => {
    superToken = (await server.login('superadmin')).access;
    testToken = (await server.login('test')).access;
  });

  it.each(FIGURES)('datav %s answers in the recorded shape', async (name) => {
    const { json } = await server.get(DatavPaths.figure(name), { token: superToken });
    const recorded = fixture(`datav_${name}`);
    expect(json.code).toBe(2000);
    expect(json.msg).toBe(recorded.msg);
    datavSchemas[name].parse(json.data);
    expect(shapeOf(json.data)).toEqual(shapeOf(recorded.data));
  });

  it('datav figures count our data: users, successful logins per day (today last), 30 days', async () => {
    const users = (await server.get(DatavPaths.figure('users_total'), { token: superToken })).json.data;
    const live = await server.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    expect(users.users_total).toBe(Number(live.n));
    const logins = (await server.get(DatavPaths.figure('users_login_total'), { token: superToken })).json
      .data;
    expect(logins.login_total).toBeGreaterThanOrEqual(2); // superadmin and test signed in above
    const perDay = (await server.get(DatavPaths.figure('login_user'), { token: superToken })).json.data
      .login_user as { day: string; count: number }[];
    expect(perDay).toHaveLength(30);
    const now = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    expect(perDay.at(-1)?.day).toBe(`${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`);
    expect(perDay.reduce((sum, d) => sum + d.count, 0)).toBe(logins.login_total);
    const active = (await server.get(DatavPaths.figure('users_active'), { token: superToken })).json.data;
    expect(active.today_logins).toBeGreaterThanOrEqual(2);
    const regions = (await server.get(DatavPaths.figure('login_region'), { token: superToken })).json.data;
    expect(regions[0]).toEqual({ region: '未知区域', count: logins.login_total });
    expect(regions).toHaveLength(36);
  });

  it('datav is refused to a user holding no grant for it, as every system endpoint', async () => {
    const { json } = await server.get(DatavPaths.figure('users_total'), { token: testToken });
    expect(json).toEqual({
      code: 4000,
      data: null,
      msg: '您没有执行该操作的权限。 (GET: /api/system/datav/users_total/)',
    });
    expect((await server.get(DatavPaths.figure('users_total'))).json.code).not.toBe(2000);
  });

  it('config save: the full items the console sends (what stock 2.1 requires) are accepted, values saved', async () => {
    const auth = { token: superToken };
    const list = await server.get('/api/system/system_config/', { ...auth, query: { limit: 999 } });
    const rows = (list.json.data.data as unknown[]).map((row) => configRowSchema.parse(row));
    const group = rows.find((r) => r.parent === null && r.key === 'login');
    const siteName = rows.find((r) => r.parent === group?.id && r.key === 'site_name');
    const body = saveContentBody(rows, group?.id ?? null, { [String(siteName?.id)]: '兼容站点' });
    // Every item carries what stock's serializer requires, not just {id, value}.
    for (const item of body)
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'parent', 'title', 'key', 'value']));
    const saved = await server.put('/api/system/system_config/save_content/', body, auth);
    expect(saved.json).toMatchObject({ code: 2000 });
    expect((await server.get('/api/init/settings/')).json.data['login.site_name']).toBe('兼容站点');
  });

  it('get_btn_permission: a superuser holds every button, a user only their roles’ buttons', async () => {
    const all = await server.get(DatavPaths.btnPermission, { token: superToken });
    expect(all.json).toMatchObject({ code: 2000, msg: fixture('menu_button_get_btn_permission').msg });
    const every = btnPermissionSchema.parse(all.json.data);
    const buttons = await server.app.db
      .selectFrom('menu_button as b')
      .innerJoin('menu as m', 'm.id', 'b.menu_id')
      .select(['m.web_path', 'b.value'])
      .where('b.is_deleted', '=', false)
      .where('m.is_deleted', '=', false)
      .execute();
    expect(new Set(every)).toEqual(new Set(buttons.map((b) => `${b.web_path}:${b.value}`)));
    expect(every).toContain('/dept:Create');
    expect(shapeOf(every)).toEqual(shapeOf(fixture('menu_button_get_btn_permission').data));

    const mine = btnPermissionSchema.parse(
      (await server.get(DatavPaths.btnPermission, { token: testToken })).json.data,
    );
    expect(mine).toContain('/dept:Retrieve');
    expect(mine).not.toContain('/dept:Create');
    expect(mine.length).toBeLessThan(every.length);
    expect((await server.get(DatavPaths.btnPermission)).json.code).not.toBe(2000);
  });
});
