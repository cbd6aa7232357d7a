// The push outbox (xy_push): filling it in the ingest transaction, claiming due attempts with a lease,
// recording outcomes and scheduling retries. A delivery is (customer, item) or (customer, feedback reply); each
// attempt is its own row sharing the delivery's `delivery_id` (the X-Delivery-Id header). The queries are the
// same on PGlite and PostgreSQL; on PostgreSQL `FOR UPDATE SKIP LOCKED` lets several server processes claim
// side by side without taking the same row, and the lease (lease_until) hands a crashed process's claims to
// the others once it runs out.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { MAX_BACKOFF_MS, type WebhookSettings } from './settings.ts';

export type Claimed = {
  id: string;
  delivery_id: string;
  customer_id: number;
  event: string;
  item_id: number | null;
  task_id: number | null;
  feedback_id: number | null;
  attempt: number;
  dept_belong_id: string | null;
  creator: number | null;
};

export type Outcome = {
  id: string;
  status: 'success' | 'failed';
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  response: string | null;
  retryable: boolean;
};

/** `YYYY-MM-DD` of a date in the server's time zone (expiry dates are calendar days). */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Customers that may receive pushes on `now`: enabled, live, not past their expiry day, with a URL. */
export const receivingCustomer = (now: Date) =>
  sql<boolean>`(c.enabled and not c.is_deleted and coalesce(c.webhook_url, '') <> ''
    and (c.expire_date is null or c.expire_date >= ${localDay(now)}::date))`;

/**
 * One pending push per stored item and customer subscribed to its task (call inside the ingest
 * transaction, so items and their pushes commit together). Returns how many were queued.
 */
export async function enqueueItemPushes(
  trx: Db,
  stored: readonly { id: number; task_id?: number | null }[],
  now = new Date(),
): Promise<number> {
  const rows = stored.filter((s) => s.task_id != null).map((s) => ({ item_id: s.id, task_id: s.task_id }));
  if (!rows.length) return 0;
  const result = await sql`
    insert into xy_push (delivery_id, customer_id, event, item_id, task_id, next_retry_at, dept_belong_id, creator)
    select gen_random_uuid()::text, c.id, 'item', s.item_id, s.task_id, ${now}, c.dept_belong_id, c.creator
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(item_id int, task_id int)
    join xy_customer_task ct on ct.task_id = s.task_id
    join xy_customer c on c.id = ct.customer_id
    where ${receivingCustomer(now)}
    on conflict do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Queues the feedback reply for its customer (the caller's transaction). */
export async function enqueueFeedbackReply(trx: Db, feedbackId: number, now = new Date()): Promise<number> {
  const result = await sql`
    insert into xy_push (delivery_id, customer_id, event, feedback_id, next_retry_at, dept_belong_id, creator)
    select gen_random_uuid()::text, c.id, 'feedback_reply', f.id, ${now}, c.dept_belong_id, c.creator
    from xy_feedback f join xy_customer c on c.id = f.customer_id
    where f.id = ${feedbackId} and ${receivingCustomer(now)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The due rows' claim: up to `limit` pending attempts, oldest first, leased to `owner` until `until`. */
const claimStatement = (owner: string, limit: number, now: Date, until: Date) => sql`
    update xy_push set lease_until = ${until}, lease_owner = ${owner}
    where id in (
      select id from xy_push
      where status = 'pending' and is_deleted = false and next_retry_at <= ${now}
        and (lease_until is null or lease_until < ${now})
      order by next_retry_at, id
      limit ${limit}
      for update skip locked)
    returning id, delivery_id, customer_id, event, item_id, task_id, feedback_id, attempt, dept_belong_id, creator`;

/** Claims up to `limit` due attempts for `owner` until `now + leaseMs`. */
export async function claimDue(
  db: Db,
  owner: string,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    with claimed as (${claimStatement(owner, limit, now, new Date(now.getTime() + leaseMs))})
    select id::text as id, delivery_id, customer_id, event, item_id, task_id, feedback_id, attempt,
      dept_belong_id, creator from claimed`.execute(db);
  return rows;
}

/** A claimed attempt with what sending it needs besides the item: its customer, task and feedback. */
export type ClaimedJob = Pick<
  Claimed,
  'id' | 'delivery_id' | 'customer_id' | 'event' | 'item_id' | 'task_id' | 'feedback_id'
> & {
  /** Null when the customer row is gone. */
  c_name: string | null;
  c_enabled: boolean | null;
  c_deleted: boolean | null;
  /** `YYYY-MM-DD` or null. */
  c_expire: string | null;
  c_url: string | null;
  c_type: string | null;
  c_secret: string | null;
  t_name: string | null;
  t_keywords: unknown;
  f_id: number | null;
  f_title: string | null;
  f_content: string | null;
  f_status: string | null;
  f_reply: string | null;
  f_replied_at: Date | null;
};

/**
 * `claimDue` and the lookups of its rows' customers, tasks and feedback in one statement (the worker's
 * claim: one round trip per batch).
 */
export async function claimDueJobs(
  db: Db,
  owner: string,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const { rows } = await sql<ClaimedJob>`
    with claimed as (${claimStatement(owner, limit, now, new Date(now.getTime() + leaseMs))})
    select p.id::text as id, p.delivery_id, p.customer_id, p.event, p.item_id, p.task_id, p.feedback_id,
      c.name as c_name, c.enabled as c_enabled, c.is_deleted as c_deleted,
      to_char(c.expire_date, 'YYYY-MM-DD') as c_expire, c.webhook_url as c_url, c.webhook_type as c_type,
      c.webhook_secret as c_secret,
      t.name as t_name, t.keywords as t_keywords,
      f.id as f_id, f.title as f_title, f.content as f_content, f.status as f_status, f.reply as f_reply,
      f.replied_at as f_replied_at
    from claimed p
    left join xy_customer c on c.id = p.customer_id
    left join xy_task t on t.id = p.task_id
    left join xy_feedback f on f.id = p.feedback_id`.execute(db);
  return rows;
}

/** Gives back every lease (PGlite at start: its directory belongs to this one process). */
export async function releaseAllLeases(db: Db): Promise<number> {
  const result = await sql`update xy_push set lease_until = null, lease_owner = null
    where status = 'pending' and lease_until is not null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A recorded attempt (`final`: a failure that gets no further attempt). */
export type Recorded = Pick<Claimed, 'id' | 'customer_id' | 'attempt'> & {
  status: 'success' | 'failed';
  final: boolean;
};

/**
 * Records outcomes of attempts this owner still holds, schedules the next attempt of each retryable
 * failure with attempts left (due after the back-off) and counts successes on the customers — one
 * statement, so one transaction, however many outcomes. Returns the recorded rows (`final`: a failure that
 * gets no further attempt).
 */
export async function recordOutcomes(
  db: Db,
  owner: string,
  outcomes: readonly Outcome[],
  settings: WebhookSettings,
  now: Date,
): Promise<Recorded[]> {
  if (!outcomes.length) return [];
  const values = sql.join(
    outcomes.map(
      (o) => sql`(${o.id}::bigint, ${o.status}::varchar, ${o.http_status}::int, ${o.latency_ms}::int,
        ${o.error}::varchar, ${o.response}::varchar, ${o.retryable}::boolean)`,
    ),
  );
  const { rows } = await sql<Omit<Recorded, 'final'> & { retry: boolean }>`
    with v (id, status, http_status, latency_ms, error, response, retryable) as (values ${values}),
    rec as (
      update xy_push p set status = v.status, http_status = v.http_status, latency_ms = v.latency_ms,
        error = v.error, response = v.response, finished_at = ${now}, update_datetime = ${now},
        lease_until = null
      from v
      where p.id = v.id and p.lease_owner = ${owner} and p.status = 'pending'
      returning p.id, p.delivery_id, p.customer_id, p.event, p.item_id, p.task_id, p.feedback_id, p.attempt,
        p.dept_belong_id, p.creator, p.status,
        (v.status = 'failed' and v.retryable and p.attempt < ${settings.max_attempts}::int) as retry),
    retried as (
      insert into xy_push (delivery_id, customer_id, event, item_id, task_id, feedback_id, attempt,
        next_retry_at, dept_belong_id, creator)
      -- back-off: base × 2^(attempt − 1), at most an hour
      select delivery_id, customer_id, event, item_id, task_id, feedback_id, attempt + 1,
        ${now}::timestamptz + least(${MAX_BACKOFF_MS}::float8,
          ${settings.backoff_base_ms}::float8 * power(2, greatest(0, attempt - 1))) * interval '1 millisecond',
        dept_belong_id, creator
      from rec where retry
      on conflict do nothing),
    counted as (
      update xy_customer c set pushes = c.pushes + s.n, last_push_at = ${now}
      from (select customer_id, count(*)::int as n from rec where status = 'success' group by customer_id) s
      where c.id = s.customer_id)
    select id::text as id, customer_id, attempt, status, retry from rec`.execute(db);
  return rows.map(({ retry, ...r }) => ({ ...r, final: r.status === 'failed' && !retry }));
}

/**
 * "Retry now": a new pending attempt of the same delivery, due at once (the row's attempt count + 1, or
 * the pending attempt itself made due). Answers false when the row is unknown.
 */
export async function retryNow(db: Db, id: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('xy_push')
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) return false;
    const pending = await trx
      .selectFrom('xy_push')
      .select(['id'])
      .where('delivery_id', '=', row.delivery_id)
      .where('status', '=', 'pending')
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (pending) {
      await trx
        .updateTable('xy_push')
        .set({ next_retry_at: now, lease_until: null, lease_owner: null })
        .where('id', '=', pending.id)
        .execute();
      return true;
    }
    const last = await trx
      .selectFrom('xy_push')
      .select(sql<number>`max(attempt)::int`.as('n'))
      .where('delivery_id', '=', row.delivery_id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('xy_push')
      .values({
        delivery_id: row.delivery_id,
        customer_id: row.customer_id,
        event: row.event,
        item_id: row.item_id,
        task_id: row.task_id,
        feedback_id: row.feedback_id,
        attempt: Number(last.n) + 1,
        next_retry_at: now,
        dept_belong_id: row.dept_belong_id,
        creator: row.creator,
      })
      .execute();
    return true;
  });
}
