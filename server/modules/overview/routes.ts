// GET /xy/overview/ — the operator's overview on the workbench, in one call (white-listed for every signed-in
// user, like /xy/items/stats/: aggregate counts, no rows):
//   items        {today_stored, today_dropped}        items stored today; listings dropped today (xy_log)
//   pushes       {today_success, today_failed, pending, success_rate}   attempts finished today by outcome,
//                attempts waiting now, and today's success share (null before any finished attempt)
//   phones       {online, total}                      online as the pipeline's presence keeps it
//   tasks        {enabled}
//   customers    {expiring_7d}                        enabled customers whose expiry day is within 7 days
//   items_per_hour  [{hour: 'YYYY-MM-DD HH:00', stored, pushed, failed}] × 24, oldest first, this hour last
// "Today" and the hours are the server's local time.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { envelope } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permission.ts';
import { formatDateTime } from '../../lib/time.ts';
import { localDay } from '../push/outbox.ts';

export const OVERVIEW_API = '/xy/overview/';

type N = { n: number };

export async function readOverview(db: Db, now = new Date()) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const one = async (query: ReturnType<typeof sql<N>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);

  const todayStored = await one(
    sql<N>`select count(*)::int as n from items where is_deleted = false and create_datetime >= ${midnight}`,
  );
  const todayDropped = await one(
    sql<N>`select coalesce(sum(dropped), 0)::int as n from xy_log where type = 'ingest' and create_datetime >= ${midnight}`,
  );
  const { rows: pushRows } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from xy_push
    where is_deleted = false and (status = 'pending' or finished_at >= ${midnight})
    group by status`.execute(db);
  const byStatus = Object.fromEntries(pushRows.map((r) => [r.status, Number(r.n)]));
  const success = byStatus.success ?? 0;
  const failed = byStatus.failed ?? 0;
  const online = await one(
    sql<N>`select count(*)::int as n from xy_phone where is_deleted = false and online`,
  );
  const phones = await one(sql<N>`select count(*)::int as n from xy_phone where is_deleted = false`);
  const tasks = await one(
    sql<N>`select count(*)::int as n from xy_task where is_deleted = false and enabled`,
  );
  const in7 = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7);
  const expiring = await one(
    sql<N>`select count(*)::int as n from xy_customer where is_deleted = false and enabled
      and expire_date is not null and expire_date >= ${localDay(now)}::date and expire_date <= ${localDay(in7)}::date`,
  );

  const firstHour = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() - 23);
  const hourly = new Map<number, { stored: number; pushed: number; failed: number }>();
  for (let i = 0; i < 24; i++)
    hourly.set(firstHour.getTime() + i * 3_600_000, { stored: 0, pushed: 0, failed: 0 });
  const bucket = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()).getTime();
  const { rows: itemHours } = await sql<{ h: Date; n: number }>`
    select date_trunc('hour', create_datetime) as h, count(*)::int as n from items
    where is_deleted = false and create_datetime >= ${firstHour} group by 1`.execute(db);
  for (const r of itemHours) {
    const slot = hourly.get(bucket(new Date(r.h)));
    if (slot) slot.stored += Number(r.n);
  }
  const { rows: pushHours } = await sql<{ h: Date; status: string; n: number }>`
    select date_trunc('hour', finished_at) as h, status, count(*)::int as n from xy_push
    where is_deleted = false and finished_at >= ${firstHour} group by 1, 2`.execute(db);
  for (const r of pushHours) {
    const slot = hourly.get(bucket(new Date(r.h)));
    if (slot && r.status === 'success') slot.pushed += Number(r.n);
    if (slot && r.status === 'failed') slot.failed += Number(r.n);
  }

  return {
    items: { today_stored: todayStored, today_dropped: todayDropped },
    pushes: {
      today_success: success,
      today_failed: failed,
      pending: byStatus.pending ?? 0,
      success_rate: success + failed ? Math.round((success / (success + failed)) * 1000) / 1000 : null,
    },
    phones: { online, total: phones },
    tasks: { enabled: tasks },
    customers: { expiring_7d: expiring },
    items_per_hour: [...hourly].map(([t, v]) => ({
      hour: `${(formatDateTime(new Date(t)) ?? '').slice(0, 13)}:00`,
      ...v,
    })),
  };
}

/** `now`: the server's clock (a controlled one in tests), so "today" is the day the rest of it sees. */
export function registerOverviewRoutes(
  app: FastifyInstance,
  db: Db,
  now: () => Date = () => new Date(),
): void {
  const options = { config: { api: true, module: 'xy_overview' }, preHandler: [requirePermission(db)] };
  app.get(OVERVIEW_API, options, async (request) => envelope(request, await readOverview(db, now())));
}
