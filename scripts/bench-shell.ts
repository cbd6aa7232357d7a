/**
 * The shell's part of `npm run bench` (issue "The shell"), run by scripts/bench.ts after the login figures.
 * Prints one median a line as `<name>: <value> <unit>`:
 *   shell.routes.build.2000        buildRoutes + buildAsideMenu + buildSearchIndex over a generated 2,000-entry
 *                                  web_router (scripts/bench-lib/menus.ts), in node, ms; then each part
 *   shell.routes.build.budget      its budget (exit 1 when over)
 *   shell.search.keystroke         one keystroke's filter (searchIndex) over that index, typing realistic
 *                                  queries a character at a time, ms
 *   shell.search.keystroke.budget  its budget (exit 1 when over)
 *   shell.tabs.switch.30           headless Chromium, real server: 30 pages open as tabs, click a tab →
 *                                  the second frame after the URL and the active tab changed, ms
 *   shell.tabs.heap.before/after   used JS heap after a forced GC before and after opening and closing
 *                                  200 tabs; shell.tabs.heap.growth the difference, MB
 *   shell.cold.ready               a signed-in user opens /index in a fresh browser context (session cookies,
 *                                  empty cache): navigation → the side menu painted, median of 5, ms; with
 *                                  shell.cold.requests and shell.cold.transferred (KB) until then — what every
 *                                  new tab and every browser test pays (the chunking in vite.config.ts)
 */
import type { Browser, Page } from '@playwright/test';
import { buildAsideMenu, buildRoutes } from '../src/machines/routeGuard/menus.ts';
import { buildSearchIndex, searchIndex } from '../src/machines/search/searchIndex.ts';
import { addSessionCookies, apiSignIn } from '../tests/e2e/support/api.ts';
import { startServer, type TestServer } from '../tests/e2e/support/server.ts';
import {
  apiAccessToken,
  formSignIn,
  openBenchPage,
  SHELL_PROBE,
  shellPainted,
  signedFetch,
  signSecret,
  usedHeap,
} from './bench-lib/console.ts';
import { generateWebRouter } from './bench-lib/menus.ts';
import { figure, median } from './bench-lib/stats.ts';

export const ROUTES_BUDGET_MS = 50;
export const KEYSTROKE_BUDGET_MS = 16;
const BUILD_RUNS = 30;
const BUILD_WARMUP = 5;
const KEYSTROKE_ROUNDS = 20;
/** What an operator types into the spotlight: a Chinese name, a path fragment, a latin word with a typo. */
const QUERIES = ['用户管理', 'order/list', 'warehose'];
const TAB_PAGES = 30;
const SWITCHES = 60;
const HEAP_CYCLES = 200;
const MB = 1024 * 1024;
const COLD_RUNS = 5;

type Result = { ok: boolean };

function measurePure(): Result {
  const { records } = generateWebRouter(2000);
  const consoleEntry = { title: '控制台', path: '/index', icon: 'home' };
  const routes: number[] = [];
  const aside: number[] = [];
  const search: number[] = [];
  const total: number[] = [];
  let sink = 0;
  for (let run = 0; run < BUILD_WARMUP + BUILD_RUNS; run++) {
    const t0 = performance.now();
    sink += buildRoutes(records).length;
    const t1 = performance.now();
    sink += buildAsideMenu(records).length;
    const t2 = performance.now();
    sink += buildSearchIndex(records, { console: consoleEntry }).length;
    const t3 = performance.now();
    if (run < BUILD_WARMUP) continue;
    routes.push(t1 - t0);
    aside.push(t2 - t1);
    search.push(t3 - t2);
    total.push(t3 - t0);
  }
  const index = buildSearchIndex(records, { console: consoleEntry });
  const keystrokes: number[] = [];
  for (let round = 0; round < KEYSTROKE_ROUNDS; round++) {
    for (const query of QUERIES) {
      for (let i = 1; i <= query.length; i++) {
        const t0 = performance.now();
        sink += searchIndex(index, query.slice(0, i), 50).length;
        keystrokes.push(performance.now() - t0);
      }
    }
  }
  if (sink < 0) console.log(sink); // keep the results alive
  const build = median(total);
  const keystroke = median(keystrokes);
  figure('shell.routes.build.2000', build, 'ms');
  figure('shell.routes.build.2000.routes', median(routes), 'ms');
  figure('shell.routes.build.2000.menu', median(aside), 'ms');
  figure('shell.routes.build.2000.search', median(search), 'ms');
  console.log(`shell.routes.build.budget: ${ROUTES_BUDGET_MS} ms`);
  figure('shell.search.keystroke', keystroke, 'ms', 3);
  console.log(`shell.search.keystroke.budget: ${KEYSTROKE_BUDGET_MS} ms`);
  let ok = true;
  if (build > ROUTES_BUDGET_MS) {
    console.error(
      `bench: shell.routes.build.2000 ${build.toFixed(2)} ms is over the ${ROUTES_BUDGET_MS} ms budget`,
    );
    ok = false;
  }
  if (keystroke > KEYSTROKE_BUDGET_MS) {
    console.error(
      `bench: shell.search.keystroke ${keystroke.toFixed(3)} ms is over the ${KEYSTROKE_BUDGET_MS} ms budget`,
    );
    ok = false;
  }
  return { ok };
}

type BenchPage = { name: string; path: string };

async function createPages(server: TestServer): Promise<BenchPage[]> {
  const secret = await signSecret(server);
  const access = await apiAccessToken(server, secret);
  const pages: BenchPage[] = [];
  for (let i = 0; i < TAB_PAGES; i++) {
    const n = String(i + 1).padStart(2, '0');
    const page = { name: `基准页${n}`, path: `/bench${n}` };
    const created = await signedFetch(server, secret, 'POST', '/api/system/menu/', {
      token: access,
      body: {
        name: page.name,
        icon: 'file',
        sort: 100 + i,
        web_path: page.path,
        component: 'demo/notes/index',
        component_name: `bench${n}`,
        cache: i % 3 === 0,
        is_catalog: false,
        is_link: false,
        visible: true,
        status: true,
      },
    });
    if (created.code !== 2000) throw new Error(`create menu ${page.path}: ${JSON.stringify(created.msg)}`);
    pages.push(page);
  }
  return pages;
}

const tabSelector = (path: string) => `[role="tablist"] [role="tab"][data-key="${path}"]`;

/** Clicks the side-menu entry for `path` and waits for its tab to be the active one. */
async function openTab(page: Page, path: string): Promise<void> {
  await page.locator(`nav a[href="${path}"]`).first().click();
  await page.waitForSelector(`${tabSelector(path)}[aria-selected="true"]`, { timeout: 15_000 });
}

/** Click a tab (a real mouse click) and time, in the page, from the click event to the second frame after. */
async function switchTo(page: Page, path: string): Promise<number> {
  await page.evaluate(
    ({ path, selector }) => {
      const w = window as unknown as { __benchSwitch?: Promise<number> };
      w.__benchSwitch = new Promise<number>((resolve, reject) => {
        const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
        const onClick = async () => {
          window.removeEventListener('click', onClick, true);
          const t0 = performance.now();
          const deadline = t0 + 10_000;
          for (;;) {
            const tab = document.querySelector(selector);
            if (location.pathname === path && tab?.getAttribute('aria-selected') === 'true') break;
            if (performance.now() > deadline) return reject(new Error(`tab ${path} did not activate`));
            await frame();
          }
          await frame();
          await frame();
          resolve(performance.now() - t0);
        };
        window.addEventListener('click', onClick, true);
      });
    },
    { path, selector: tabSelector(path) },
  );
  await page.locator(tabSelector(path)).click();
  return page.evaluate(() => (window as unknown as { __benchSwitch: Promise<number> }).__benchSwitch);
}

/** Opens `path` from the side menu and closes its tab again, in the page (no driver round trips). */
async function openAndCloseInPage(page: Page, paths: string[], cycles: number): Promise<void> {
  await page.evaluate(
    async ({ paths, cycles }) => {
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      const until = async (test: () => boolean, what: string) => {
        const deadline = performance.now() + 10_000;
        while (!test()) {
          if (performance.now() > deadline) {
            const tabs = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map(
              (t) => `${t.getAttribute('data-key')}${t.getAttribute('aria-selected') === 'true' ? '*' : ''}`,
            );
            throw new Error(`timed out: ${what} (at ${location.pathname}; tabs ${tabs.join(' ')})`);
          }
          await frame();
        }
      };
      const tab = (path: string) =>
        document.querySelector<HTMLElement>(`[role="tablist"] [role="tab"][data-key="${path}"]`);
      for (let i = 0; i < cycles; i++) {
        const path = paths[i % paths.length] as string;
        const link = document.querySelector<HTMLElement>(`nav a[href="${path}"]`);
        if (!link) throw new Error(`no side-menu link to ${path}`);
        link.click();
        await until(() => tab(path)?.getAttribute('aria-selected') === 'true', `open ${path}`);
        const close = tab(path)?.querySelector<HTMLElement>('[data-testid="tab-close"]');
        if (!close) throw new Error(`no × on the tab of ${path}`);
        close.click();
        await until(() => tab(path) === null, `close ${path}`);
      }
    },
    { paths, cycles },
  );
}

/**
 * The tab limit (20 by default, the index tab included) raised as a user does, in the theme dialog's 布局
 * section, so that TAB_PAGES pages stay open; the user's saved preferences are restored first (a change
 * before is ignored).
 */
async function raiseTabLimit(page: Page, limit: number): Promise<void> {
  await page.locator('html[data-theme]').waitFor({ state: 'attached' });
  await page.getByTestId('header-theme').click();
  const field = page.getByTestId('layout-settings').getByLabel('最多打开的标签页');
  await field.fill(String(limit));
  await field.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('layout-settings').waitFor({ state: 'hidden' });
}

async function measureTabs(outDir: string): Promise<void> {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let stage: 'switch' | 'heap' = 'switch';
  try {
    server = await startServer({ env: { WEB_DIR: outDir } });
    const pages = await createPages(server);
    let page: Page;
    ({ browser, page } = await openBenchPage(15_000));
    await formSignIn(page, server);
    const bar = await page
      .locator('[role="tablist"]')
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!bar) {
      console.log('shell.tabs.switch.30: n/a (no tab bar [role=tablist] in the signed-in shell)');
      console.log('shell.tabs.heap.growth: n/a (no tab bar)');
      return;
    }
    await raiseTabLimit(page, TAB_PAGES + 1);
    for (const p of pages) await openTab(page, p.path);
    const open = await page.locator('[role="tablist"] [role="tab"]').count();
    if (open < TAB_PAGES) throw new Error(`only ${open} tabs open after opening ${TAB_PAGES} pages`);
    const times: number[] = [];
    let at = 0;
    for (let i = 0; i < SWITCHES; i++) {
      at = (at + 7) % pages.length; // jump around the bar, never to the same tab
      times.push(await switchTo(page, (pages[at] as BenchPage).path));
    }
    figure('shell.tabs.switch.30', median(times), 'ms', 1);

    // Heap: back to the console tab alone, GC, then 200 open/close cycles through the 30 pages, GC again.
    stage = 'heap';
    await page.locator('[role="tab"][data-key="/index"]').first().click();
    for (const p of pages) {
      const close = page.locator(`${tabSelector(p.path)} [data-testid="tab-close"]`);
      if (await close.count()) await close.click();
    }
    await page.waitForFunction(() => document.querySelectorAll('[role="tablist"] [role="tab"]').length === 1);
    const before = await usedHeap(page);
    await openAndCloseInPage(
      page,
      pages.map((p) => p.path),
      HEAP_CYCLES,
    );
    await page.waitForTimeout(500);
    const after = await usedHeap(page);
    figure('shell.tabs.heap.before', before / MB, 'MB');
    figure('shell.tabs.heap.after200', after / MB, 'MB');
    figure('shell.tabs.heap.growth', (after - before) / MB, 'MB');
    await page.context().close();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    if (stage === 'switch') console.log(`shell.tabs.switch.30: n/a (${reason})`);
    console.log(`shell.tabs.heap.growth: n/a (${reason})`);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

/** Cold loads of the signed-in console: fresh contexts holding a session, one warm-up, then COLD_RUNS. */
async function measureColdShell(outDir: string): Promise<void> {
  const server = await startServer({ env: { WEB_DIR: outDir } });
  const { browser } = await openBenchPage();
  try {
    const loads: { ready: number; requests: number; bytes: number }[] = [];
    for (let run = 0; run <= COLD_RUNS; run++) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
      await addSessionCookies(context, server, await apiSignIn(server));
      await context.addInitScript(SHELL_PROBE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let requests = 0;
      let bytes = 0;
      cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
        requests += 1;
        bytes += event.encodedDataLength;
      });
      await page.goto(`${server.url}/index`, { waitUntil: 'commit' });
      const ready = await shellPainted(page);
      if (run > 0) loads.push({ ready, requests, bytes });
      await context.close();
    }
    figure('shell.cold.ready', median(loads.map((l) => l.ready)), 'ms', 0);
    figure('shell.cold.requests', median(loads.map((l) => l.requests)), 'requests', 0);
    figure('shell.cold.transferred', median(loads.map((l) => l.bytes)) / 1024, 'KB', 0);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Runs the shell figures; `ok` is false when a measured median is over its budget. */
export async function runShellBench(outDir: string): Promise<Result> {
  const result = measurePure();
  await measureColdShell(outDir);
  await measureTabs(outDir);
  return result;
}
