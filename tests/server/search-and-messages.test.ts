// Issue 12, items 8 and 9: the user search is indexed (pg_trgm, on PGlite and PostgreSQL), list and search
// requests are rate-limited per user with a clear envelope, and a message to many recipients is stored
// once with only per-user read state, in one statement — with every message endpoint answering as before.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../server/http/list-rate.ts';
import { describeEachDatabase } from './helpers.ts';

describe('the list token bucket (controlled clock)', () => {
  it('allows a burst, then refills at the configured rate, per user', () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 30, perSecond: 10 }, () => now);
    for (let i = 0; i < 30; i++) expect(buckets.take(1)).toBe(0);
    expect(buckets.take(1)).toBe(1);
    expect(buckets.take(2)).toBe(0); // another user has their own bucket
    now += 100; // 0.1 s: one token back
    expect(buckets.take(1)).toBe(0);
    expect(buckets.take(1)).toBeGreaterThan(0);
    now += 10_000;
    for (let i = 0; i < 30; i++) expect(buckets.take(1)).toBe(0);
  });
});

describeEachDatabase(
  'one user cannot starve the rest: list and search requests are rate-limited per user',
  (server) => {
    let admin = '';
    let test = '';
    beforeAll(async () => {
      admin = (await server.login('admin')).access;
      test = (await server.login('test')).access;
    });

    it('past the burst a user gets a 4000 with the wait; another user and non-list requests are unaffected', async () => {
      const list = (token: string) =>
        server.get('/api/system/user/', { token, query: { search: 'adm', page: 1, limit: 10 } });
      for (let i = 0; i < 5; i++) expect((await list(admin)).json.code).toBe(2000);
      const refused = await list(admin);
      expect(refused.json).toEqual({ code: 4000, data: null, msg: '请求过于频繁，请 1 秒后再试' });
      const en = await server.get('/api/system/role/', {
        token: admin,
        query: { page: 1 },
        headers: { 'accept-language': 'en' },
      });
      expect(en.json.msg).toBe('Too many list or search requests; try again in 1 s');
      expect((await server.get('/api/system/user/user_info/', { token: admin })).json.code).toBe(2000);
      expect(
        (await server.get('/xy/message/get_message/', { token: test, query: { page: 1 } })).json.code,
      ).toBe(2000);
    });
  },
  { listRateLimit: { burst: 5, perSecond: 1 } },
);

describeEachDatabase('the user search is indexed and messages are stored once', (server, variant) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('superadmin')).access;
  });

  it('the user list search uses the pg_trgm index', async () => {
    const db = server.app.db;
    const ext = await sql<{
      extname: string;
    }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db);
    expect(ext.rows, `${variant}: pg_trgm installed`).toHaveLength(1);
    const values = Array.from({ length: 3000 }, (_, i) => `('bulk${i}', 'Bulk ${i}', 'x')`).join(',');
    await sql.raw(`insert into users (username, name, password) values ${values}`).execute(db);
    await sql`analyze users`.execute(db);
    await sql`set enable_seqscan = off`.execute(db);
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from users t
        where t.is_deleted = false
          and xy_search_key(xy_search_text(t.username::text, t.name::text, t.mobile::text, t.email::text))
            like xy_search_pattern('lk29')`.execute(db);
      // Migration 0012 rebuilt the index over the search key (so CJK terms are indexed too).
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_search_key_idx');
    } finally {
      await sql`reset enable_seqscan`.execute(db);
    }
    const found = await server.get('/api/system/user/', { token, query: { search: 'bulk2999' } });
    expect(found.json.data.data.map((u: { username: string }) => u.username)).toEqual(['bulk2999']);
  });

  it('a message to everyone is stored once: recipients hold read state only, and every view reads as before', async () => {
    const db = server.app.db;
    const content = `<p>${'长'.repeat(2000)}</p>`;
    const created = await server.post(
      '/api/system/message_center/',
      { title: '全员通知', content, target_type: 3 },
      { token },
    );
    expect(created.json.code).toBe(2000);
    const id = created.json.data.id;
    const copies = await db
      .selectFrom('xy_message')
      .select(['user_id', 'title', 'message', 'status'])
      .where('center_id', '=', id)
      .execute();
    const active = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('is_deleted', '=', false)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    expect(copies).toHaveLength(active.n);
    expect(copies.every((c) => c.title === '' && c.message === '' && c.status === 0)).toBe(true);

    const admin = (await server.login('admin')).access;
    const mine = await server.get('/xy/message/get_message/', { token: admin, query: { page: 1, limit: 1 } });
    expect(mine.json.data.data[0]).toMatchObject({
      title: '全员通知',
      message: '长'.repeat(2000),
      status: 0,
    });
    const received = await server.get('/api/system/message_center/get_self_receive/', { token: admin });
    expect(received.json.data.data[0]).toMatchObject({ id, title: '全员通知', content, is_read: false });
    await server.put(`/xy/message/${mine.json.data.data[0].id}/read/`, { status: 1 }, { token: admin });
    const after = await server.get('/api/system/message_center/get_self_receive/', { token: admin });
    expect(after.json.data.data[0]).toMatchObject({ id, is_read: true });
    // An edit is seen by every recipient without touching their rows' text.
    await server.put(
      `/api/system/message_center/${id}/`,
      { title: '改过的通知', content: '<p>新内容</p>' },
      { token },
    );
    const edited = await server.get('/xy/message/get_message/', {
      token: admin,
      query: { page: 1, limit: 1 },
    });
    expect(edited.json.data.data[0]).toMatchObject({ title: '改过的通知', message: '新内容', status: 1 });
  });
});
