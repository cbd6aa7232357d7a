// GET /api/system/datav/<figure>/ — stock dvadmin 2.1's workbench figures (DataVViewSet), computed from our
// data in the recorded shapes (fixtures datav_*.json):
//   users_total        {users_total}                 live users
//   users_login_total  {login_total}                 successful logins (stock logs only those)
//   attachment_total   {count, occupy_space}          files and their total size ("1.5 MB")
//   database_total     {count, space}                 tables in the schema and the database size
//   login_user         {login_user: [{day, count}]}   logins per day, the last 30 days, today last
//   registered_user    {registered_user_list: [{day, count}]}   users joined per day, same window
//   users_active       {today_users, today_logins, three_days, seven_days, seven_days_active, monthly_active}
//                      joined today / logged in today / joined in 3 and 7 days / logged in within 7 and 30 days
//   login_region       [{region, count}]              logins by province, most first; we record no
//                      region, so every login counts for 未知区域 and the provinces answer 0
// Guarded like every system endpoint (API permission, then the caller's data scope on users, files and
// login logs). Days are the server's local days.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { applyScope, type DataScope, dataScopeOf } from '../../http/data-scope.ts';
import { envelope, refuse } from '../../http/envelope.ts';
import { isDataScopeLifted, requirePermission } from '../../http/permission.ts';

export const DATAV_API = '/api/system/datav';

/** dvadmin's format_bytes: `0 Bytes`, `512 Bytes`, `1.5 KB`, `12.34 MB`. */
export function formatBytes(size: number): string {
  if (!size || size < 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(size) / Math.log(1024)));
  return `${Math.round((size / 1024 ** i) * 100) / 100} ${units[i]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const midnight = (now: Date, daysBack = 0) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);

/** Counts per local day over the last `days` days (oldest first, today last). */
function perDay(dates: Date[], now: Date, days = 30): { day: string; count: number }[] {
  const counts = new Map<string, number>();
  for (let i = days - 1; i >= 0; i--) counts.set(dayOf(midnight(now, i)), 0);
  for (const d of dates) {
    const key = dayOf(new Date(d));
    if (counts.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([day, count]) => ({ day, count }));
}

/** The provinces stock dvadmin lists (after 未知区域), in its order. */
export const REGIONS = [
  '北京',
  '天津',
  '河北省',
  '山西省',
  '内蒙古',
  '辽宁省',
  '吉林省',
  '黑龙江省',
  '上海',
  '江苏省',
  '浙江省',
  '安徽省',
  '福建省',
  '江西省',
  '山东省',
  '河南省',
  '湖北省',
  '湖南省',
  '广东省',
  '广西',
  '海南省',
  '重庆',
  '四川省',
  '贵州省',
  '云南省',
  '西藏',
  '陕西省',
  '甘肃省',
  '青海省',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
  '钓鱼岛',
] as const;
export const UNKNOWN_REGION = '未知区域';

// biome-ignore lint/suspicious/noExplicitAny: counts rows of any scoped query.
async function count(qb: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = (await qb.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()) as
    | { n?: number }
    | undefined;
  return Number(row?.n ?? 0);
}

function figures(db: Db, scope: DataScope) {
  const users = () => applyScope(db.selectFrom('users as u').where('u.is_deleted', '=', false), scope, 'u');
  const logins = () =>
    applyScope(
      db.selectFrom('login_log as l').where('l.is_deleted', '=', false).where('l.status', '=', true),
      scope,
      'l',
    );

  return {
    users_total: async () => ({ users_total: await count(users()) }),
    users_login_total: async () => ({ login_total: await count(logins()) }),
    attachment_total: async () => {
      const row = await applyScope(
        db.selectFrom('file_list as f').where('f.is_deleted', '=', false),
        scope,
        'f',
      )
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(sum(f.size), 0)::float8`.as('bytes'),
        ])
        .executeTakeFirst();
      return { count: Number(row?.n ?? 0), occupy_space: formatBytes(Number(row?.bytes ?? 0)) };
    },
    database_total: async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
      let bytes = 0;
      try {
        const size = await sql<{
          b: number;
        }>`select pg_database_size(current_database())::float8 as b`.execute(db);
        bytes = Number(size.rows[0]?.b ?? 0);
      } catch {
        // Some embedded builds cannot size the database: dvadmin answers `0 Bytes` on SQLite too.
      }
      return { count: Number(rows[0]?.n ?? 0), space: formatBytes(bytes) };
    },
    login_user: async (now: Date) => {
      const rows = await logins()
        .select('l.create_datetime as at')
        .where('l.create_datetime', '>=', midnight(now, 29))
        .execute();
      return {
        login_user: perDay(
          rows.map((r) => r.at),
          now,
        ),
      };
    },
    registered_user: async (now: Date) => {
      const rows = await users()
        .select('u.date_joined as at')
        .where('u.date_joined', '>=', midnight(now, 29))
        .execute();
      return {
        registered_user_list: perDay(
          rows.map((r) => r.at),
          now,
        ),
      };
    },
    users_active: async (now: Date) => {
      const joinedSince = (d: Date) => count(users().where('u.date_joined', '>=', d));
      const loggedInSince = (d: Date) => count(users().where('u.last_login', '>=', d));
      return {
        today_users: await joinedSince(midnight(now)),
        today_logins: await loggedInSince(midnight(now)),
        three_days: await joinedSince(midnight(now, 3)),
        seven_days: await joinedSince(midnight(now, 7)),
        seven_days_active: await loggedInSince(midnight(now, 7)),
        monthly_active: await loggedInSince(midnight(now, 30)),
      };
    },
    login_region: async () => {
      const total = await count(logins());
      const regions = [
        { region: UNKNOWN_REGION, count: total },
        ...REGIONS.map((region) => ({ region, count: 0 })),
      ];
      // Most logins first; equal counts keep stock's order (Array.prototype.sort is stable).
      return regions.sort((a, b) => b.count - a.count);
    },
  } satisfies Record<string, (now: Date) => Promise<unknown>>;
}

export const DATAV_FIGURES = [
  'users_total',
  'users_login_total',
  'attachment_total',
  'database_total',
  'login_user',
  'registered_user',
  'users_active',
  'login_region',
] as const;

export function registerDatavRoutes(app: FastifyInstance, db: Db, now: () => Date = () => new Date()): void {
  const options = { config: { api: true, module: 'datav' }, preHandler: [requirePermission(db)] };
  const scopeOf = async (request: FastifyRequest): Promise<DataScope> => {
    if (!request.user) throw refuse('auth.notProvided'); // requirePermission refused it already
    return isDataScopeLifted(request) ? { all: true } : dataScopeOf(db, request.user);
  };
  for (const name of DATAV_FIGURES) {
    app.get(`${DATAV_API}/${name}/`, options, async (request) =>
      envelope(request, await figures(db, await scopeOf(request))[name](now())),
    );
  }
}
