// The initial schema, modelled on dvadmin 2.x's system tables. Plain PostgreSQL DDL, run identically on
// PGlite and PostgreSQL. Unique keys are partial (`where is_deleted = false`) so a soft-deleted row does not
// block re-creating the same key.
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
  `create table dept (
    id serial primary key,
    name varchar(64) not null,
    key varchar(64),
    sort integer not null default 1,
    owner varchar(32),
    phone varchar(32),
    email varchar(32),
    status boolean not null default true,
    parent_id integer references dept(id),${COMMON})`,
  `create unique index dept_key_unique on dept (key) where is_deleted = false and key <> ''`,
  `create index dept_parent_idx on dept (parent_id)`,

  `create table users (
    id serial primary key,
    username varchar(150) not null,
    password varchar(255) not null,
    name varchar(40) not null default '',
    email varchar(255),
    mobile varchar(255),
    avatar varchar(255),
    gender integer not null default 0,
    user_type integer not null default 0,
    employee_no varchar(150),
    dept_id integer references dept(id),
    is_superuser boolean not null default false,
    is_staff boolean not null default true,
    is_active boolean not null default true,
    last_login timestamptz,
    date_joined timestamptz not null default now(),${COMMON})`,
  `create unique index users_username_unique on users (username) where is_deleted = false`,

  `create table role (
    id serial primary key,
    name varchar(64) not null,
    key varchar(64) not null,
    sort integer not null default 1,
    status boolean not null default true,
    admin boolean not null default false,
    data_range integer not null default 0,
    remark text,${COMMON})`,
  `create unique index role_key_unique on role (key) where is_deleted = false`,
  `create table user_role (
    user_id integer not null references users(id) on delete cascade,
    role_id integer not null references role(id) on delete cascade,
    primary key (user_id, role_id))`,
  `create table role_dept (
    role_id integer not null references role(id) on delete cascade,
    dept_id integer not null references dept(id) on delete cascade,
    primary key (role_id, dept_id))`,

  `create table menu (
    id serial primary key,
    parent_id integer references menu(id),
    icon varchar(64),
    name varchar(64) not null,
    sort integer not null default 1,
    is_link boolean not null default false,
    is_catalog boolean not null default false,
    web_path varchar(128),
    component varchar(128),
    component_name varchar(50),
    status boolean not null default true,
    cache boolean not null default false,
    visible boolean not null default true,
    frame_out boolean not null default false,${COMMON})`,
  `create table menu_button (
    id serial primary key,
    menu_id integer not null references menu(id) on delete cascade,
    name varchar(64) not null,
    value varchar(64) not null,
    api varchar(200) not null,
    method integer not null default 0,${COMMON})`,
  `create index menu_button_menu_idx on menu_button (menu_id)`,
  `create table role_menu (
    role_id integer not null references role(id) on delete cascade,
    menu_id integer not null references menu(id) on delete cascade,
    primary key (role_id, menu_id))`,
  `create table role_menu_button (
    role_id integer not null references role(id) on delete cascade,
    menu_button_id integer not null references menu_button(id) on delete cascade,
    primary key (role_id, menu_button_id))`,

  `create table dictionary (
    id serial primary key,
    label varchar(100),
    value varchar(200) not null,
    parent_id integer references dictionary(id),
    type integer not null default 0,
    color varchar(20),
    is_value boolean not null default false,
    status boolean not null default true,
    sort integer not null default 1,
    remark varchar(2000),${COMMON})`,
  `create index dictionary_parent_idx on dictionary (parent_id)`,

  `create table system_config (
    id serial primary key,
    parent_id integer references system_config(id),
    title varchar(50) not null,
    key varchar(100) not null,
    value jsonb,
    sort integer not null default 0,
    status boolean not null default true,
    data_options jsonb,
    form_item_type integer not null default 0,
    placeholder varchar(100),${COMMON})`,
  `create unique index system_config_key_unique on system_config (coalesce(parent_id, 0), key) where is_deleted = false`,

  `create table api_white_list (
    id serial primary key,
    url varchar(200) not null,
    method integer not null default 0,
    enable_datasource boolean not null default true,${COMMON})`,

  `create table login_log (
    id serial primary key,
    username varchar(150) not null,
    ip varchar(64),
    agent text,
    browser varchar(200),
    os varchar(200),
    login_type integer not null default 1,
    status boolean not null,
    failure_reason varchar(64),${COMMON})`,
  // The login rate limit counts recent failures per username and per address.
  `create index login_log_username_idx on login_log (username, create_datetime)`,
  `create index login_log_ip_idx on login_log (ip, create_datetime)`,

  `create table operation_log (
    id serial primary key,
    request_modular varchar(64),
    request_path varchar(400) not null,
    request_body text,
    request_method varchar(8) not null,
    request_msg text,
    request_ip varchar(64),
    request_browser varchar(64),
    request_os varchar(64),
    response_code varchar(32),
    json_result text,
    status boolean not null default false,${COMMON})`,
  `create index operation_log_time_idx on operation_log (create_datetime)`,

  `create table captcha (
    id serial primary key,
    challenge varchar(32) not null,
    answer varchar(32) not null,
    expires_at timestamptz not null,
    create_datetime timestamptz not null default now())`,

  `create table refresh_token (
    jti varchar(64) primary key,
    family varchar(64) not null,
    user_id integer not null references users(id) on delete cascade,
    expires_at timestamptz not null,
    used_at timestamptz,
    revoked_at timestamptz,
    create_datetime timestamptz not null default now())`,
  `create index refresh_token_family_idx on refresh_token (family)`,
  `create index refresh_token_user_idx on refresh_token (user_id)`,
];

const TABLES = [
  'refresh_token',
  'captcha',
  'operation_log',
  'login_log',
  'api_white_list',
  'system_config',
  'dictionary',
  'role_menu_button',
  'role_menu',
  'menu_button',
  'menu',
  'role_dept',
  'user_role',
  'role',
  'users',
  'dept',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
