// Issue 15: /api/init/settings/, web_router, the signed-in user, the API permission check's inputs and the
// message poll are answered from memory, and every change to what they are built from — through the API, straight in the database as the CLI
// writes, or through another server process on the same PostgreSQL database — shows in the very next answer
// (the other process: as soon as its listener has heard the change, awaited here as an event).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf, LISTENER_APPLICATION } from '../../server/db/changes.ts';
import type { Db } from '../../server/db/index.ts';
import { writeSetting } from '../../server/modules/settings/queries.ts';
import { Paths } from '../../src/contract/paths.ts';
import { createPostgresDatabase, describeEachDatabase, postgresAvailable, TestServer } from './helpers.ts';

type MenuItem = { web_path: string; name: string; menuPermission: string[] | null };

const SETTINGS = '/api/init/settings/';
const siteName = async (server: TestServer) => (await server.get(SETTINGS)).json.data['login.site_name'];
const router = async (server: TestServer, token: string): Promise<MenuItem[]> => {
  const { json } = await server.get(Paths.webRouter, { token });
  expect(json.code).toBe(2000);
  return json.data.data;
};
const byPath = (items: MenuItem[], path: string) => items.find((m) => m.web_path === path);

/** Runs `change` on one connection with triggers off: a write no change notification reports. */
async function unreported(db: Db, change: (conn: Db) => Promise<unknown>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      await change(conn as Db);
    } finally {
      await sql`set session_replication_role = origin`.execute(conn);
    }
  });
}

async function idOf(db: Db, table: 'menu' | 'users' | 'role', column: string, value: string) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('cached answers follow every change at once', (server) => {
  let superadmin = '';
  let test = '';
  let admin = '';
  beforeAll(async () => {
    superadmin = (await server.login('superadmin')).access;
    test = (await server.login('test')).access;
    admin = (await server.login('admin')).access;
  });
  const auth = () => ({ token: superadmin });

  it('answers come from memory: a write the triggers do not report is not seen, the next reported one is', async () => {
    const db = server.app.db;
    const before = await siteName(server);
    await unreported(db, (conn) => writeSetting(conn, 'login.site_name', '未通知的修改'));
    expect(await siteName(server)).toBe(before);
    await writeSetting(db, 'login.copyright', 'reported');
    expect(await siteName(server)).toBe('未通知的修改');
    await writeSetting(db, 'login.site_name', before);
  });

  it('a setting saved through the API shows in the next /api/init/settings/ answer', async () => {
    const before = await siteName(server);
    const item = await server.app.db
      .selectFrom('system_config')
      .select('id')
      .where('key', '=', 'site_name')
      .executeTakeFirstOrThrow();
    const saved = await server.put(
      '/api/system/system_config/save_content/',
      [{ id: item.id, value: '缓存之后' }],
      auth(),
    );
    expect(saved.json.code).toBe(2000);
    expect(await siteName(server)).toBe('缓存之后');
    await writeSetting(server.app.db, 'login.site_name', before);
    expect(await siteName(server)).toBe(before);
  });

  it('a setting written straight to the database (as `npm run manage -- setting` does) shows at once', async () => {
    expect((await server.get(SETTINGS)).json.data['base.captcha_state']).toBe(true);
    await writeSetting(server.app.db, 'base.captcha_state', false);
    expect((await server.get(SETTINGS)).json.data['base.captcha_state']).toBe(false);
    await writeSetting(server.app.db, 'base.captcha_state', true);
    expect((await server.get(SETTINGS)).json.data['base.captcha_state']).toBe(true);
  });

  it('renaming a menu through the API shows in the next web_router of a superuser and of a role holding it', async () => {
    expect(byPath(await router(server, superadmin), '/dept')?.name).toBe('部门管理');
    expect(byPath(await router(server, admin), '/dept')?.name).toBe('部门管理');
    const id = await idOf(server.app.db, 'menu', 'web_path', '/dept');
    const row = (await server.get(`/api/system/menu/${id}/`, auth())).json.data;
    const rename = (name: string) => server.put(`/api/system/menu/${id}/`, { ...row, name }, auth());
    expect((await rename('部门')).json.code).toBe(2000);
    try {
      expect(byPath(await router(server, superadmin), '/dept')?.name).toBe('部门');
      expect(byPath(await router(server, admin), '/dept')?.name).toBe('部门');
    } finally {
      await rename('部门管理');
    }
    expect(byPath(await router(server, admin), '/dept')?.name).toBe('部门管理');
  });

  it('a role’s menus and buttons changed through the API show in its users’ next web_router', async () => {
    const db = server.app.db;
    const publicRole = await idOf(db, 'role', 'key', 'public');
    const original = (await server.get(`/api/system/role/${publicRole}/`, auth())).json.data;
    const before = await router(server, test);
    expect(byPath(before, '/role')).toBeUndefined();
    const role = await idOf(db, 'menu', 'web_path', '/role');
    const create = await db
      .selectFrom('menu_button')
      .select('id')
      .where('menu_id', '=', role)
      .where('value', '=', 'Create')
      .executeTakeFirstOrThrow();
    const put = (menu: number[], permission: number[]) =>
      server.put(`/api/system/role/${publicRole}/`, { ...original, menu, permission }, auth());
    expect((await put([...original.menu, role], [...original.permission, create.id])).json.code).toBe(2000);
    try {
      expect(byPath(await router(server, test), '/role')?.menuPermission).toEqual(['Create']);
      // The superuser's answer is its own: every button of every menu.
      expect(byPath(await router(server, superadmin), '/role')?.menuPermission).toEqual(
        expect.arrayContaining(['Create', 'Update', 'Delete']),
      );
    } finally {
      expect((await put(original.menu, original.permission)).json.code).toBe(2000);
    }
    expect(await router(server, test)).toEqual(before);
  });

  it('giving a user another role widens its next web_router; taking it away narrows it again', async () => {
    const db = server.app.db;
    const id = await idOf(db, 'users', 'username', 'test');
    const adminRole = await idOf(db, 'role', 'key', 'admin');
    const row = (await server.get(`/api/system/user/${id}/`, auth())).json.data;
    const before = await router(server, test);
    const put = (role: number[]) => server.put(`/api/system/user/${id}/`, { ...row, role }, auth());
    expect((await put([...row.role, adminRole])).json.code).toBe(2000);
    try {
      expect((await router(server, test)).map((m) => m.web_path)).toEqual(
        (await router(server, admin)).map((m) => m.web_path),
      );
    } finally {
      expect((await put(row.role)).json.code).toBe(2000);
    }
    expect(await router(server, test)).toEqual(before);
  });

  it('a button taken from a role refuses its users’ next call of that API; given back, the next call passes', async () => {
    const db = server.app.db;
    const publicRole = await idOf(db, 'role', 'key', 'public');
    const original = (await server.get(`/api/system/role/${publicRole}/`, auth())).json.data;
    const dept = await idOf(db, 'menu', 'web_path', '/dept');
    const deptButtons = await db.selectFrom('menu_button').select('id').where('menu_id', '=', dept).execute();
    const list = () => server.get('/api/system/dept/', { token: test });
    expect((await list()).json.code).toBe(2000);
    const without = original.permission.filter((id: number) => !deptButtons.some((b) => b.id === id));
    expect(without.length).toBeLessThan(original.permission.length);
    const put = (permission: number[]) =>
      server.put(`/api/system/role/${publicRole}/`, { ...original, permission }, auth());
    expect((await put(without)).json.code).toBe(2000);
    try {
      expect((await list()).json).toMatchObject({
        code: 4000,
        msg: expect.stringContaining('没有执行该操作的权限'),
      });
    } finally {
      expect((await put(original.permission)).json.code).toBe(2000);
    }
    expect((await list()).json.code).toBe(2000);
  });

  it('a white-list entry added lets every user call that API at once; removed, the next call is refused', async () => {
    const db = server.app.db;
    const roles = () => server.get('/api/system/role/', { token: test });
    expect((await roles()).json.code).toBe(4000);
    const { id } = await db
      .insertInto('api_white_list')
      .values({ url: '/api/system/role/', method: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await roles()).json.code).toBe(2000);
    } finally {
      await db.deleteFrom('api_white_list').where('id', '=', id).execute();
    }
    expect((await roles()).json.code).toBe(4000);
  });

  it('disabling a role empties its users’ next web_router', async () => {
    const db = server.app.db;
    expect((await router(server, test)).length).toBeGreaterThan(0);
    await db.updateTable('role').set({ status: false }).where('key', '=', 'public').execute();
    try {
      expect(await router(server, test)).toEqual([]);
    } finally {
      await db.updateTable('role').set({ status: true }).where('key', '=', 'public').execute();
    }
    expect((await router(server, test)).length).toBeGreaterThan(0);
  });

  it('users of different roles never get each other’s menus, whichever asks first', async () => {
    const asTest = await router(server, test);
    const asAdmin = await router(server, admin);
    const asSuper = await router(server, superadmin);
    expect(asTest.length).toBeLessThan(asAdmin.length);
    for (let round = 0; round < 2; round++) {
      expect(await router(server, admin)).toEqual(asAdmin);
      expect(await router(server, test)).toEqual(asTest);
      expect(await router(server, superadmin)).toEqual(asSuper);
    }
    expect(asTest.every((m) => m.menuPermission === null || !m.menuPermission.includes('Delete'))).toBe(true);
  });

  it('disabling a user refuses its very next request, its token already accepted a moment before', async () => {
    const db = server.app.db;
    const { access } = await server.login('test');
    expect((await server.get(Paths.webRouter, { token: access })).json.code).toBe(2000);
    await db.updateTable('users').set({ is_active: false }).where('username', '=', 'test').execute();
    try {
      const refused = await server.get(Paths.webRouter, { token: access });
      expect(refused.json).toMatchObject({ code: 401, msg: { code: 'user_not_found' } });
    } finally {
      await db.updateTable('users').set({ is_active: true }).where('username', '=', 'test').execute();
    }
    expect((await server.get(Paths.webRouter, { token: access })).json.code).toBe(2000);
    test = access;
  });

  it('a new message and marking it read show in the next poll', async () => {
    const poll = async () =>
      (await server.get('/xy/message/get_message/', { token: test, query: { limit: 1, page: 1, status: 0 } }))
        .json.data;
    const before = (await poll()).total;
    const sent = await server.post(
      '/api/system/message_center/',
      { title: '缓存测试', content: '<p>新消息</p>', target_type: 3 },
      auth(),
    );
    expect(sent.json.code).toBe(2000);
    const after = await poll();
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ title: '缓存测试', message: '新消息', status: 0 });
    const read = await server.put(`/xy/message/${after.data[0].id}/read/`, { status: 1 }, { token: test });
    expect(read.json.code).toBe(2000);
    expect((await poll()).total).toBe(before);
  });
});

/** Resolves when this app's listener hears a change of `topic` (subscribe before making the change). */
function heard(app: FastifyInstance, topic: string): Promise<void> {
  const feed = changeFeedOf(app.db);
  if (!feed) throw new Error('no change feed');
  return new Promise((resolve) => {
    const off = feed.subscribe((change) => {
      if (change.topic !== topic) return;
      off();
      resolve();
    });
  });
}

function listening(app: FastifyInstance, live: boolean): Promise<void> {
  const feed = changeFeedOf(app.db);
  if (!feed) throw new Error('no change feed');
  if (feed.live === live) return Promise.resolve();
  return new Promise((resolve) => {
    const off = feed.onState((now) => {
      if (now !== live) return;
      off();
      resolve();
    });
  });
}

describe.skipIf(!postgresAvailable)('two server processes on one PostgreSQL database', () => {
  const a = new TestServer();
  const b = new TestServer();
  let drop: () => Promise<void> = async () => {};
  let url = '';
  let tokenA = '';
  let tokenB = '';
  let testB = '';

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    url = created.url;
    // Each TestServer normally makes its own database; both get this one instead.
    await a.start('pglite', { database: { kind: 'postgres', url } });
    await b.start('pglite', { database: { kind: 'postgres', url } });
    tokenA = (await a.login('superadmin')).access;
    tokenB = (await b.login('superadmin')).access;
    testB = (await b.login('test')).access;
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    await drop();
  });

  it('a setting saved through one process shows in the other’s next answer', async () => {
    const before = await siteName(b);
    const item = await a.app.db
      .selectFrom('system_config')
      .select('id')
      .where('key', '=', 'site_name')
      .executeTakeFirstOrThrow();
    const change = heard(b.app, 'settings');
    const saved = await a.put(
      '/api/system/system_config/save_content/',
      [{ id: item.id, value: '另一个进程' }],
      { token: tokenA },
    );
    expect(saved.json.code).toBe(2000);
    await change;
    expect(await siteName(b)).toBe('另一个进程');
    const back = heard(b.app, 'settings');
    await writeSetting(a.app.db, 'login.site_name', before);
    await back;
    expect(await siteName(b)).toBe(before);
  });

  it('a menu disabled through one process disappears from the other’s next web_router', async () => {
    expect(byPath(await router(b, tokenB), '/items')).toBeDefined();
    expect(byPath(await router(b, testB), '/items')).toBeDefined();
    const id = await idOf(a.app.db, 'menu', 'web_path', '/items');
    const row = (await a.get(`/api/system/menu/${id}/`, { token: tokenA })).json.data;
    const change = heard(b.app, 'grants');
    expect(
      (await a.put(`/api/system/menu/${id}/`, { ...row, status: false }, { token: tokenA })).json.code,
    ).toBe(2000);
    await change;
    expect(byPath(await router(b, tokenB), '/items')).toBeUndefined();
    expect(byPath(await router(b, testB), '/items')).toBeUndefined();
    const back = heard(b.app, 'grants');
    await a.put(`/api/system/menu/${id}/`, { ...row, status: true }, { token: tokenA });
    await back;
    expect(byPath(await router(b, tokenB), '/items')).toBeDefined();
  });

  it('a user disabled through one process is refused by the other at its next request', async () => {
    const { access } = await b.login('admin');
    expect((await b.get(Paths.webRouter, { token: access })).json.code).toBe(2000);
    const id = await idOf(a.app.db, 'users', 'username', 'admin');
    const change = heard(b.app, 'users');
    await a.app.db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    try {
      await change;
      expect((await b.get(Paths.webRouter, { token: access })).json.msg).toMatchObject({
        code: 'user_not_found',
      });
    } finally {
      await a.app.db.updateTable('users').set({ is_active: true }).where('id', '=', id).execute();
    }
  });

  it('while a process cannot hear changes it answers from the database, and keeps answers again once it can', async () => {
    const before = await siteName(b);
    // End every listener connection of this database (both processes'): PostgreSQL itself drops them.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const down = listening(b.app, false);
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION],
      );
    } finally {
      await admin.end();
    }
    await down;
    const up = listening(b.app, true);
    try {
      // Asked once before and once after a write nobody reports: the second answer is the database's.
      expect(await siteName(b)).toBe(before);
      await unreported(a.app.db, (conn) => writeSetting(conn, 'login.site_name', '监听中断时'));
      expect(await siteName(b)).toBe('监听中断时');
    } finally {
      await up;
    }
    // Listening again: answers are kept, so a write nobody reports is not seen until a reported one.
    expect(await siteName(b)).toBe('监听中断时');
    await unreported(a.app.db, (conn) => writeSetting(conn, 'login.site_name', before));
    expect(await siteName(b)).toBe('监听中断时');
    const change = heard(b.app, 'settings');
    await writeSetting(a.app.db, 'login.site_name', before);
    await change;
    expect(await siteName(b)).toBe(before);
  });
});
