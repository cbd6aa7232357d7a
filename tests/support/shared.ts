import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The team's shared folder (fixtures, docs) sits beside the repository: `../shared` from the repository root,
 * on a developer's machine and on CI alike. `SHARED_DIR` overrides it.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
export const SHARED_DIR = process.env.SHARED_DIR ?? resolve(repoRoot, '../shared');
export const FIXTURE_DIR = resolve(SHARED_DIR, 'fixtures/dvadmin');

if (!existsSync(FIXTURE_DIR)) {
  throw new Error(`dvadmin fixtures not found at ${FIXTURE_DIR}: set SHARED_DIR to the shared folder`);
}
