// Messages, the live item feed and uploaded files.
//
// - message_center: dvadmin's message centre (a message addressed to users / roles / depts / everyone), with
//   its targets as chosen (message_center_target_role / _dept; users are the recipients themselves).
// - xy_message: one row per recipient — what `/xy/message/get_message/` polls and
//   `/xy/message/{id}/read/` marks. A message-centre message fans out to one row per recipient
//   (center_id set); `is_read` in get_self_receive is that row's status, so both views share one read state.
// - items: the second-hand listings pushed by scrapers (POST /xy/items/) and shown live.
// - file_list: uploads (dvadmin's FileList), stored under MEDIA_DIR.
// Also white-lists the endpoints every signed-in user needs (own messages, avatar upload, workbench counts).
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
  `create table message_center (
    id serial primary key,
    title varchar(100) not null,
    content text not null default '',
    target_type integer not null default 0,${COMMON})`,
  `create index message_center_creator_idx on message_center (creator, create_datetime)`,
  `create table message_center_target_role (
    center_id integer not null references message_center(id) on delete cascade,
    role_id integer not null references role(id) on delete cascade,
    primary key (center_id, role_id))`,
  `create table message_center_target_dept (
    center_id integer not null references message_center(id) on delete cascade,
    dept_id integer not null references dept(id) on delete cascade,
    primary key (center_id, dept_id))`,

  `create table xy_message (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    center_id integer references message_center(id) on delete cascade,
    title varchar(100) not null,
    message text not null default '',
    type integer not null default 2,
    status integer not null default 0,
    read_datetime timestamptz,${COMMON})`,
  `create index xy_message_user_idx on xy_message (user_id, status, id)`,
  `create index xy_message_center_idx on xy_message (center_id)`,

  `create table items (
    id serial primary key,
    title varchar(255) not null,
    price numeric(12, 2),
    seller varchar(100),
    url varchar(1000),
    image varchar(1000),
    keywords jsonb not null default '[]',
    time timestamptz not null default now(),${COMMON})`,
  `create index items_time_idx on items (create_datetime, id)`,

  `create table file_list (
    id serial primary key,
    name varchar(200) not null,
    url varchar(255) not null,
    file_url varchar(255) not null,
    engine varchar(100) not null default 'local',
    mime_type varchar(100) not null default '',
    size integer not null default 0,
    md5sum varchar(36) not null,${COMMON})`,
  `create index file_list_md5_idx on file_list (md5sum)`,
];

/** method: 0 GET, 1 POST, 2 PUT, 3 DELETE. */
const WHITE_LIST: [string, number][] = [
  ['/api/system/message_center/get_unread_msg/', 0],
  ['/api/system/message_center/get_newest_msg/', 0],
  ['/api/system/message_center/{id}/', 0],
  ['/api/system/file/', 1],
  ['/xy/items/stats/', 0],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  for (const [url, method] of WHITE_LIST) {
    await sql`insert into api_white_list (url, method) select ${url}, ${method}
      where not exists (select 1 from api_white_list where url = ${url} and method = ${method} and is_deleted = false)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [url, method] of WHITE_LIST) {
    await sql`delete from api_white_list where url = ${url} and method = ${method}`.execute(db);
  }
  for (const table of [
    'file_list',
    'items',
    'xy_message',
    'message_center_target_dept',
    'message_center_target_role',
    'message_center',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
