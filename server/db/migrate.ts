import { Migrator } from 'kysely';
import type { Db } from './index.ts';
import { migrationProvider } from './migrations/index.ts';

/** Applies pending migrations; returns the names applied now. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    // Branches add migrations in parallel (0005/0006 may land after 0007 on a database that already has it).
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
