/**
 * `npm run bench`: builds the SPA (into .tmp/bench-dist, with a manifest, so dist/ is left alone) and prints
 * one figure a line as `<name>: <value> <unit>`:
 *   login.initial.gzip        gzip KB of the JS + CSS /login loads before any lazy chunk: the entry, its
 *                             static imports (what the built index.html modulepreloads) and their CSS
 *   login.initial.budget      the budget for the figure above (exit 1 when over)
 *   login.loaded.gzip         everything /login really fetches once idle, measured in the browser: the above
 *                             plus the console's chunks, which index.html prefetches and the entry imports
 *                             once the form is painted (src/main.tsx)
 *   shell.initial.gzip        what the signed-in console needs: the entry, the network layer, and the shell's
 *                             lazy chunks (layout and the index page), each with its static imports and CSS
 *   login.interactive.median  median of 5 cold loads of /login on a local server until the username field
 *                             is enabled and takes focus, in headless Chromium
 * Sizes are the sum of each file gzipped on its own (level 6, what servers typically use), 1 KB = 1024 bytes.
 * Then the login page beside its floor (scripts/bench-login.ts: ready, bytes, requests, heap, long tasks, on
 * loopback and at 10 Mbit/s), the shell (scripts/bench-shell.ts), the live feed and messages (scripts/bench-feed.ts) and the user
 * list at 100,000 users (scripts/bench-users.ts: latencies, and req/s under load against issue 15's goals), the monitoring pipeline (scripts/bench-pipeline.ts: ingest
 * with 50 filters and 1,000 blacklisted sellers, the items list at 200,000 rows), delivery and the hot API
 * endpoints under load (scripts/bench-api.ts: the message poll, settings, web_router) print theirs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT, startServer } from '../tests/e2e/support/server.ts';
import { runApiBench } from './bench-api.ts';
import { runDeliveryBench } from './bench-delivery.ts';
import { runFeedBench } from './bench-feed.ts';
import { runLoginBench } from './bench-login.ts';
import { runPipelineBench } from './bench-pipeline.ts';
import { runShellBench } from './bench-shell.ts';
import { runUsersBench } from './bench-users.ts';

const OUT_DIR = join(ROOT, '.tmp/bench-dist');
const LOGIN_BUDGET_KB = 160;
const RUNS = 5;
/** Lazy modules the app system imports at boot (src/services/app-system.ts). */
const NETWORK_MODULES = [
  'src/services/http/app-client.ts',
  'src/services/api/api.ts',
  'src/services/storage/menu-cache.ts',
];
/** Source modules that make up the signed-in shell (lazy chunks of the router). */
const SHELL_MODULES = ['src/ui/shell/ShellRoute.tsx', 'src/ui/pages/IndexPage.tsx'];

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function build(): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('bench: vite build failed');
    process.exit(result.status ?? 1);
  }
}

/** The chunk and everything it statically imports, transitively, with their CSS. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bench: ${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function gzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(OUT_DIR, file)), { level: 6 }).length;
  return bytes / 1024;
}

/**
 * Cross-check with the built index.html: every asset it loads must be in the login set. Its
 * `<link rel="prefetch">` files (scripts/lib/prefetch-console.ts) are lazy chunks fetched once the form is
 * usable, at the lowest priority: login.loaded.gzip counts them, as the browser fetches them.
 */
function htmlAssets(): string[] {
  const html = readFileSync(join(OUT_DIR, 'index.html'), 'utf8').replace(/<link rel="prefetch"[^>]*>/g, '');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
}

type Measured = { median: number; loadedFiles: string[] };

async function measureInBrowser(): Promise<Measured> {
  const server = await startServer({ env: { WEB_DIR: OUT_DIR } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        () => {
          const input = document.querySelector<HTMLInputElement>('input[name="username"]');
          if (!input || input.disabled) return false;
          input.focus();
          return document.activeElement === input ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      times.push(Number(await handle.jsonValue()));
      await context.close();
    }
    // What /login really fetches, lazy chunks included, once the page has settled.
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/.+\.(js|css)$/.test(path)) files.add(path.slice(1));
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await context.close();
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)] as number, loadedFiles: [...files] };
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main() {
  build();
  const manifest = JSON.parse(readFileSync(join(OUT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('bench: no entry chunk in the manifest');
  const login = closure(manifest, [entry]);
  const missing = htmlAssets().filter((file) => !login.has(file));
  for (const file of missing) login.add(file);
  const shell = new Set([
    ...login,
    ...closure(manifest, NETWORK_MODULES),
    ...closure(manifest, SHELL_MODULES),
  ]);

  const loginKb = gzipKb(login);
  const measured = await measureInBrowser();
  console.log(`login.initial.gzip: ${loginKb.toFixed(1)} KB`);
  console.log(`login.initial.budget: ${LOGIN_BUDGET_KB} KB`);
  console.log(`login.loaded.gzip: ${gzipKb(new Set([...login, ...measured.loadedFiles])).toFixed(1)} KB`);
  console.log(`shell.initial.gzip: ${gzipKb(shell).toFixed(1)} KB`);
  console.log(`login.interactive.median: ${Math.round(measured.median)} ms`);
  // Each part prints its own figures (see its header comment) and says whether its budgets held.
  const parts = [
    await runLoginBench(OUT_DIR),
    await runShellBench(OUT_DIR),
    await runFeedBench(OUT_DIR),
    await runUsersBench(OUT_DIR),
    await runPipelineBench(),
    await runDeliveryBench(),
    await runApiBench(),
  ];
  if (loginKb > LOGIN_BUDGET_KB) {
    console.error(
      `bench: login.initial.gzip ${loginKb.toFixed(1)} KB is over the ${LOGIN_BUDGET_KB} KB budget`,
    );
    process.exit(1);
  }
  if (parts.some((part) => !part.ok)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
