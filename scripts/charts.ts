/**
 * `npm run charts`: writes docs/charts/<chart>.md for every chart in src/machines/registry.ts and the index
 * docs/charts/README.md, removing pages of charts no longer registered.
 * `npm run charts -- --check`: writes nothing; exits 1 listing the stale files (CI, before a commit).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { charts } from '../src/machines/registry.ts';
import { DOCS_DIR, renderChartDocs, staleFiles } from './lib/chartDocs.ts';

const root = resolve(import.meta.dirname, '..');

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const files = renderChartDocs(root, charts);
  const { changed, orphans } = staleFiles(root, files);
  if (check) {
    if (!changed.length && !orphans.length) {
      console.log(`${DOCS_DIR} is up to date (${files.size} files).`);
      return 0;
    }
    console.error(`${DOCS_DIR} is stale; run \`npm run charts\`:`);
    for (const path of changed) console.error(`  ${path}`);
    for (const path of orphans) console.error(`  ${path} (no such chart)`);
    return 1;
  }
  mkdirSync(join(root, DOCS_DIR), { recursive: true });
  for (const path of changed) writeFileSync(join(root, path), files.get(path) as string);
  for (const path of orphans) rmSync(join(root, path));
  console.log(
    `${DOCS_DIR}: ${changed.length} written, ${files.size - changed.length} unchanged` +
      (orphans.length ? `, ${orphans.length} removed` : ''),
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
