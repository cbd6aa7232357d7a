// Issue 15: the user list at 100,000 users (server/modules/crud/kit.ts, `searchKey` and `listCache`).
// - Search key: pg_trgm makes no trigrams of CJK characters (PGlite's C locale), so `search=王` could not use
//   users_search_trgm_idx (0006) and scanned every row with a multibyte ilike. xy_search_key(text) is the
//   lowercased text with every byte over 0x7f written as a `\ooo` octal escape (encode … 'escape'; a literal
//   backslash becomes chr(2) first, so every backslash starts an escape and an escaped term can only match at
//   a character boundary): plain ASCII a trigram index can read, and `like` on it matches exactly when the
//   lowercased text contains the lowercased term. xy_search_pattern(term) is the `%…%` pattern of a term's
//   key. The users' trigram index is rebuilt over the key (the old one is dropped: nothing reads it).
// - Change topics for the list's cached counts and page anchors: `user_list` on any write to users (one per
//   statement), `depts` on any write to dept (the dept filter and data scopes take the tree).
import { type Kysely, sql } from 'kysely';

const SEARCH_TEXT = 'xy_search_text(username::text, name::text, mobile::text, email::text)';

export async function up(db: Kysely<unknown>): Promise<void> {
  // convert_to is only stable (it reads the server encoding, fixed at initdb): the key is immutable for one
  // database, which is what an index needs.
  await sql`
    create or replace function xy_search_key(s text) returns text
    language sql immutable parallel safe
    as $$ select encode(convert_to(replace(lower(s), '\\', chr(2)), 'UTF8'), 'escape') $$`.execute(db);
  await sql`
    create or replace function xy_search_pattern(term text) returns text
    language sql immutable parallel safe
    as $$ select '%' || replace(replace(replace(xy_search_key(term), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' $$`.execute(
    db,
  );
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql`drop index if exists users_search_trgm_idx`.execute(db);
    await sql
      .raw(`create index if not exists users_search_key_idx on users
        using gin (xy_search_key(${SEARCH_TEXT}) gin_trgm_ops) where is_deleted = false`)
      .execute(db);
  }
  await sql`
    create trigger xy_changes_user_list after insert or update or delete or truncate on users
    for each statement execute function xy_notify_change('user_list')`.execute(db);
  await sql`
    create trigger xy_changes_dept_list after insert or update or delete or truncate on dept
    for each statement execute function xy_notify_change('depts')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists xy_changes_dept_list on dept`.execute(db);
  await sql`drop trigger if exists xy_changes_user_list on users`.execute(db);
  await sql`drop index if exists users_search_key_idx`.execute(db);
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  if (rows[0]?.ok) {
    await sql
      .raw(`create index if not exists users_search_trgm_idx on users
        using gin (${SEARCH_TEXT} gin_trgm_ops) where is_deleted = false`)
      .execute(db);
  }
  await sql`drop function if exists xy_search_pattern(text)`.execute(db);
  await sql`drop function if exists xy_search_key(text)`.execute(db);
}
