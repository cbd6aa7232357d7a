/**
 * Playwright global setup: a migrated, seeded in-memory database dumped once, which every in-memory server
 * of the run starts from (./seededDatabase.ts); then one reference server for every spec file that
 * takes `sharedServerForThisFile()` (./console.ts). Started once before the workers, its address handed to them
 * through the environment, stopped by its PID after the last test. Spec files that change global state
 * start their own (`startServerForThisFile`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { dumpSeededDatabase, PGLITE_DUMP_ENV, SHARED_SERVER_ENV, startSharedServer } from './server.ts';

export default async function globalSetup(_config: FullConfig) {
  // the migrated, seeded database every in-memory server of the run starts from (./seededDatabase.ts)
  const dir = mkdtempSync(join(tmpdir(), 'xy-e2e-template-'));
  try {
    await dumpSeededDatabase(join(dir, 'pglite-seeded.tar'));
    process.env[PGLITE_DUMP_ENV] = join(dir, 'pglite-seeded.tar');
    const { server, env } = await startSharedServer();
    process.env[SHARED_SERVER_ENV] = env;
    return async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
