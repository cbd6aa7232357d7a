// The ingest batch's write as one plpgsql function (issue 13 "Scale"; server/modules/pipeline/ingest.ts):
//
// - xy_ingest_read(tasks, urls): the batch's one read before its transaction (ingest.ts readBatch) — the
//   xy_pipeline_version counters, the listings' live tasks and the live items holding their urls.
// - xy_ingest_write(now, sellers, items, duplicates, filter hits, log rows, phone, creator, modifier, dept,
//   poster): upserts the sellers, inserts the items (skipping a url another batch stored meanwhile), bumps the
//   tasks' items_found by what it stored, updates the duplicates' price and last_seen, counts the filter hits
//   and writes one xy_log row per task — one statement of data-modifying CTEs, as the ingest wrote it before —
//   and answers the rows the duplicates updated as the list reads them (items/queries.ts itemRowsOf: same
//   columns, id order) and, of the stored rows, only what the caller does not know: id, url, seller_ref,
//   task_id, creator, the datetimes the defaults gave, and the joins' seller_blacklisted, task and creator
//   names (the rest null: reading 21 columns back for 100 rows cost ~1 ms a batch). The batch travels as JSON arrays (json_to_recordset); an empty array
//   is a part with nothing to do.
//
// - the `phones` change topic (server/db/changes.ts): a phone's token, name, serial, dept or deletion
//   changed, so the token check kept in memory (pipeline/tokens.ts phoneByToken) is dropped.
//
// Why a function: planning that statement took about as long as running it (~40 % of a 100-item batch on
// PGlite). PL/pgSQL keeps a statement's plan for the session, so a batch plans only the two calls
// `select * from xy_ingest_read(…)` and `select * from xy_ingest_write(…)`. The plan is generic (the JSON parameters do not change the estimates).
import { type Kysely, sql } from 'kysely';

const CREATE = `create function xy_ingest_write(p_now timestamptz, p_sellers json, p_items json, p_dups json,
    p_hits json, p_logs json, p_phone int, p_creator int, p_modifier text, p_dept text, p_poster text)
  returns table (seller_blacklisted boolean, task_id int, task_name varchar, seller_ref int,
    first_seen timestamptz, last_seen timestamptz, id int, title varchar, price float8, seller varchar,
    url varchar, image varchar, keywords jsonb, "time" timestamptz, description varchar, creator int,
    modifier varchar, dept_belong_id varchar, create_datetime timestamptz, update_datetime timestamptz,
    creator_name varchar)
  language plpgsql
  set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
  with sel as (
    -- in key order (the caller sorts them), so concurrent batches lock the same sellers in the same order
    insert into xy_seller (seller_id, name, items_count, first_seen, last_seen)
    select s.key, s.name, s.stored, p_now, p_now
    from json_to_recordset(p_sellers) as s(key text, name text, stored int)
    order by s.key
    on conflict (seller_id) where is_deleted = false do update set
      name = excluded.name,
      items_count = xy_seller.items_count + excluded.items_count,
      last_seen = greatest(xy_seller.last_seen, excluded.last_seen)
    returning xy_seller.id, xy_seller.seller_id),
  ins as (
    -- in batch order; each row's seller_ref is its seller's id from the upsert above
    insert into items (title, price, seller, url, image, keywords, time, description, task_id, seller_ref,
      first_seen, last_seen, creator, modifier, dept_belong_id)
    select r.title, r.price, r.seller, r.url, r.image, r.keywords, r.time, r.description, r.task_id, sel.id,
      p_now, p_now, p_creator, p_modifier, p_dept
    from json_to_recordset(p_items) as r(n int, title text, price numeric, seller text, url text, image text,
      keywords jsonb, time timestamptz, description text, task_id int, seller_key text)
      left join sel on sel.seller_id = r.seller_key
    order by r.n
    on conflict (url) where url is not null and is_deleted = false do nothing
    returning *),
  found as (select ins.task_id, count(*)::int as n from ins group by ins.task_id),
  task as (
    update xy_task t set items_found = t.items_found + f.n
    from found f where t.id = f.task_id),
  dup as (
    update items i set price = coalesce(v.p, i.price), last_seen = p_now, update_datetime = p_now
    from json_to_recordset(p_dups) as v(id int, p numeric)
    where i.id = v.id
    returning i.*),
  hit as (
    update xy_item_filter f set hits = f.hits + v.n
    from json_to_recordset(p_hits) as v(id int, n int)
    where f.id = v.id),
  log as (
    -- one row per task of the batch: stored is what the insert stored; the rest of what was to be stored
    -- lost a race with another batch and counts as duplicate
    insert into xy_log (type, task_id, phone_id, stored, dropped, message, detail, create_datetime,
      creator, modifier, dept_belong_id)
    select 'ingest', l.task_id, p_phone, c.stored, l.n - c.stored,
      '入库 ' || c.stored || ' 条，丢弃 ' || (l.n - c.stored) || ' 条' || coalesce('（' || nullif(concat_ws('，',
        case when c.duplicate > 0 then '重复 ' || c.duplicate end,
        case when l.blacklist > 0 then '黑名单 ' || l.blacklist end,
        case when l.filter > 0 then '过滤 ' || l.filter end), '') || '）', ''),
      jsonb_build_object('duplicate', c.duplicate, 'blacklist', l.blacklist, 'filter', l.filter,
        'poster', p_poster),
      p_now, p_creator, p_modifier, p_dept
    from json_to_recordset(p_logs)
      as l(task_id int, n int, to_store int, duplicate int, blacklist int, filter int)
      left join found f on f.task_id is not distinct from l.task_id
      cross join lateral (select coalesce(f.n, 0) as stored,
        l.duplicate + l.to_store - coalesce(f.n, 0) as duplicate) c),
  written as (select ins.*, false as dup from ins union all select dup.*, true from dup)
  -- a stored row: only what the caller does not know (ids, the defaults, the joins); a duplicate's: all of it
  select (select s.blacklisted from xy_seller s where s.id = i.seller_ref and s.is_deleted = false),
    i.task_id, k.name, i.seller_ref, case when i.dup then i.first_seen end, case when i.dup then i.last_seen end,
    i.id, case when i.dup then i.title end, case when i.dup then i.price::float8 end,
    case when i.dup then i.seller end, i.url, case when i.dup then i.image end,
    case when i.dup then i.keywords end, case when i.dup then i.time end,
    case when i.dup then i.description end, i.creator, case when i.dup then i.modifier end,
    case when i.dup then i.dept_belong_id end, i.create_datetime, i.update_datetime, c.name
  from written as i
    left join users as c on c.id = i.creator
    left join xy_task as k on k.id = i.task_id
  order by i.id;
end $$`;

const CREATE_READ = `create function xy_ingest_read(p_tasks int[], p_urls text[])
  returns table (filters text, blacklist text, receivers text, tasks json, items json)
  language plpgsql stable
  set plan_cache_mode = force_generic_plan
as $$
begin
  return query
  select v.filters::text, v.blacklist::text, v.receivers::text,
    (select coalesce(json_agg(json_build_array(t.id, t.phone_id)), '[]') from xy_task t
      where t.id = any(p_tasks) and t.is_deleted = false),
    (select coalesce(json_agg(json_build_array(i.id, i.url)), '[]') from items i
      where i.url = any(p_urls) and i.is_deleted = false)
  from xy_pipeline_version v where v.id = 1;
end $$`;

// A phone's token check is kept in memory (pipeline/tokens.ts) until one of the columns it reads changes; not on
// the heartbeats' online / last_seen updates. Same function and channel as migration 0009's topics.
const PHONE_TRIGGERS = [
  `create trigger xy_changes_xy_phone after insert or delete or update of token_hash, name, serial,
     dept_belong_id, is_deleted on xy_phone for each statement execute function xy_notify_change('phones')`,
  `create trigger xy_changes_xy_phone_truncate after truncate on xy_phone
     for each statement execute function xy_notify_change('phones')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(CREATE).execute(db);
  await sql.raw(CREATE_READ).execute(db);
  for (const statement of PHONE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists xy_changes_xy_phone_truncate on xy_phone').execute(db);
  await sql.raw('drop trigger if exists xy_changes_xy_phone on xy_phone').execute(db);
  await sql.raw('drop function if exists xy_ingest_read(int[], text[])').execute(db);
  await sql
    .raw(
      'drop function if exists xy_ingest_write(timestamptz, json, json, json, json, json, int, int, text, text, text)',
    )
    .execute(db);
}
