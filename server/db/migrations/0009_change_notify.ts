// Change notifications for the server's caches (issue 15; server/db/changes.ts). Triggers call
// pg_notify('xy_changes', <topic>) when a table a cache is built from changes; PostgreSQL delivers the
// notification on commit only (a rolled-back write invalidates nothing) to every listening session — every
// server process sharing the database, and PGlite's own one.
//
// - `settings`: system_config (GET /api/init/settings/).
// - `grants`: what a user is granted — menus, menu buttons, roles, role menus and buttons, user roles and the
//   API white list (web_router, the API permission check).
// - `messages`: in-site messages and the message centre's texts they show (GET /xy/message/get_message/, the
//   console's 5 s poll).
// - `users:<id>`: a user row's columns that authentication reads (username, name, superuser, dept, active,
//   tokens_valid_after, deleted) — one notification per changed row, so only that user's entry is dropped;
//   a TRUNCATE says `users` (every user).
// Statement-level triggers on the grant tables: one bulk save (a role's 200 permissions) is one notification,
// and PostgreSQL folds identical notifications of one transaction into one.
import { type Kysely, sql } from 'kysely';

const CHANNEL = 'xy_changes';
const TOPIC_TABLES: Record<string, string[]> = {
  settings: ['system_config'],
  grants: ['menu', 'menu_button', 'role', 'role_menu', 'role_menu_button', 'user_role', 'api_white_list'],
  messages: ['xy_message', 'message_center'],
};
const USER_COLUMNS = [
  'username',
  'name',
  'is_superuser',
  'dept_id',
  'is_active',
  'tokens_valid_after',
  'is_deleted',
];

const trigger = (table: string) => `xy_changes_${table}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create function xy_notify_change() returns trigger language plpgsql as $$
      begin perform pg_notify('${CHANNEL}', tg_argv[0]); return null; end $$`)
    .execute(db);
  for (const [topic, tables] of Object.entries(TOPIC_TABLES)) {
    for (const table of tables) {
      await sql
        .raw(`create trigger ${trigger(table)} after insert or update or delete or truncate on ${table}
          for each statement execute function xy_notify_change('${topic}')`)
        .execute(db);
    }
  }
  await sql
    .raw(`create function xy_notify_user_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${CHANNEL}', 'users:' || (case when tg_op = 'DELETE' then old.id else new.id end));
        return null;
      end $$`)
    .execute(db);
  const changed = USER_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await sql
    .raw(`create trigger xy_changes_users_update after update of ${USER_COLUMNS.join(', ')} on users
      for each row when (${changed}) execute function xy_notify_user_change()`)
    .execute(db);
  await sql
    .raw(`create trigger xy_changes_users_delete after delete on users
      for each row execute function xy_notify_user_change()`)
    .execute(db);
  await sql
    .raw(`create trigger xy_changes_users_truncate after truncate on users
      for each statement execute function xy_notify_change('users')`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tables of Object.values(TOPIC_TABLES)) {
    for (const table of tables)
      await sql.raw(`drop trigger if exists ${trigger(table)} on ${table}`).execute(db);
  }
  for (const name of ['xy_changes_users_update', 'xy_changes_users_delete', 'xy_changes_users_truncate']) {
    await sql.raw(`drop trigger if exists ${name} on users`).execute(db);
  }
  await sql.raw('drop function if exists xy_notify_user_change()').execute(db);
  await sql.raw('drop function if exists xy_notify_change()').execute(db);
}
