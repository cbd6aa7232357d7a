/**
 * Playwright global setup: one reference server (one seeded in-memory database) for every spec file that
 * takes `sharedServerForThisFile()` (./console.ts). Started once before the workers, its address handed to them
 * through the environment, stopped by its PID after the last test. Spec files that change global state
 * start their own (`startServerForThisFile`).
 */
import type { FullConfig } from '@playwright/test';
import { SHARED_SERVER_ENV, startSharedServer } from './server.ts';

export default async function globalSetup(_config: FullConfig) {
  const { server, env } = await startSharedServer();
  process.env[SHARED_SERVER_ENV] = env;
  return async () => {
    await server.stop();
  };
}
