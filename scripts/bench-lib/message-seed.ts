/**
 * A PGlite directory for the messages benchmark (scripts/bench-feed.ts): migrated and seeded as the server
 * does on first start, plus `count` unread in-site messages for one user, inserted in one statement with the
 * columns the server's `storeMessages` writes (what the message centre stores per recipient). Creating them
 * through the message centre takes a request each (about a minute for 1,000 on a loaded machine).
 * The server is then started on the directory (DATABASE_URL); it must not be open anywhere else by then.
 */
import { createDatabase } from '../../server/db/index.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';

export async function prepareMessagesDatabase(dir: string, username: string, count: number): Promise<void> {
  const db = await createDatabase({ kind: 'pglite', dir });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('xy_message')
      .values(
        Array.from({ length: count }, (_, n) => ({
          user_id: id,
          center_id: null,
          title: `基准消息 ${n}`,
          message: `第 ${n} 条基准消息：新商品已上架，请及时查看。`,
          type: n % 4,
          creator: null,
          modifier: null,
          dept_belong_id: null,
        })),
      )
      .execute();
  } finally {
    await db.destroy();
  }
}
