// The user list's default order (`-create_datetime`, then id) as an index over live rows: with 100,000
// users a page is read off the index instead of sorting the table (scripts/bench-users.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'create index if not exists users_list_order_idx on users (create_datetime desc, id) where is_deleted = false',
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists users_list_order_idx').execute(db);
}
