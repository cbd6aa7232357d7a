// Delivery and support (issue 14; docs/domain.md, "Delivery and support"):
//
// - xy_customer (+ xy_customer_task): the service's customers — who receives which task's items, where
//   (webhook_url / webhook_type) and how it is signed (webhook_secret); api_key_hash authenticates the
//   customer's own calls (feedback), the key itself is shown once.
// - xy_push: the push outbox and its history, one row per attempt. A `pending` row is work to do; the worker
//   claims it with a lease (lease_until), sends it, marks it success / failed and, on failure with attempts
//   left, inserts the next attempt as a new pending row with next_retry_at. delivery_id (X-Delivery-Id) is
//   shared by every attempt of one delivery.
// - xy_setting: the business settings as key → JSON (`webhook`: timeout, attempts, back-off).
// - xy_account: the marketplace accounts the phones sign in with.
// - xy_feedback: what customers report through their api_key, and the operators' replies.
// - xy_knowledge: help articles; content is sanitised HTML, content_text its plain text for search (pg_trgm).
// - xy_alert: when a business message (a customer's pushes failing, a task finding nothing) was last sent, so
//   operators are told once per episode, not once per attempt.
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
  'create extension if not exists pg_trgm',
  `create table xy_customer (
    id serial primary key,
    name varchar(100) not null,
    contact varchar(100),
    remark varchar(500),
    enabled boolean not null default true,
    expire_date date,
    webhook_url varchar(1000),
    webhook_type varchar(10) not null default 'json',
    webhook_secret varchar(100) not null,
    api_key_hash varchar(64) not null,
    api_key_hint varchar(16) not null default '',
    pushes integer not null default 0,
    last_push_at timestamptz,${COMMON})`,
  'create unique index xy_customer_api_key_idx on xy_customer (api_key_hash)',
  `create table xy_customer_task (
    customer_id integer not null references xy_customer(id) on delete cascade,
    task_id integer not null,
    primary key (customer_id, task_id))`,
  'create index xy_customer_task_task_idx on xy_customer_task (task_id)',

  `create table xy_push (
    id bigserial primary key,
    delivery_id varchar(36) not null,
    customer_id integer not null references xy_customer(id) on delete cascade,
    event varchar(20) not null default 'item',
    item_id integer,
    task_id integer,
    feedback_id integer,
    attempt integer not null default 1,
    status varchar(10) not null default 'pending',
    http_status integer,
    latency_ms integer,
    error varchar(500),
    response varchar(500),
    next_retry_at timestamptz not null default now(),
    lease_until timestamptz,
    lease_owner varchar(64),
    finished_at timestamptz,${COMMON})`,
  // The worker's claim: due pending rows in order.
  `create index xy_push_due_idx on xy_push (next_retry_at, id) where status = 'pending' and is_deleted = false`,
  'create unique index xy_push_attempt_idx on xy_push (delivery_id, attempt)',
  // One delivery per customer and item, whatever enqueues it twice.
  `create unique index xy_push_item_once_idx on xy_push (customer_id, item_id) where event = 'item' and attempt = 1`,
  'create index xy_push_list_idx on xy_push (create_datetime desc, id)',
  'create index xy_push_customer_idx on xy_push (customer_id, create_datetime)',

  `create table xy_setting (
    key varchar(50) primary key,
    value jsonb not null,
    update_datetime timestamptz not null default now())`,

  `create table xy_account (
    id serial primary key,
    name varchar(100) not null,
    login varchar(100) not null,
    state varchar(10) not null default 'ok',
    phone_id integer,
    remark varchar(500),${COMMON})`,

  `create table xy_feedback (
    id serial primary key,
    customer_id integer not null references xy_customer(id) on delete cascade,
    title varchar(200) not null,
    content text not null default '',
    status varchar(10) not null default 'open',
    reply text,
    replied_at timestamptz,
    replied_by integer,${COMMON})`,
  'create index xy_feedback_list_idx on xy_feedback (create_datetime desc, id)',

  `create table xy_knowledge (
    id serial primary key,
    title varchar(200) not null,
    category varchar(50),
    tags jsonb not null default '[]',
    content text not null default '',
    content_text text not null default '',
    published boolean not null default false,${COMMON})`,
  `create index xy_knowledge_search_idx on xy_knowledge using gin ((title || ' ' || content_text) gin_trgm_ops)`,

  `create table xy_alert (
    key varchar(100) primary key,
    sent_at timestamptz not null default now())`,
];

/** Buttons for the actions beyond the seeded CRUD ones, on upgraded databases (a fresh one gets them from
 *  the seed): menu web_path, name, value, api, method (0 GET, 1 POST, 2 PUT, 3 DELETE). */
export const DELIVERY_BUTTONS: [string, string, string, string, number][] = [
  ['/users', '轮换密钥', 'Rotate', '/xy/users/{id}/rotate/', 1],
  ['/pushData', '立即重试', 'Retry', '/xy/push_data/{id}/retry/', 1],
  ['/settings', '测试推送', 'WebhookTest', '/xy/settings/webhook/test/', 1],
  ['/settings', '账号查询', 'AccountSearch', '/xy/settings/accounts/', 0],
  ['/settings', '账号详情', 'AccountRetrieve', '/xy/settings/accounts/{id}/', 0],
  ['/settings', '账号新增', 'AccountCreate', '/xy/settings/accounts/', 1],
  ['/settings', '账号编辑', 'AccountUpdate', '/xy/settings/accounts/{id}/', 2],
  ['/settings', '账号删除', 'AccountDelete', '/xy/settings/accounts/{id}/', 3],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  // The workbench overview is aggregate counts every signed-in user's workbench shows (as /xy/items/stats/).
  await sql`insert into api_white_list (url, method) select '/xy/overview/', 0
    where not exists (select 1 from api_white_list where url = '/xy/overview/' and method = 0 and is_deleted = false)`.execute(
    db,
  );
  // Upgraded databases: add the extra buttons to the seeded menus and grant them to the roles that already
  // hold the menu's Update button (on a fresh database there are no menus yet: the seed adds them).
  for (const [path, name, value, api, method] of DELIVERY_BUTTONS) {
    await sql`insert into menu_button (menu_id, name, value, api, method)
      select m.id, ${name}, ${value}, ${api}, ${method} from menu m
      where m.web_path = ${path} and m.is_deleted = false
        and not exists (select 1 from menu_button b where b.menu_id = m.id and b.value = ${value})`.execute(
      db,
    );
    await sql`insert into role_menu_button (role_id, menu_button_id)
      select distinct rb.role_id, nb.id from menu_button nb
      join menu m on m.id = nb.menu_id and m.web_path = ${path}
      join menu_button ub on ub.menu_id = m.id and ub.value in ('Update', 'Search') and ub.is_deleted = false
      join role_menu_button rb on rb.menu_button_id = ub.id
      where nb.value = ${value}
        and ((${method} = 0 and ub.value = 'Search') or (${method} <> 0 and ub.value = 'Update'))
        and not exists (select 1 from role_menu_button x where x.role_id = rb.role_id and x.menu_button_id = nb.id)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from api_white_list where url = '/xy/overview/'`.execute(db);
  for (const [, , value, api] of DELIVERY_BUTTONS) {
    await sql`delete from menu_button where value = ${value} and api = ${api}`.execute(db);
  }
  for (const table of [
    'xy_alert',
    'xy_knowledge',
    'xy_feedback',
    'xy_account',
    'xy_setting',
    'xy_push',
    'xy_customer_task',
    'xy_customer',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
