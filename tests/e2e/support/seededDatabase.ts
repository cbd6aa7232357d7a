/**
 * Test-only preload for the reference server (`node --import tsx --import ./tests/e2e/support/seededDatabase.ts
 * server/main.ts`, added by ./server.ts for an in-memory server without the demo set): an in-memory PGlite
 * starts from the run's migrated, seeded copy (`E2E_PGLITE_DUMP`, made once by ./globalSetup.ts) instead of
 * initdb + migrations + seed — seconds per server start. The server's own code is unchanged: it still runs
 * its migrations (none left to apply) and its seed check (the seeded users are there).
 */
import { readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

const dump = process.env.E2E_PGLITE_DUMP;
if (dump) {
  const create = PGlite.create.bind(PGlite) as (dataDir: string, options?: PGliteOptions) => Promise<PGlite>;
  const seeded = (dataDir: string, options?: PGliteOptions) =>
    dataDir === 'memory://'
      ? create(dataDir, { ...options, loadDataDir: new Blob([readFileSync(dump)]) })
      : create(dataDir, options);
  PGlite.create = seeded as typeof PGlite.create;
}
