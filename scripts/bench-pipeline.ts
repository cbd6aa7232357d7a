/**
 * The monitoring pipeline's part of `npm run bench` (issue 13 "Scale"), run by scripts/bench.ts; on its own:
 * `node --import tsx scripts/bench-pipeline.ts`. A PGlite database (the embedded default) prepared through
 * the server's own migrations and seed, plus 50 item filters, 1,000 blacklisted sellers, a phone with a known
 * token and 200,000 stored items; the real server on it (its own process). Prints one figure a line:
 *   pipeline.db.prepare             seconds to build the database (not a product figure)
 *   pipeline.ingest.listings        listings/s through POST /xy/items/ (100 a request, 4 posters, phone token)
 *   pipeline.ingest.stored          of those, items/s stored (the rest: blacklisted or filtered, ~8 %)
 *   pipeline.ingest.stored.goal     the goal for the figure above (5,000 items/s; exit 1 when under)
 *   pipeline.items.list.search      GET /xy/items/?search=Mate 60&limit=20 at 200,000 items as superadmin,
 *                                   request to whole JSON answer on 127.0.0.1, median of 11 after 2 warm-ups
 *   pipeline.items.list.search.rare the same with a term a few hundred items hold
 *   pipeline.items.list.search.goal the goal (50 ms; exit 1 when over)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/index.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed.ts';
import { hashToken } from '../server/modules/pipeline/tokens.ts';
import { signParams } from '../src/contract/sign.ts';
import { startServer, type TestServer } from '../tests/e2e/support/server.ts';
import { apiAccessToken, signedFetch, signSecret } from './bench-lib/console.ts';
import { figure, median } from './bench-lib/stats.ts';

const ITEMS = 200_000;
const FILTERS = 50;
const BLACKLISTED = 1_000;
const LISTINGS = 10_000;
const BATCH = 100;
const POSTERS = 4;
const STORED_GOAL = 5_000;
const SEARCH_GOAL_MS = 50;
const RUNS = 11;
const WARMUP = 2;
const PHONE_TOKEN = 'bench-phone-token-0123456789abcdefghij';

const PRODUCTS = [
  'iPhone 13 128G',
  'iPhone 14 Pro 256G',
  '华为 Mate 60 Pro 12+512G',
  '小米 14 16+512G',
  'MacBook Air M2 8+256G',
  'iPad Pro 11 寸 WLAN 128G',
  'Switch OLED 白色',
  'PS5 光驱版 带双手柄',
  '索尼 WH-1000XM5 黑色',
  'AirPods Pro 2 USB-C 版',
  '佳能 R6 Mark II 单机身',
  '大疆 Mini 4 Pro 畅飞套装',
  '戴森 V12 吸尘器',
  'Kindle Paperwhite 5 8G',
];
const list = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

async function prepare(dir: string): Promise<{ task: number }> {
  const db = await createDatabase({ kind: 'pglite', dir });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const phone = await db
      .insertInto('xy_phone')
      .values({ name: 'bench', serial: 'BENCH-1', token_hash: hashToken(PHONE_TOKEN) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await db
      .insertInto('xy_task')
      .values({ name: 'bench', keywords: JSON.stringify(['iPhone']), phone_id: phone.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 50 filters: most for every task, some for this one; each a few exclude words and a price floor.
    await db
      .insertInto('xy_item_filter')
      .values(
        Array.from({ length: FILTERS }, (_, i) => ({
          name: `filter ${i}`,
          task_id: i % 5 === 0 ? task.id : null,
          exclude_words: JSON.stringify([`违禁${i}`, `badword${i}`, `仅包装盒${i}`]),
          min_price: i === 0 ? 1 : null,
        })),
      )
      .execute();
    await sql`insert into xy_seller (seller_id, name, blacklisted, blacklist_reason)
      select 'bl-' || g, '黑名单卖家 ' || g, true, 'bench' from generate_series(1, ${BLACKLISTED}) g`.execute(
      db,
    );
    // Bulk load: drop the trigram index and build it once afterwards (as a restore would), same definition.
    const index = await sql<{ def: string }>`select indexdef as def from pg_indexes
      where indexname = 'items_search_trgm_idx'`.execute(db);
    await sql`drop index items_search_trgm_idx`.execute(db);
    await sql`insert into items (title, price, seller, url, keywords, time, create_datetime, first_seen, last_seen)
      select (${list(['全新', '99新', '95新', '九成新', '自用'])})[1 + g % 5] || ' ' ||
          (${list(PRODUCTS)})[1 + (g * 5) % ${PRODUCTS.length}] || ' #' || g,
        100 + (g * 37) % 9000, '卖家 ' || (g % 5000), 'https://example.com/seed/' || g, '["bench"]'::jsonb,
        now() - make_interval(secs => ${ITEMS} - g), now() - make_interval(secs => ${ITEMS} - g),
        now() - make_interval(secs => ${ITEMS} - g), now() - make_interval(secs => ${ITEMS} - g)
      from generate_series(1, ${ITEMS}) g`.execute(db);
    await sql.raw(index.rows[0]!.def).execute(db);
    await sql`analyze`.execute(db);
    return { task: task.id };
  } finally {
    await db.destroy();
  }
}

async function post(
  server: TestServer,
  secret: string,
  body: unknown[],
): Promise<{ code: number; data: unknown }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signParams(secret, {}, timestamp);
  const res = await fetch(`${server.url}/xy/items/?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${PHONE_TOKEN}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: unknown };
}

async function ingestBench(server: TestServer, secret: string, task: number): Promise<boolean> {
  const batches: unknown[][] = [];
  for (let b = 0; b < LISTINGS / BATCH; b++) {
    batches.push(
      Array.from({ length: BATCH }, (_, i) => {
        const n = b * BATCH + i;
        const roll = n % 25;
        return {
          title: `${roll === 1 ? '违禁3 ' : ''}九成新 ${PRODUCTS[n % PRODUCTS.length]} bench ${n}`,
          price: 500 + (n % 5000),
          seller: roll === 2 ? `黑名单卖家 ${1 + (n % BLACKLISTED)}` : `卖家 ${n % 300}`,
          seller_id: roll === 2 ? `bl-${1 + (n % BLACKLISTED)}` : `s-${n % 300}`,
          url: `https://example.com/bench/${n}`,
          keywords: ['iPhone'],
          task,
        };
      }),
    );
  }
  // warm-up batch (compiles the rules, warms the plans)
  await post(server, secret, [{ title: 'warm-up', price: 1, url: 'https://example.com/bench/warm', task }]);
  let next = 0;
  let stored = 0;
  let listings = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: POSTERS }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const reply = await post(server, secret, batch);
        if (reply.code !== 2000) throw new Error(`ingest refused: ${JSON.stringify(reply)}`);
        const verdicts = reply.data as { verdict: string }[];
        stored += verdicts.filter((v) => v.verdict === 'stored').length;
        listings += verdicts.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  figure('pipeline.ingest.listings', listings / seconds, 'items/s', 0);
  figure('pipeline.ingest.stored', stored / seconds, 'items/s', 0);
  figure('pipeline.ingest.stored.goal', STORED_GOAL, 'items/s', 0);
  return stored / seconds >= STORED_GOAL;
}

async function timeSearch(
  server: TestServer,
  secret: string,
  token: string,
  search: string,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    const answer = await signedFetch(server, secret, 'GET', '/xy/items/', {
      query: { page: 1, limit: 20, search },
      token,
    });
    const elapsed = performance.now() - t0;
    const page = answer.data as { data?: unknown[]; total?: number } | null;
    if (answer.code !== 2000 || !page?.data?.length) {
      throw new Error(`GET /xy/items/?search=${search}: ${JSON.stringify(answer.msg)} (${page?.total} rows)`);
    }
    if (run >= WARMUP) times.push(elapsed);
  }
  return median(times);
}

export async function runPipelineBench(): Promise<{ ok: boolean }> {
  const parent = mkdtempSync(join(tmpdir(), 'xy-bench-pipeline-'));
  const dir = join(parent, 'pglite');
  const t0 = performance.now();
  const { task } = await prepare(dir);
  figure('pipeline.db.prepare', (performance.now() - t0) / 1000, 's', 1);
  let server: TestServer | undefined;
  try {
    server = await startServer({ env: { DATABASE_URL: dir, LOG_LEVEL: 'warn' }, startTimeoutMs: 300_000 });
    const secret = await signSecret(server);
    const token = await apiAccessToken(server, secret);
    const search = await timeSearch(server, secret, token, 'Mate 60');
    const rare = await timeSearch(server, secret, token, '#19999');
    figure('pipeline.items.list.search', search, 'ms');
    figure('pipeline.items.list.search.rare', rare, 'ms');
    figure('pipeline.items.list.search.goal', SEARCH_GOAL_MS, 'ms', 0);
    const ingestOk = await ingestBench(server, secret, task);
    return { ok: ingestOk && search < SEARCH_GOAL_MS && rare < SEARCH_GOAL_MS };
  } finally {
    await server?.stop();
    rmSync(parent, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPipelineBench().then(
    (result) => process.exit(result.ok ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
