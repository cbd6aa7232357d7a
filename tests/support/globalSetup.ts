/**
 * Vitest global setup (main process, once per run): a fresh directory where each generated-path test
 * records its chart's coverage report (tests/machines/support/paths.ts), read by the coverage summary
 * (tests/tooling/coverage.test.ts), which runs after every other test file (the `summary` project, a later
 * `groupOrder` in vite.config.ts). So the paths run once and the table shows that run's numbers. Also a
 * directory for the run's seeded PGlite copy the server tests start from (tests/server/helpers.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `coverChart` records each chart's report during this run. */
    chartCoverageDir: string;
    /** Where the server tests keep the run's migrated, seeded PGlite copy (tests/server/helpers.ts). */
    serverTemplateDir: string;
  }
}

// Every project inherits this setup; they must all share the run's one directory.
const shared = globalThis as { __chartCoverageDir?: string; __serverTemplateDir?: string };

export default function setup(project: TestProject) {
  shared.__chartCoverageDir ??= mkdtempSync(join(tmpdir(), 'xy-chart-coverage-'));
  shared.__serverTemplateDir ??= mkdtempSync(join(tmpdir(), 'xy-server-template-'));
  const dir = shared.__chartCoverageDir;
  const templateDir = shared.__serverTemplateDir;
  project.provide('chartCoverageDir', dir);
  project.provide('serverTemplateDir', templateDir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(templateDir, { recursive: true, force: true });
    shared.__chartCoverageDir = undefined;
    shared.__serverTemplateDir = undefined;
  };
}
