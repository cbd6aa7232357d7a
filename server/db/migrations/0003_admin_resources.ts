// System administration resources (the CRUD kit): the area table (province → city → … by `pcode`, as
// dvadmin's Area), and indexes for the lists the admin pages filter most.
import { type Kysely, sql } from 'kysely';
import { areaRows } from '../seed-data/areas.ts';

const STATEMENTS = [
  `create table if not exists area (
    id serial primary key,
    name varchar(100) not null,
    code varchar(20) not null,
    level integer not null default 1,
    pinyin varchar(255),
    initials varchar(20),
    enable boolean not null default true,
    pcode varchar(20),
    description varchar(255),
    creator integer,
    modifier varchar(255),
    dept_belong_id varchar(255),
    create_datetime timestamptz not null default now(),
    update_datetime timestamptz not null default now(),
    is_deleted boolean not null default false)`,
  `create unique index if not exists area_code_unique on area (code) where is_deleted = false`,
  `create index if not exists area_pcode_idx on area (pcode)`,
  `create index if not exists system_config_parent_idx on system_config (parent_id)`,
  `create index if not exists users_dept_idx on users (dept_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  // The reference areas are data every install needs (fresh or upgraded), so they ship with the table.
  for (const a of areaRows()) {
    await sql`insert into area (name, code, level, pinyin, initials, pcode)
      values (${a.name}, ${a.code}, ${a.level}, ${a.pinyin}, ${a.initials}, ${a.pcode})
      on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['users_dept_idx', 'system_config_parent_idx']) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  await sql.raw('drop table if exists area').execute(db);
}
