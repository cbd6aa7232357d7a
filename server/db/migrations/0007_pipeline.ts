// The monitoring pipeline (issue 13, docs/domain.md): tasks, phones and their device data, item filters,
// sellers and their blacklist, logs, per-holder ingest tokens; items gain their task, seller, first/last seen
// and a dedupe key on url.
//
// - xy_pipeline_version: one row whose counters triggers bump whenever a filter or a seller's blacklist state
//   changes, so every server process notices with one cheap read per batch and recompiles its cache.
// - items_url_key: unique over live rows with a url (the ingest's `on conflict` target). Older duplicates
//   already stored are soft-deleted first, keeping the newest row of each url.
// - pg_trgm indexes the items title for `search` (the list at 200,000 rows).
// - Setting `pipeline.phone_offline_seconds` (default 90).
import { type Kysely, sql } from 'kysely';

const COMMON = `
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz not null default now(),
  update_datetime timestamptz not null default now(),
  is_deleted boolean not null default false`;

const STATEMENTS = [
  `create extension if not exists pg_trgm`,

  `create table xy_phone (
    id serial primary key,
    name varchar(64) not null,
    serial varchar(64) not null,
    model varchar(64),
    account varchar(64),
    remark varchar(255),
    token_hash char(64),
    online boolean not null default false,
    last_seen timestamptz,
    battery integer,
    network varchar(32),
    app_version varchar(32),${COMMON})`,
  `create unique index xy_phone_serial_key on xy_phone (serial) where is_deleted = false`,
  `create unique index xy_phone_token_key on xy_phone (token_hash)`,
  `create index xy_phone_online_idx on xy_phone (last_seen) where online and is_deleted = false`,

  `create table xy_task (
    id serial primary key,
    name varchar(64) not null,
    keywords jsonb not null default '[]',
    min_price numeric(12, 2),
    max_price numeric(12, 2),
    region varchar(64),
    interval_s integer not null default 300 check (interval_s >= 30),
    enabled boolean not null default true,
    phone_id integer references xy_phone(id) on delete set null,
    last_run_at timestamptz,
    items_found integer not null default 0,${COMMON})`,
  `create index xy_task_phone_idx on xy_task (phone_id) where is_deleted = false`,

  `create table xy_device_data (
    id serial primary key,
    phone_id integer not null references xy_phone(id) on delete cascade,
    battery integer,
    network varchar(32),
    app_version varchar(32),
    extra jsonb not null default '{}',${COMMON})`,
  `create index xy_device_data_phone_idx on xy_device_data (phone_id, create_datetime)`,

  `create table xy_item_filter (
    id serial primary key,
    name varchar(64) not null,
    task_id integer references xy_task(id) on delete cascade,
    exclude_words jsonb not null default '[]',
    include_words jsonb not null default '[]',
    min_price numeric(12, 2),
    max_price numeric(12, 2),
    enabled boolean not null default true,
    hits integer not null default 0,${COMMON})`,

  `create table xy_seller (
    id serial primary key,
    seller_id varchar(100) not null,
    name varchar(100) not null,
    items_count integer not null default 0,
    first_seen timestamptz not null default now(),
    last_seen timestamptz not null default now(),
    blacklisted boolean not null default false,
    blacklist_reason varchar(200),${COMMON})`,
  `create unique index xy_seller_key on xy_seller (seller_id) where is_deleted = false`,
  `create index xy_seller_blacklist_idx on xy_seller (id) where blacklisted and is_deleted = false`,

  `create table xy_log (
    id serial primary key,
    type varchar(16) not null,
    task_id integer references xy_task(id) on delete set null,
    phone_id integer references xy_phone(id) on delete set null,
    stored integer not null default 0,
    dropped integer not null default 0,
    message text not null default '',
    detail jsonb not null default '{}',${COMMON})`,
  `create index xy_log_time_idx on xy_log (create_datetime, id)`,

  `create table xy_ingest_token (
    id serial primary key,
    name varchar(64) not null,
    token_hash char(64) not null,
    enabled boolean not null default true,
    last_used_at timestamptz,${COMMON})`,
  `create unique index xy_ingest_token_hash_key on xy_ingest_token (token_hash)`,
  `create unique index xy_ingest_token_name_key on xy_ingest_token (name) where is_deleted = false`,

  // Items: task, seller, first/last seen, dedupe by url.
  `alter table items add column task_id integer references xy_task(id) on delete set null`,
  `alter table items add column seller_ref integer references xy_seller(id) on delete set null`,
  `alter table items add column first_seen timestamptz not null default now()`,
  `alter table items add column last_seen timestamptz not null default now()`,
  `update items set first_seen = create_datetime, last_seen = create_datetime`,
  `update items i set is_deleted = true
     where i.url is not null and i.is_deleted = false
       and exists (select 1 from items j where j.url = i.url and j.is_deleted = false and j.id > i.id)`,
  `create unique index items_url_key on items (url) where url is not null and is_deleted = false`,
  `create index items_task_idx on items (task_id) where is_deleted = false`,
  `create index items_list_order_idx on items (create_datetime desc, id desc) where is_deleted = false`,
  // `search` matches the title, the seller's name and the keywords: one expression, one trigram index.
  `create index items_search_trgm_idx on items using gin
     ((title || ' ' || coalesce(seller, '') || ' ' || keywords::text) gin_trgm_ops)`,

  // The compiled filters / blacklist version: bumped by triggers, read once per ingest batch.
  `create table xy_pipeline_version (
    id integer primary key check (id = 1),
    filters bigint not null default 0,
    blacklist bigint not null default 0)`,
  `insert into xy_pipeline_version (id) values (1)`,
  `create function xy_bump_filters() returns trigger language plpgsql as $$
    begin update xy_pipeline_version set filters = filters + 1 where id = 1; return null; end $$`,
  `create function xy_bump_blacklist() returns trigger language plpgsql as $$
    begin update xy_pipeline_version set blacklist = blacklist + 1 where id = 1; return null; end $$`,
  // Only the columns that define a rule: the ingest's `hits` updates do not invalidate the cache.
  `create trigger xy_item_filter_version after insert or delete or update of
     name, task_id, exclude_words, include_words, min_price, max_price, enabled, is_deleted
     on xy_item_filter for each statement execute function xy_bump_filters()`,
  `create trigger xy_seller_version_ins after insert on xy_seller
     for each row when (new.blacklisted) execute function xy_bump_blacklist()`,
  `create trigger xy_seller_version_upd after update on xy_seller
     for each row when (old.blacklisted is distinct from new.blacklisted
       or (old.blacklisted and old.is_deleted is distinct from new.is_deleted)
       or (new.blacklisted and (old.seller_id is distinct from new.seller_id or old.name is distinct from new.name)))
     execute function xy_bump_blacklist()`,
  `create trigger xy_seller_version_del after delete on xy_seller
     for each row when (old.blacklisted) execute function xy_bump_blacklist()`,
];

/** method: 0 GET, 1 POST, 2 PUT, 3 DELETE. The phone agent endpoints authenticate by phone token. */
const SETTINGS_GROUP = { key: 'pipeline', title: '业务监控' };
const SETTINGS: { key: string; title: string; value: unknown; placeholder: string }[] = [
  {
    key: 'phone_offline_seconds',
    title: '手机离线判定（秒）',
    value: 90,
    placeholder: '多久没有心跳视为离线',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  await sql`insert into system_config (title, key, sort, status, form_item_type)
    select ${SETTINGS_GROUP.title}, ${SETTINGS_GROUP.key}, 20, true, 0
    where not exists (select 1 from system_config where key = ${SETTINGS_GROUP.key} and parent_id is null)`.execute(
    db,
  );
  for (const [i, s] of SETTINGS.entries()) {
    await sql`insert into system_config (parent_id, title, key, value, sort, status, form_item_type, placeholder)
      select g.id, ${s.title}, ${s.key}, ${JSON.stringify(s.value)}::jsonb, ${i}, true, 1, ${s.placeholder}
      from system_config g where g.key = ${SETTINGS_GROUP.key} and g.parent_id is null
        and not exists (select 1 from system_config c where c.parent_id = g.id and c.key = ${s.key})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from system_config where parent_id in
    (select id from system_config where key = ${SETTINGS_GROUP.key} and parent_id is null)`.execute(db);
  await sql`delete from system_config where key = ${SETTINGS_GROUP.key} and parent_id is null`.execute(db);
  for (const statement of [
    'drop index if exists items_search_trgm_idx',
    'drop index if exists items_list_order_idx',
    'drop index if exists items_task_idx',
    'drop index if exists items_url_key',
    'alter table items drop column if exists last_seen',
    'alter table items drop column if exists first_seen',
    'alter table items drop column if exists seller_ref',
    'alter table items drop column if exists task_id',
    'drop table if exists xy_pipeline_version',
    'drop table if exists xy_ingest_token',
    'drop table if exists xy_log',
    'drop table if exists xy_seller',
    'drop table if exists xy_item_filter',
    'drop table if exists xy_device_data',
    'drop table if exists xy_task',
    'drop table if exists xy_phone',
    'drop function if exists xy_bump_filters',
    'drop function if exists xy_bump_blacklist',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
