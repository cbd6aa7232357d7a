// Issue 12, items 8 and 9.
// - Search: list searches match `xy_search_text(<fields>) ilike '%term%'` (crud/kit.ts), an immutable
//   function so it can be indexed; the user list's search gets a pg_trgm GIN index over it, so one
//   client's `%term%` search over 100,000 users no longer scans the table (and starves PGlite's single
//   connection). pg_trgm is loaded into PGlite from `@electric-sql/pglite/contrib/pg_trgm` (db/index.ts);
//   on a PostgreSQL without the contrib package the index is skipped (searches still work, unindexed).
// - Messages: a message-centre message is stored once; the recipients' xy_message rows keep the read state
//   only, so the text already copied into them is dropped here (reads take it from message_center).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // array_to_string skips NULLs, as concat_ws did; chr(1) separates fields (no search term holds it).
  await sql`
    create or replace function xy_search_text(variadic parts text[]) returns text
    language sql immutable parallel safe
    as $$ select array_to_string(parts, chr(1)) $$`.execute(db);
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`
      create index if not exists users_search_trgm_idx on users
      using gin (xy_search_text(username::text, name::text, mobile::text, email::text) gin_trgm_ops)
      where is_deleted = false`.execute(db);
  }
  await sql`update xy_message set title = '', message = '' where center_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update xy_message x set title = mc.title, message = mc.content
    from message_center mc where mc.id = x.center_id`.execute(db);
  await sql`drop index if exists users_search_trgm_idx`.execute(db);
  await sql`drop function if exists xy_search_text(text[])`.execute(db);
}
