/**
 * The live feed's and the messages' part of `npm run bench` (issue 5), run by scripts/bench.ts on the built SPA.
 * One real server on a free 127.0.0.1 port, its PGlite database prepared with 1,000 unread messages for the
 * user `test` (scripts/bench-lib/message-seed.ts); headless Chromium signed in as superadmin on the workbench.
 * Prints one figure a line as `<name>: <value> <unit>`:
 *   feed.ingest.items            items pushed: 10,000 unless the 60 s bound of the push stopped it first
 *   feed.ingest.rate             10,000 items POSTed to /xy/items/ with the ingest token, 100 per request (the
 *                                ingest's largest batch, its fastest rate) from 8 concurrent posters: items the
 *                                server accepted per second, while the workbench watched
 *   feed.render.rate             items per second the workbench rendered: from the first change of its 今日
 *                                count to the count showing all 10,000, in the page (bounded by the ingest
 *                                rate; feed.render.lag says whether the page kept up)
 *   feed.render.lag              the server's answer to the last POST → the count showing every item, ms
 *   feed.render.rows.mounted     distinct item rows that entered the DOM during the push (React renders each
 *                                `items` event, so with 100 per event only the newest 50 of each get a row)
 *   feed.frames.dropped          frames missed during the push (a gap of k frame times misses k − 1; the frame
 *                                time is the median gap while idle), with their share of the frames due;
 *                                feed.frames.dropped.idle the same over the 2 s before the push (a baseline:
 *                                on a busy machine frames drop with nothing to render)
 *   feed.frames.gap.max          the longest gap between two animation frames during the push, ms
 *   feed.longtask.max/count      the longest task (PerformanceObserver `longtask`) and the number of tasks over
 *                                50 ms during the push
 *   feed.rows.end                item rows in the DOM after the push; feed.rows.budget the bound (exit 1 when
 *                                over it, or when the count never showed every item, or the newest row is not
 *                                the last item pushed)
 *   feed.heap.before/after       used JS heap after a forced GC before and after the push; feed.heap.growth the
 *                                difference, MB
 *   feed.ingest.rate.single      items per second the server accepts one per POST (as demo-feed and a plain
 *                                scraper send them), 8 concurrent posters for 3 s, no browser watching
 *   message.get.rps              GET /xy/message/get_message/?limit=1&page=1&status=0 (signed) as the console
 *                                polls it, as `test` with 1,000 unread messages: autocannon, 10 connections,
 *                                10 s after a 2 s warm-up, median of the per-second request counts
 *   message.get.latency.p50/p99  latency of those requests, ms
 *   message.get.non2xx           non-2xx answers, envelopes whose code is not 2000, socket errors and timeouts
 *                                (exit 1 unless 0)
 * Run on its own with `node --import tsx scripts/bench-feed.ts [outDir]` against an existing build
 * (default .tmp/bench-dist, see scripts/bench.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import autocannon from 'autocannon';
import { signParams } from '../src/contract/sign.ts';
import { FEED_DISPLAY_LIMIT } from '../src/ui/feed/live.ts';
import { apiIngest, apiSignIn } from '../tests/e2e/support/api.ts';
import { ROOT, startServer, type TestServer } from '../tests/e2e/support/server.ts';
import { formSignIn, openBenchPage, signSecret, usedHeap } from './bench-lib/console.ts';
import {
  type FeedProbeRecord,
  feedProbeDone,
  frameStats,
  frameTime,
  installFeedProbe,
  readFeedProbe,
  setFeedProbeTarget,
} from './bench-lib/feed-probe.ts';
import { prepareMessagesDatabase } from './bench-lib/message-seed.ts';
import { figure } from './bench-lib/stats.ts';

const INGEST_TOKEN = 'bench-ingest-token-0123456789abcdef';
type PushPlan = { count: number; batch: number; posters: number; seconds?: number };
/**
 * The feed bench: 10,000 items, 100 per POST (the ingest's largest batch, its fastest rate), 8 posters; at
 * most 60 s (the figures then cover the items pushed by then).
 */
const PUSH: PushPlan = { count: 10_000, batch: 100, posters: 8, seconds: 60 };
/** The ingest one item per POST (what demo-feed and a plain scraper send), for a bounded time. */
const SINGLE: PushPlan = { count: 10_000, batch: 1, posters: 8, seconds: 3 };
const ITEMS = PUSH.count;
const MESSAGES = 1_000;
/** The operator whose 1,000 unread messages are polled (a seeded user with the 用户 role). */
const MESSAGE_USER = 'test';
const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** How long the page may take to show every item after the last POST was answered. */
const RENDER_TIMEOUT_MS = 30_000;
/** Frames watched before the push. */
const IDLE_MS = 2_000;
const MB = 1024 * 1024;

type Result = { ok: boolean };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

const KEYWORDS = ['相机', '键盘', '显卡', '耳机', '手表', '镜头', '主板', '显示器'];

/** A plausible scraped item; numbered so every one is new. */
function benchItem(n: number) {
  return {
    title: `基准商品 ${n} ${KEYWORDS[n % KEYWORDS.length]} 九成新 包邮`,
    price: 50 + ((n * 37) % 5000) + 0.5,
    seller: `卖家${n % 97}`,
    url: `https://example.test/item/${n}`,
    keywords: [KEYWORDS[n % KEYWORDS.length] as string, '基准'],
  };
}

type Pushed = { items: number; seconds: number; lastAnsweredEpoch: number; lastId: number };

/**
 * POSTs items from `posters` concurrent loops, as fast as the server answers, `batch` per request (a list; one
 * item is sent as an object, as demo-feed does), until `count` items or `seconds` have gone.
 */
async function pushItems(
  server: TestServer,
  secret: string,
  { count, batch, posters, seconds = Number.POSITIVE_INFINITY }: PushPlan,
): Promise<Pushed> {
  let next = 0;
  let lastId = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const poster = async () => {
    while (next < count && performance.now() < deadline) {
      const first = next;
      next = Math.min(count, next + batch);
      const items = Array.from({ length: next - first }, (_, i) => benchItem(first + i));
      const data = await apiIngest(server, INGEST_TOKEN, batch === 1 ? (items[0] as object) : items, secret);
      const stored = (Array.isArray(data) ? data : [data]) as { id?: number }[];
      for (const item of stored) lastId = Math.max(lastId, Number(item?.id ?? 0));
    }
  };
  await Promise.all(Array.from({ length: posters }, poster));
  return { items: next, seconds: (performance.now() - t0) / 1000, lastAnsweredEpoch: Date.now(), lastId };
}

/** Reads the number the workbench's 今日 card shows. */
async function todayCount(page: Page): Promise<number> {
  const locator = page.getByTestId('feed-today');
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector('[data-testid="feed-today"]')?.textContent ?? ''),
    undefined,
    { timeout: 30_000 },
  );
  return Number(await locator.textContent());
}

async function measureFeed(server: TestServer, secret: string): Promise<Result> {
  let browser: Browser | undefined;
  try {
    let page: Page;
    ({ browser, page } = await openBenchPage(30_000));
    await formSignIn(page, server);
    if (new URL(page.url()).pathname !== '/index') await page.goto(`${server.url}/index`);
    await page.locator('[data-testid="feed-connection"][data-state="connected"]').waitFor();
    const before = await todayCount(page);
    await page.waitForTimeout(500);
    const heapBefore = await usedHeap(page);

    await page.evaluate(installFeedProbe, before + ITEMS);
    await page.waitForTimeout(IDLE_MS); // idle frames: the display's frame time, and a baseline
    const pushStart = await page.evaluate(() => performance.now());
    const pushed = await pushItems(server, secret, PUSH);
    if (pushed.items < ITEMS) await page.evaluate(setFeedProbeTarget, before + pushed.items);
    const done = await page
      .waitForFunction(feedProbeDone, undefined, { timeout: RENDER_TIMEOUT_MS, polling: 100 })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(300);
    const record: FeedProbeRecord = await page.evaluate(readFeedProbe);
    await page.waitForTimeout(200);
    const heapAfter = await usedHeap(page);
    await page.context().close();

    console.log(`feed.ingest.items: ${pushed.items} items in ${pushed.seconds.toFixed(1)} s`);
    figure('feed.ingest.rate', pushed.items / pushed.seconds, 'items/s', 0);
    const idle = record.frames.filter((t) => t < pushStart);
    const frameMs = frameTime(idle);
    const baseline = frameStats(idle, idle[0] ?? 0, pushStart, frameMs);
    const first = record.counts.find(([, value]) => value > before);
    const last = record.counts.at(-1);
    const end = record.doneAt ?? last?.[0] ?? pushStart;
    if (done && first && last && record.doneAt !== null && record.doneEpoch !== null) {
      const seconds = Math.max(0.001, (record.doneAt - first[0]) / 1000);
      figure('feed.render.rate', (last[1] - before) / seconds, 'items/s', 0);
      figure('feed.render.lag', record.doneEpoch - pushed.lastAnsweredEpoch, 'ms', 0);
    } else {
      console.log(
        `feed.render.rate: n/a (the count showed ${(last?.[1] ?? before) - before} of ${pushed.items} items ` +
          `${RENDER_TIMEOUT_MS / 1000} s after the last POST)`,
      );
    }
    console.log(`feed.render.rows.mounted: ${record.rowsMounted} rows`);
    const frames = frameStats(record.frames, first?.[0] ?? pushStart, end, frameMs);
    console.log(
      `feed.frames.dropped: ${frames.dropped} frames (${((100 * frames.dropped) / frames.expected).toFixed(1)} % ` +
        `of ${frames.expected}, frame time ${frameMs.toFixed(1)} ms)`,
    );
    console.log(
      `feed.frames.dropped.idle: ${baseline.dropped} frames (${((100 * baseline.dropped) / baseline.expected).toFixed(1)} % ` +
        `of ${baseline.expected}, the ${IDLE_MS / 1000} s before the push: what the machine's load costs)`,
    );
    figure('feed.frames.gap.max', frames.longestGap, 'ms', 0);
    if (record.longTaskSupported) {
      const tasks = record.longTasks.filter((task) => task.start + task.duration >= pushStart);
      figure('feed.longtask.max', Math.max(0, ...tasks.map((task) => task.duration)), 'ms', 0);
      console.log(`feed.longtask.count: ${tasks.length} tasks`);
    } else {
      console.log('feed.longtask.max: n/a (no longtask entries in this browser)');
    }
    console.log(`feed.rows.end: ${record.rowsNow} rows`);
    console.log(`feed.rows.budget: ${FEED_DISPLAY_LIMIT} rows`);
    figure('feed.heap.before', heapBefore / MB, 'MB');
    figure('feed.heap.after', heapAfter / MB, 'MB');
    figure('feed.heap.growth', (heapAfter - heapBefore) / MB, 'MB');

    let ok = true;
    if (!done) {
      console.error(`bench: the workbench did not show all ${pushed.items} pushed items`);
      ok = false;
    } else if (record.topId !== String(pushed.lastId)) {
      console.error(`bench: the newest row is ${record.topId}, not the last item pushed (${pushed.lastId})`);
      ok = false;
    }
    if (record.rowsNow > FEED_DISPLAY_LIMIT) {
      console.error(`bench: feed.rows.end ${record.rowsNow} is over the ${FEED_DISPLAY_LIMIT}-row bound`);
      ok = false;
    }
    return { ok };
  } catch (error) {
    console.log(`feed.render.rate: n/a (${reasonOf(error)})`);
    return { ok: false };
  } finally {
    await browser?.close();
  }
}

/** One item per POST, for a few seconds, on the warmed-up server (no browser watching). */
async function measureSingleIngest(server: TestServer, secret: string): Promise<void> {
  try {
    const single = await pushItems(server, secret, SINGLE);
    figure('feed.ingest.rate.single', single.items / single.seconds, 'items/s', 0);
  } catch (error) {
    console.log(`feed.ingest.rate.single: n/a (${reasonOf(error)})`);
  }
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measureMessages(server: TestServer, secret: string): Promise<Result> {
  try {
    const { access } = await apiSignIn(server, MESSAGE_USER);
    const query = { limit: '1', page: '1', status: '0' };
    const timestamp = Math.floor(Date.now() / 1000); // one signature: valid for SIGN_MAX_SKEW_SECONDS
    const sign = signParams(secret, query, timestamp);
    const url = `${server.url}/xy/message/get_message/?${new URLSearchParams(query)}&timestamp=${timestamp}&sign=${sign}`;
    const headers = { authorization: `JWT ${access}` };
    const check = (await (await fetch(url, { headers })).json()) as {
      code: number;
      msg: unknown;
      data?: { total?: number; data?: unknown[] };
    };
    if (check.code !== 2000) throw new Error(`get_message: ${check.code} ${JSON.stringify(check.msg)}`);
    if (check.data?.total !== MESSAGES || check.data.data?.length !== 1) {
      throw new Error(`get_message: ${check.data?.total} unread, ${check.data?.data?.length} rows`);
    }
    const ok = (body: string | Buffer | undefined) => String(body ?? '').startsWith('{"code":2000,');
    await load({ url, headers, connections: LOAD_CONNECTIONS, duration: WARMUP_SECONDS, verifyBody: ok });
    const result = await load({
      url,
      headers,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      verifyBody: ok,
    });
    const failed = result.non2xx + result.mismatches + result.errors + result.timeouts;
    figure('message.get.rps', result.requests.p50, 'req/s', 0);
    figure('message.get.latency.p50', result.latency.p50, 'ms', 1);
    figure('message.get.latency.p99', result.latency.p99, 'ms', 1);
    console.log(`message.get.non2xx: ${failed} responses`);
    if (failed > 0) {
      console.error(
        `bench: get_message answered ${result.non2xx} non-2xx, ${result.mismatches} bad envelopes, ` +
          `${result.errors} errors, ${result.timeouts} timeouts`,
      );
      return { ok: false };
    }
    return { ok: true };
  } catch (error) {
    console.log(`message.get.rps: n/a (${reasonOf(error)})`);
    return { ok: false };
  }
}

/** Runs the feed and message figures; `ok` is false when the list is unbounded or a request failed. */
export async function runFeedBench(outDir: string): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'xy-bench-feed-'));
  let server: TestServer | undefined;
  try {
    // One server for both parts, on a database that already holds the messages (bench-lib/message-seed.ts).
    await prepareMessagesDatabase(join(dir, 'pglite'), MESSAGE_USER, MESSAGES);
    // The poll carries `page`/`limit`: past the per-user list bucket (30) it would be refused (issue 12).
    server = await startServer({
      env: { WEB_DIR: outDir, INGEST_TOKEN, DATABASE_URL: join(dir, 'pglite'), LIST_RATE_BURST: '0' },
    });
    const secret = await signSecret(server);
    const feed = await measureFeed(server, secret);
    await measureSingleIngest(server, secret);
    const messages = await measureMessages(server, secret);
    return { ok: feed.ok && messages.ok };
  } catch (error) {
    console.log(`feed.render.rate: n/a (${reasonOf(error)})`);
    console.log(`message.get.rps: n/a (${reasonOf(error)})`);
    return { ok: false };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  runFeedBench(process.argv[2] ?? join(ROOT, '.tmp/bench-dist'))
    .then((result) => process.exit(result.ok ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
