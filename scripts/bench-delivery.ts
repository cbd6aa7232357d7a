/**
 * Webhook delivery on the embedded database (issue 14), printed as `<name>: <value> <unit>`:
 *   delivery.rate            deliveries/s accepted by a local receiver (json type, signed), from the first to the
 *                            kill, with the server's worker draining a prepared outbox (5 customers × 2,000 items)
 *   delivery.rate.total      the same over the whole run, restart included
 *   delivery.restart.ms      from the restart's spawn to the last delivery
 *   delivery.unique          distinct X-Delivery-Id accepted (must equal delivery.expected)
 *   delivery.redelivered     deliveries accepted again under the same id after the kill -9 (in flight when
 *                            killed: the receiver dedupes them by X-Delivery-Id; never a second id)
 *   delivery.ids.per.pair    distinct ids per (customer, item) seen: always 1
 * The receiver fails 1 % of deliveries once (HTTP 500), so those are retried. The server is killed with
 * SIGKILL halfway and started again on the same PGlite directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/index.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/db/seed.ts';
import { enqueueItemPushes } from '../server/modules/push/outbox.ts';
import { writeWebhookSettings } from '../server/modules/push/settings.ts';

const CUSTOMERS = 5;
const ITEMS = 2000;
const EXPECTED = CUSTOMERS * ITEMS;

export async function runDeliveryBench(): Promise<{ ok: boolean }> {
  const lines: string[] = [];
  const print = (name: string, value: number | string, unit = '') => {
    const line = `${name}: ${value}${unit ? ` ${unit}` : ''}`;
    console.log(line);
    lines.push(line);
  };
  const dir = mkdtempSync(join(tmpdir(), 'xy-bench-delivery-'));
  const accepted = new Map<string, number>();
  const pairs = new Map<string, Set<string>>();
  const failedOnce = new Set<string>();
  let firstAt = 0;
  let lastAt = 0;
  let killedAt = 0;
  let acceptedAtKill = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['x-delivery-id']);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        item: { id: number };
        customer: { id: number };
      };
      const pair = `${body.customer.id}:${body.item.id}`;
      if (!pairs.has(pair)) pairs.set(pair, new Set());
      pairs.get(pair)!.add(id);
      // 1 % fail once: a stable choice per id.
      if (Number.parseInt(id.slice(0, 4), 16) % 100 === 0 && !failedOnce.has(id)) {
        failedOnce.add(id);
        res.writeHead(500).end('try again');
        return;
      }
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      lastAt = performance.now();
      if (!firstAt) firstAt = lastAt;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // Prepare the outbox with the worker off: a task, customers subscribed to it, items, their pushes.
  const dbDir = join(dir, 'pglite');
  const db = await createDatabase({ kind: 'pglite', dir: dbDir });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await writeWebhookSettings(db, { timeout_ms: 5000, max_attempts: 5, backoff_base_ms: 200 });
  const { id: task } = await db
    .insertInto('xy_task')
    .values({ name: 'bench', keywords: '["bench"]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let c = 0; c < CUSTOMERS; c++) {
    const { id } = await db
      .insertInto('xy_customer')
      .values({
        name: `bench ${c}`,
        webhook_url: url,
        webhook_secret: `secret-${c}`,
        api_key_hash: `bench-${c}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('xy_customer_task').values({ customer_id: id, task_id: task }).execute();
  }
  for (let i = 0; i < ITEMS; i += 500) {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('items')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            title: `bench item ${i + k}`,
            price: 100,
            url: `https://example.com/bench/${i + k}`,
            keywords: '[]',
            task_id: task,
          })),
        )
        .returning(['id', 'task_id'])
        .execute();
      await enqueueItemPushes(trx, rows);
    });
  }
  const { rows: queued } = await sql<{ n: number }>`select count(*)::int as n from xy_push`.execute(db);
  await db.destroy();

  const env = {
    ...process.env,
    DATABASE_URL: dbDir,
    DATA_DIR: dir,
    WEB_DIR: join(dir, 'dist'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    PUSH_CONCURRENCY: process.env.PUSH_CONCURRENCY ?? '64',
  };
  const startServer = () =>
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const waitFor = async (done: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };

  let child: ChildProcess = startServer();
  await waitFor(() => accepted.size >= EXPECTED / 2, 300_000);
  child.kill('SIGKILL');
  killedAt = performance.now();
  acceptedAtKill = accepted.size;
  await new Promise((r) => child.once('exit', r));
  const restartAt = performance.now();
  child = startServer();
  await waitFor(() => accepted.size >= EXPECTED, 300_000);
  const doneAt = lastAt;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  receiver.close();
  rmSync(dir, { recursive: true, force: true });

  const redelivered = [...accepted.values()].reduce((s, n) => s + n - 1, 0);
  print('delivery.expected', Number(queued[0]?.n ?? 0));
  print('delivery.rate', Math.round(acceptedAtKill / ((killedAt - firstAt) / 1000)), 'deliveries/s');
  print(
    'delivery.rate.total',
    Math.round(EXPECTED / ((doneAt - firstAt) / 1000)),
    'deliveries/s (restart included)',
  );
  print('delivery.restart.ms', Math.round(doneAt - restartAt), 'ms');
  print('delivery.failed.once', failedOnce.size);
  print('delivery.unique', accepted.size);
  print('delivery.redelivered', redelivered);
  print('delivery.ids.per.pair', Math.max(...[...pairs.values()].map((s) => s.size)));
  const ok = accepted.size === EXPECTED && Math.max(...[...pairs.values()].map((s) => s.size)) === 1;
  if (!ok) console.error('bench: a delivery was lost or sent under a second id');
  return { ok };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runDeliveryBench();
  if (!ok) process.exitCode = 1;
}
