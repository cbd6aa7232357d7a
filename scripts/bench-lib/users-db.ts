// A PGlite database with many users for the user-list benchmark (scripts/bench-users.ts): migrated and seeded
// through the server's own code, then one `insert … select … from generate_series` with the columns the user
// resource writes (server/modules/user-admin/routes.ts) and a role each, like users created in the console.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../server/db/index.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { SEED_PASSWORD, seedIfEmpty } from '../../server/db/seed.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { md5Hex } from '../../src/contract/password.ts';

/** Common surnames and given-name characters: names repeat the way real ones do (王 is about 1 in 16). */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋'.split('');
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华飞鹏宇浩晨'.split('');

const list = (chars: string[]) => sql.raw(`array[${chars.map((c) => `'${c}'`).join(',')}]`);

export type UsersDb = {
  /** The PGlite directory (DATABASE_URL for the server). */
  dir: string;
  /** Users in the database, the seeded three included. */
  users: number;
  /** Seconds spent preparing it. */
  seconds: number;
};

/**
 * Creates `<parent>/pglite` with the seed plus `count` generated users (`u000001`…, Chinese names, mobiles
 * 13xxxxxxxxx, one of the seeded depts, the 用户 role), one second apart in create_datetime. The database is
 * closed again before this returns, so a server can open it.
 */
export async function createUsersDb(count: number, parent = mkdtempSync(join(tmpdir(), 'xy-bench-users-'))) {
  const started = performance.now();
  const dir = join(parent, 'pglite');
  const db = await createDatabase({ kind: 'pglite', dir });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const hash = await hashPassword(md5Hex(SEED_PASSWORD));
    const superadmin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'superadmin')
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('role')
      .select('id')
      .where('key', '=', 'public')
      .executeTakeFirstOrThrow();
    const depts = (await db.selectFrom('dept').select('id').orderBy('id').execute()).map((d) => d.id);
    const deptArray = sql.raw(`array[${depts.join(',')}]`);
    const firstNew = await db
      .selectFrom('users')
      .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
      .executeTakeFirstOrThrow();
    await sql`
      insert into users (username, password, name, email, mobile, avatar, gender, user_type, employee_no,
        dept_id, dept_belong_id, is_active, description, creator, modifier,
        date_joined, create_datetime, update_datetime)
      select 'u' || lpad(i::text, 6, '0'),
        ${hash},
        (${list(SURNAMES)})[1 + i % ${SURNAMES.length}]
          || (${list(GIVEN)})[1 + (i / ${SURNAMES.length}) % ${GIVEN.length}]
          || case when i % 3 = 0 then '' else (${list(GIVEN)})[1 + (i * 7) % ${GIVEN.length}] end,
        'u' || lpad(i::text, 6, '0') || '@example.com',
        '13' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
        '',
        i % 3,
        0,
        'E' || lpad(i::text, 6, '0'),
        d.dept,
        d.dept::text,
        i % 50 <> 0,
        null,
        ${superadmin.id},
        ${String(superadmin.id)},
        t.at, t.at, t.at
      from generate_series(1, ${count}) as i,
        lateral (select (${deptArray})[1 + i % ${depts.length}] as dept) as d,
        lateral (select now() - make_interval(secs => ${count} - i) as at) as t
    `.execute(db);
    await sql`
      insert into user_role (user_id, role_id)
      select id, ${role.id} from users where id >= ${firstNew.id}
    `.execute(db);
    // What autovacuum would have done by now on a real PostgreSQL.
    await sql`vacuum analyze users`.execute(db);
    await sql`vacuum analyze user_role`.execute(db);
    const total = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return { dir, users: total.n, seconds: (performance.now() - started) / 1000 } satisfies UsersDb;
  } finally {
    await db.destroy();
  }
}
