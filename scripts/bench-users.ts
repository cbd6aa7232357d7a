/**
 * The user list's part of `npm run bench` (issue "System administration on a schema-driven CRUD kit"), run by
 * scripts/bench.ts after the shell figures; on its own (`node --import tsx scripts/bench-users.ts`) it uses
 * an existing build in .tmp/bench-dist. A PGlite database with 100,000 generated users besides the seed
 * (scripts/bench-lib/users-db.ts), the real server on it. Prints one figure a line as `<name>: <value> <unit>`:
 *   users.db.users                 users in the database
 *   users.db.prepare               seconds to migrate, seed and insert them (not a product figure)
 *   users.list.limit20             GET /api/system/user/?page=1&limit=20 as superadmin, from the request to
 *                                  the whole JSON answer on 127.0.0.1 (server time plus loopback), median, ms
 *   users.list.limit20.budget      its budget (exit 1 when over)
 *   users.list.limit999            the same at limit=999 (the largest page the server gives)
 *   users.list.deep                page 2,500 at limit=20 (offset 49,980)
 *   users.list.search              page 1 at limit=20 with search=王 (a common surname: about 1 user in 24)
 *   users.list.search.rare         page 1 at limit=20 with search=u0012 (100 users: the whole table is read)
 *   users.page.change              headless Chromium, signed in as superadmin on /user (10 rows a page):
 *                                  a click on 下一页 → the frame after every row of the table changed, ms
 *   users.page.change.fetch        the part of it until the list's answer had arrived (Resource Timing); the
 *                                  rest is parsing, React and layout
 *   users.page.change.100          the same at 100 rows a page (and users.page.change.100.fetch)
 *   users.load.<q>.rps             issue 15: the list under load (scripts/bench-lib/load.ts: autocannon, 10
 *                                  connections, 8 s after 2 s of warm-up, one signed URL) as superadmin, req/s,
 *                                  for <q> = page1 (page 1, limit 20), deep (page 2,500), search (search=王) and
 *                                  search.rare (search=u0012); with .latency.p50/.p99 (ms), .cpu (the server's
 *                                  CPU µs per request), .baseline (req/s before issue 15) and .goal (exit 1 under)
 * Each server figure is the median of RUNS requests after WARMUP; each browser figure of PAGE_CHANGES clicks.
 * On its own, USERS_BENCH_DB=<dir> keeps the prepared database there and reuses it on the next run (a copy is
 * served), and USERS_BENCH_ONLY=load skips all but the load figures.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT, startServer, type TestServer } from '../tests/e2e/support/server.ts';
import { apiAccessToken, formSignIn, openBenchPage, signedFetch, signSecret } from './bench-lib/console.ts';
import { type LoadTarget, loadFigures, signedUrl } from './bench-lib/load.ts';
import { figure, median } from './bench-lib/stats.ts';
import { createUsersDb } from './bench-lib/users-db.ts';

export const LIMIT20_BUDGET_MS = 250;
const USERS = 100_000;
const RUNS = 11;
const WARMUP = 2;
const PAGE_CHANGES = 9;
const USER_URL = '/api/system/user/';
/** Issue 15's load figures: the query, req/s measured before the issue (the reference machine), the goal. */
const LOAD: { name: string; query: Record<string, string | number>; baseline: number; goal: number }[] = [
  { name: 'page1', query: { page: 1, limit: 20 }, baseline: 52, goal: 500 },
  { name: 'deep', query: { page: 2500, limit: 20 }, baseline: 29, goal: 500 },
  { name: 'search', query: { page: 1, limit: 20, search: '王' }, baseline: 9.7, goal: 300 },
  { name: 'search.rare', query: { page: 1, limit: 20, search: 'u0012' }, baseline: 4.4, goal: 300 },
];

type Result = { ok: boolean };

/** Median time of RUNS signed GETs of the user list with `query`, after WARMUP; checks the answer's shape. */
async function timeList(
  server: TestServer,
  secret: string,
  token: string,
  query: Record<string, string | number>,
  expectRows: (rows: number, total: number) => boolean,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    const answer = await signedFetch(server, secret, 'GET', USER_URL, { query, token });
    const elapsed = performance.now() - t0;
    const page = answer.data as { data?: unknown[]; total?: number } | null;
    if (answer.code !== 2000 || !Array.isArray(page?.data)) {
      throw new Error(`GET ${USER_URL} ${JSON.stringify(query)}: ${JSON.stringify(answer.msg)}`);
    }
    if (!expectRows(page.data.length, Number(page.total))) {
      throw new Error(`GET ${USER_URL} ${JSON.stringify(query)}: ${page.data.length} rows of ${page.total}`);
    }
    if (run >= WARMUP) times.push(elapsed);
  }
  return median(times);
}

/**
 * Median time of RUNS GETs of the list with `query`, each right after a user was created (a write clears the
 * list's kept counts, chunks and rows: the page is computed from the database again).
 */
async function timeAfterWrite(
  server: TestServer,
  secret: string,
  token: string,
  query: Record<string, string | number>,
  tag: string,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const body = { username: `bench_${tag}_${run}`, name: 'bench' };
    const created = await signedFetch(server, secret, 'POST', USER_URL, { body, token });
    if (created.code !== 2000) throw new Error(`POST ${USER_URL}: ${JSON.stringify(created.msg)}`);
    const t0 = performance.now();
    const answer = await signedFetch(server, secret, 'GET', USER_URL, { query, token });
    times.push(performance.now() - t0);
    if (answer.code !== 2000) throw new Error(`GET ${USER_URL}: ${JSON.stringify(answer.msg)}`);
  }
  return median(times);
}

async function measureLoad(server: TestServer, secret: string, token: string): Promise<Result> {
  let ok = true;
  for (const { name, query, baseline, goal } of LOAD) {
    const target: LoadTarget = {
      name: `users.load.${name}`,
      url: signedUrl(server, secret, USER_URL, query),
      token,
      baseline,
      goal,
    };
    ok = (await loadFigures(server, target)) && ok;
  }
  return { ok };
}

async function measureServer(server: TestServer): Promise<Result> {
  const secret = await signSecret(server);
  const token = await apiAccessToken(server, secret);
  if (process.env.USERS_BENCH_ONLY === 'load') return measureLoad(server, secret, token);
  const all = (n: number) => (rows: number, total: number) => rows === n && total > USERS;
  const limit20 = await timeList(server, secret, token, { page: 1, limit: 20 }, all(20));
  figure('users.list.limit20', limit20, 'ms', 1);
  console.log(`users.list.limit20.budget: ${LIMIT20_BUDGET_MS} ms`);
  figure(
    'users.list.limit999',
    await timeList(server, secret, token, { page: 1, limit: 999 }, all(999)),
    'ms',
    1,
  );
  figure(
    'users.list.deep',
    await timeList(server, secret, token, { page: 2500, limit: 20 }, all(20)),
    'ms',
    1,
  );
  const some = (rows: number, total: number) => rows === 20 && total > 1000 && total < USERS / 4;
  figure(
    'users.list.search',
    await timeList(server, secret, token, { page: 1, limit: 20, search: '王' }, some),
    'ms',
    1,
  );
  const rare = (rows: number, total: number) => rows === 20 && total === 100;
  const rareQuery = { page: 1, limit: 20, search: 'u0012' };
  figure('users.list.search.rare', await timeList(server, secret, token, rareQuery, rare), 'ms', 1);
  const cold = (name: string, query: Record<string, string | number>) =>
    timeAfterWrite(server, secret, token, query, name).then((ms) =>
      figure(`users.list.${name}.cold`, ms, 'ms', 1),
    );
  await cold('limit20', { page: 1, limit: 20 });
  await cold('deep', { page: 2500, limit: 20 });
  await cold('search', { page: 1, limit: 20, search: '王' });
  await cold('search.rare', { page: 1, limit: 20, search: 'u0012' });
  const load = await measureLoad(server, secret, token);
  if (limit20 > LIMIT20_BUDGET_MS) {
    console.error(
      `bench: users.list.limit20 ${limit20.toFixed(1)} ms is over the ${LIMIT20_BUDGET_MS} ms budget`,
    );
    return { ok: false };
  }
  return load;
}

const ROWS = '[data-testid="crud-table-user"] tbody tr[data-row]';

type Change = { total: number; fetch: number };

/**
 * Clicks 下一页 and times, in the page, from the click event to the frame after all rows changed; `fetch`
 * is the part until the list's answer had arrived (Resource Timing), the rest is parsing and rendering.
 */
async function nextPage(page: Page): Promise<Change> {
  await page.evaluate((rowsSelector) => {
    const ids = () => [...document.querySelectorAll(rowsSelector)].map((r) => r.getAttribute('data-row'));
    const before = new Set(ids());
    const w = window as unknown as { __benchPage?: Promise<{ total: number; fetch: number }> };
    w.__benchPage = new Promise((resolve, reject) => {
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      const onClick = async () => {
        window.removeEventListener('click', onClick, true);
        const t0 = performance.now();
        const deadline = t0 + 15_000;
        for (;;) {
          const now = ids();
          if (now.length && now.every((id) => !before.has(id))) break;
          if (performance.now() > deadline) return reject(new Error('the rows did not change'));
          await frame();
        }
        await frame();
        const total = performance.now() - t0;
        const answer = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/system/user/?') && e.startTime >= t0)
          .at(-1) as PerformanceResourceTiming | undefined;
        resolve({ total, fetch: answer ? answer.responseEnd - t0 : Number.NaN });
      };
      window.addEventListener('click', onClick, true);
    });
  }, ROWS);
  await page.getByRole('button', { name: '下一页' }).click();
  return page.evaluate(
    () => (window as unknown as { __benchPage: Promise<{ total: number; fetch: number }> }).__benchPage,
  );
}

async function pageChanges(page: Page, name: string): Promise<void> {
  const changes: Change[] = [];
  for (let i = 0; i < PAGE_CHANGES; i++) changes.push(await nextPage(page));
  figure(name, median(changes.map((c) => c.total)), 'ms', 1);
  figure(`${name}.fetch`, median(changes.map((c) => c.fetch)), 'ms', 1);
}

async function measureBrowser(server: TestServer): Promise<void> {
  let browser: Browser | undefined;
  let stage = 'users.page.change';
  try {
    let page: Page;
    ({ browser, page } = await openBenchPage(15_000));
    await formSignIn(page, server);
    await page.goto(`${server.url}/user`);
    await page.locator(ROWS).first().waitFor({ state: 'visible', timeout: 30_000 });
    await nextPage(page); // warm-up: JIT and layout settle
    await pageChanges(page, 'users.page.change');

    stage = 'users.page.change.100';
    await page.locator('input[aria-label="每页条数"]').click();
    await page.getByRole('option', { name: '100条/页' }).click();
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 100, ROWS);
    await nextPage(page);
    await pageChanges(page, 'users.page.change.100');
    await page.context().close();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`${stage}: n/a (${reason})`);
  } finally {
    await browser?.close();
  }
}

/** Runs the user-list figures against the SPA built in `outDir`; `ok` is false when over a budget. */
export async function runUsersBench(outDir: string, keep?: string): Promise<Result> {
  let dir: string;
  if (keep && existsSync(join(keep, 'pglite'))) {
    dir = join(mkdtempSync(join(tmpdir(), 'xy-bench-users-')), 'pglite');
    cpSync(join(keep, 'pglite'), dir, { recursive: true });
  } else {
    const db = await createUsersDb(USERS);
    console.log(`users.db.users: ${db.users}`);
    figure('users.db.prepare', db.seconds, 's', 1);
    dir = db.dir;
    if (keep) cpSync(db.dir, join(keep, 'pglite'), { recursive: true });
  }
  let server: TestServer | undefined;
  try {
    // No list rate limit: one client's hundreds of requests a second would be refused after 30.
    const env = { WEB_DIR: outDir, DATABASE_URL: dir, LIST_RATE_BURST: '0', ...benchPort() };
    server = await startServer({ env });
    const result = await measureServer(server);
    if (process.env.USERS_BENCH_ONLY !== 'load') await measureBrowser(server);
    return result;
  } finally {
    await server?.stop();
    rmSync(dirname(dir), { recursive: true, force: true });
  }
}

/** BENCH_PORT picks the server's port (a free one by default). */
const benchPort = (): Record<string, string> =>
  process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {};

if (import.meta.url === `file://${process.argv[1]}`) {
  runUsersBench(join(ROOT, '.tmp/bench-dist'), process.env.USERS_BENCH_DB).then(
    (result) => process.exit(result.ok ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
