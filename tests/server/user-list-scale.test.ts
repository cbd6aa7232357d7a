// Issue 15: the user list at scale (server/modules/crud/kit.ts `listCache` and `searchKey`, migration 0012).
// Thousands of generated users — more than one kept chunk of ids (CHUNK), timestamps shared by three rows
// so the order's tie-break on id matters — and every answer compared with the database's own: pages keep the
// order with no duplicate or gap (shallow, deep, across a chunk boundary, on a keyset order and on one that
// is not), the total is exact and follows writes, the search matches as the ilike did (CJK, case, LIKE's
// own characters), a data-scoped user sees only its depts' users on every page and in the total, and kept
// pages last until a reported change, never while changes cannot be heard.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf } from '../../server/db/changes.ts';
import { CHUNK } from '../../server/modules/crud/kit.ts';
import { describeEachDatabase, type TestServer } from './helpers.ts';

const USERS = 2_600;
const URL = '/api/system/user/';

type Row = { id: number; username: string; name: string; dept_belong_id: string | null };

/** Every page of the list at `limit`, as the console pages through it; checks each page's envelope. */
async function allPages(
  server: TestServer,
  token: string,
  query: Record<string, string | number>,
  limit: number,
) {
  const rows: Row[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const { json } = await server.get(URL, { token, query: { ...query, page, limit } });
    expect(json.code).toBe(2000);
    if (total === -1) total = json.data.total;
    expect(json.data.total).toBe(total);
    rows.push(...json.data.data);
    expect(json.data.is_next).toBe(page * limit < total);
    if (json.data.data.length < limit) break;
  }
  return { rows, total };
}

async function buttonId(server: TestServer, path: string, value: string): Promise<number> {
  return (
    await server.app.db
      .selectFrom('menu_button as b')
      .innerJoin('menu as m', 'm.id', 'b.menu_id')
      .select('b.id')
      .where('m.web_path', '=', path)
      .where('b.value', '=', value)
      .executeTakeFirstOrThrow()
  ).id;
}

describeEachDatabase('the user list at scale', (server) => {
  let token = '';
  /** The live users' ids in the list's default order, from the database. */
  const expectedIds = async (where = sql`true`) =>
    (
      await sql<{ id: number }>`select id from users t where is_deleted = false and ${where}
        order by create_datetime desc, id`.execute(server.app.db)
    ).rows.map((r) => r.id);

  beforeAll(async () => {
    token = (await server.login('superadmin')).access;
    // Names 王… on even rows and 李… on odd ones; one timestamp per three rows; depts 1–3 in turn.
    await sql`
      insert into users (username, password, name, email, mobile, dept_id, dept_belong_id, creator, modifier,
        create_datetime, update_datetime, date_joined)
      select 'u' || lpad(i::text, 5, '0') || case when i % 100 = 7 then '_x' when i % 100 = 8 then '\\y' else '' end,
        'x',
        case when i % 2 = 0 then '王' else '李' end || '明' || (i % 10)::text,
        'u' || i || '@Example.com',
        '139' || lpad(i::text, 8, '0'),
        1 + i % 3, (1 + i % 3)::text, 1, '1',
        t.at, t.at, t.at
      from generate_series(1, ${USERS}) as i,
        lateral (select timestamp '2026-01-01' + make_interval(secs => i / 3) as at) as t`.execute(
      server.app.db,
    );
  });

  it('pages keep the order with no duplicate or gap, at every depth and across chunk boundaries', async () => {
    const expected = await expectedIds();
    expect(expected.length).toBeGreaterThan(2 * CHUNK);
    const { rows, total } = await allPages(server, token, {}, 100);
    expect(total).toBe(expected.length);
    expect(rows.map((r) => r.id)).toEqual(expected);
    // Straight to a deep page (its chunk not kept yet), and a page that spans two chunks.
    await server.post(URL, { username: 'fresh_one', name: 'fresh' }, { token });
    const now = await expectedIds();
    const deep = await server.get(URL, { token, query: { page: 24, limit: 100 } });
    expect(deep.json.data.data.map((r: Row) => r.id)).toEqual(now.slice(2300, 2400));
    const span = await server.get(URL, { token, query: { page: 2, limit: 999 } });
    expect(span.json.data.data.map((r: Row) => r.id)).toEqual(now.slice(999, 1998));
    const past = await server.get(URL, { token, query: { page: 100, limit: 100 } });
    expect(past.json.data).toMatchObject({ total: now.length, is_next: false, data: [] });
  });

  it('a keyset order (username) and one that is not (last login, nullable) page like the database', async () => {
    const byName = (
      await sql<{
        id: number;
      }>`select id from users where is_deleted = false order by username desc, id`.execute(server.app.db)
    ).rows.map((r) => r.id);
    const named = await allPages(server, token, { ordering: '-username' }, 250);
    expect(named.rows.map((r) => r.id)).toEqual(byName);
    const byLogin = (
      await sql<{ id: number }>`select id from users where is_deleted = false
        order by last_login asc, create_datetime desc, id`.execute(server.app.db)
    ).rows.map((r) => r.id);
    const logins = await allPages(server, token, { ordering: 'last_login' }, 400);
    expect(logins.rows.map((r) => r.id)).toEqual(byLogin);
  });

  it('the total is exact and follows creates and deletes at once', async () => {
    const before = (await server.get(URL, { token, query: { page: 1, limit: 20 } })).json.data.total;
    expect(before).toBe((await expectedIds()).length);
    const created = await server.post(URL, { username: 'count_me', name: '计数' }, { token });
    expect(created.json.code).toBe(2000);
    const after = await server.get(URL, { token, query: { page: 1, limit: 20 } });
    expect(after.json.data.total).toBe(before + 1);
    expect(after.json.data.data[0].username).toBe('count_me');
    await server.delete(`${URL}${created.json.data.id}/`, undefined, { token });
    expect((await server.get(URL, { token, query: { page: 1, limit: 20 } })).json.data.total).toBe(before);
  });

  it('pages are kept until a reported change, and read from the database while changes cannot be heard', async () => {
    const db = server.app.db;
    const total = async () =>
      (await server.get(URL, { token, query: { page: 1, limit: 20 } })).json.data.total;
    // A write the triggers do not report (as a restored dump would be).
    const unreported = async (username: string) => {
      await sql`alter table users disable trigger xy_changes_user_list`.execute(db);
      try {
        await sql`insert into users (username, password, name) values (${username}, 'x', 'quiet')`.execute(
          db,
        );
      } finally {
        await sql`alter table users enable trigger xy_changes_user_list`.execute(db);
      }
    };
    const kept = await total();
    await unreported('quiet_one');
    expect(await total()).toBe(kept);
    const feed = changeFeedOf(db)!;
    feed.setLive(false);
    try {
      await unreported('quiet_two');
      expect(await total()).toBe(kept + 2);
    } finally {
      feed.setLive(true);
    }
    await sql`update users set is_deleted = true where username in ('quiet_one', 'quiet_two')`.execute(db);
    expect(await total()).toBe(kept);
  });

  it('search finds by username, name and mobile as the ilike did: CJK, any case, % _ and \\ as themselves', async () => {
    const count = async (where: ReturnType<typeof sql>) => (await expectedIds(where)).length;
    const wang = await allPages(server, token, { search: '王' }, 500);
    expect(wang.total).toBeGreaterThan(CHUNK);
    expect(wang.rows.map((r) => r.id)).toEqual(await expectedIds(sql`name like '%王%'`));
    expect((await server.get(URL, { token, query: { search: '王明3' } })).json.data.total).toBe(
      await count(sql`name like '%王明3%'`),
    );
    const upper = await server.get(URL, { token, query: { search: 'U0012', limit: 100 } });
    expect(upper.json.data.total).toBe(await count(sql`username like 'u0012%'`));
    const mobile = await server.get(URL, { token, query: { search: '13900002599' } });
    expect(mobile.json.data.data.map((r: Row) => r.username)).toEqual(['u02599']);
    const email = await server.get(URL, { token, query: { search: '2598@example.COM' } });
    expect(email.json.data.data.map((r: Row) => r.username)).toEqual(['u02598']);
    const underscore = await allPages(server, token, { search: '_x' }, 100);
    expect(underscore.total).toBe(USERS / 100);
    expect(underscore.rows.every((r) => r.username.endsWith('_x'))).toBe(true);
    const backslash = await server.get(URL, { token, query: { search: '\\y', limit: 100 } });
    expect(backslash.json.data.total).toBe(USERS / 100);
    expect((await server.get(URL, { token, query: { search: '%' } })).json.data.total).toBe(0);
    expect((await server.get(URL, { token, query: { search: '王李' } })).json.data.total).toBe(0);
  });

  it('the search index serves a CJK term (pg_trgm has no trigrams of CJK text itself)', async () => {
    await sql`analyze users`.execute(server.app.db);
    await sql`set enable_seqscan = off`.execute(server.app.db);
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from users t where is_deleted = false
        and xy_search_key(xy_search_text(t.username::text, t.name::text, t.mobile::text, t.email::text))
          like xy_search_pattern('王明')`.execute(server.app.db);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_search_key_idx');
    } finally {
      await sql`reset enable_seqscan`.execute(server.app.db);
    }
  });

  describe('data scope', () => {
    let testToken = '';
    let role: Record<string, unknown> = {};
    const setRole = async (changes: Record<string, unknown>) => {
      const { json } = await server.put('/api/system/role/2/', { ...role, ...changes }, { token });
      expect(json.code).toBe(2000);
      role = json.data;
    };
    beforeAll(async () => {
      role = (await server.get('/api/system/role/2/', { token })).json.data;
      const search = await buttonId(server, '/user', 'Search');
      await setRole({ permission: [...(role.permission as number[]), search] });
      testToken = (await server.login('test')).access;
    });

    it('a user scoped to its own dept sees only that dept’s users, on every page and in the total', async () => {
      await setRole({ data_range: 2 });
      const tech = await expectedIds(
        sql`(dept_belong_id = '3' or creator = (select id from users where username = 'test'))`,
      );
      expect(tech.length).toBeGreaterThan(CHUNK / 2);
      const scoped = await allPages(server, testToken, {}, 200);
      expect(scoped.total).toBe(tech.length);
      expect(scoped.rows.map((r) => r.id)).toEqual(tech);
      expect(scoped.rows.every((r) => r.dept_belong_id === '3')).toBe(true);
      // The same query as the superuser, kept meanwhile, does not leak into the scoped answer.
      const all = await server.get(URL, { token, query: { page: 1, limit: 20, search: '王' } });
      const mine = await allPages(server, testToken, { search: '王' }, 100);
      expect(mine.total).toBeLessThan(all.json.data.total);
      expect(mine.rows.every((r) => r.dept_belong_id === '3' && r.name.includes('王'))).toBe(true);
      const deep = await server.get(URL, { token: testToken, query: { page: 4, limit: 200 } });
      expect(deep.json.data.data.map((r: Row) => r.id)).toEqual(tech.slice(600, 800));
    });

    it('a change of the role’s data range applies to the next page at once', async () => {
      await setRole({ data_range: 4, dept: [2] });
      const ops = await allPages(server, testToken, { search: '李' }, 500);
      expect(ops.rows.length).toBeGreaterThan(0);
      expect(ops.rows.every((r) => r.dept_belong_id === '2')).toBe(true);
      await setRole({ data_range: 2, dept: [] });
      const back = await allPages(server, testToken, { search: '李' }, 500);
      expect(back.rows.every((r) => r.dept_belong_id === '3')).toBe(true);
    });
  });
});
