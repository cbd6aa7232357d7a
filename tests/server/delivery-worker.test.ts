// The delivery worker's own loop (start → claim batches → send → record batches → stop), on PGlite and
// PostgreSQL, against a local receiver that fails some deliveries once: every delivery arrives exactly once
// under its X-Delivery-Id (no crash here, so no resend), the failed ones are retried after the back-off, one
// xy_push row per attempt, the customers' counters count each success once. On PostgreSQL two workers on
// two connection pools (two processes, as far as the database can tell) drain the same outbox side by side
// and still send each delivery once. A wake() makes a worker look at the outbox before its next poll.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/index.ts';
import { enqueueItemPushes } from '../../server/modules/push/outbox.ts';
import { writeWebhookSettings } from '../../server/modules/push/settings.ts';
import { createPushWorker, type PushWorker } from '../../server/modules/push/worker.ts';
import { postgresAvailable, TestServer } from './helpers.ts';

const CUSTOMERS = 3;

for (const variant of ['pglite', 'postgres'] as const) {
  describe.skipIf(variant === 'postgres' && !postgresAvailable)(`delivery worker loop [${variant}]`, () => {
    const server = new TestServer();
    let receiver: Server;
    let url = '';
    let task = 0;
    let customers: number[] = [];
    let other: Db | null = null;
    const accepted = new Map<string, number>();
    const failedOnce = new Set<string>();
    const pairs = new Map<string, Set<string>>();

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const id = String(req.headers['x-delivery-id']);
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const pair = `${body.customer.id}:${body.item.id}`;
          if (!pairs.has(pair)) pairs.set(pair, new Set());
          pairs.get(pair)!.add(id);
          // About one in eight fails once (a stable choice per id).
          if (Number.parseInt(id.slice(0, 2), 16) % 8 === 0 && !failedOnce.has(id)) {
            failedOnce.add(id);
            res.writeHead(500).end('try again');
            return;
          }
          accepted.set(id, (accepted.get(id) ?? 0) + 1);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await server.start(variant, { pushWorker: false }, { sweepIntervalMs: 0 });
      const db = server.app.db;
      await writeWebhookSettings(db, { timeout_ms: 2000, max_attempts: 3, backoff_base_ms: 20 });
      task = (
        await db
          .insertInto('xy_task')
          .values({ name: 'loop', keywords: '["loop"]' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      customers = [];
      for (let c = 0; c < CUSTOMERS; c++) {
        const { id } = await db
          .insertInto('xy_customer')
          .values({
            name: `loop ${c}`,
            webhook_url: url,
            webhook_secret: `s${c}`,
            api_key_hash: `loop-${variant}-${c}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('xy_customer_task').values({ customer_id: id, task_id: task }).execute();
        customers.push(id);
      }
      if (variant === 'postgres' && server.config.database.kind === 'postgres')
        other = await createDatabase({ kind: 'postgres', url: server.config.database.url });
    }, 180_000);
    afterAll(async () => {
      await other?.destroy();
      await server.stop();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }, 60_000);

    const queue = async (count: number, from: number) => {
      const db = server.app.db;
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('items')
          .values(
            Array.from({ length: count }, (_, k) => ({
              title: `loop item ${from + k}`,
              price: 10,
              url: `https://example.com/loop/${variant}/${from + k}`,
              keywords: '[]',
              task_id: task,
            })),
          )
          .returning(['id', 'task_id'])
          .execute();
        await enqueueItemPushes(trx, rows);
        return rows.map((r) => r.id);
      });
    };
    const until = async (done: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return done();
    };

    it('the running worker(s) send every delivery once, retry the failures after the back-off and record one row per attempt; a wake() is served before the next poll', async () => {
      const dbs = other ? [server.app.db, other] : [server.app.db];
      const workers: PushWorker[] = dbs.map((db) => createPushWorker({ db, concurrency: 8, pollMs: 50 }));
      const first = await queue(100, 0);
      for (const w of workers) w.start();
      try {
        expect(await until(() => accepted.size >= CUSTOMERS * 100, 60_000)).toBe(true);
        // Idle now; a long poll from here on, so only wake() can explain a prompt delivery.
        await new Promise((r) => setTimeout(r, 200));
        for (const w of workers) await w.stop();
        const waking = createPushWorker({ db: server.app.db, concurrency: 8, pollMs: 60_000 });
        workers.splice(0, workers.length, waking);
        waking.start();
        await new Promise((r) => setTimeout(r, 100)); // its first look found nothing due
        await queue(10, 100);
        waking.wake();
        expect(await until(() => pairs.size >= CUSTOMERS * 110, 5_000)).toBe(true);
      } finally {
        for (const w of workers) await w.stop();
      }
      // Retries of the second wave's failures wait for the long poll: only the first wave is checked whole.
      const counts = await sql<{ status: string; n: number }>`
        select status, count(*)::int as n from xy_push where item_id in (${sql.join(first)})
        group by status`.execute(server.app.db);
      const byStatus = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]));
      expect(byStatus.success).toBe(CUSTOMERS * 100);
      expect(byStatus.pending ?? 0).toBe(0);
      expect([...pairs.values()].every((ids) => ids.size === 1)).toBe(true);
      expect([...accepted.values()].every((n) => n === 1)).toBe(true);
      expect(failedOnce.size).toBeGreaterThan(0);
      // One row per attempt: the first wave's failed-once deliveries have a failed attempt 1 and a success.
      const { rows: attempts } = await sql<{ n: number }>`
        select count(*)::int as n from xy_push where status = 'failed' and http_status = 500`.execute(
        server.app.db,
      );
      expect(attempts[0]!.n).toBe(failedOnce.size);
      const { rows: pushes } = await sql<{ n: number }>`
        select coalesce(sum(pushes), 0)::int as n from xy_customer where id in (${sql.join(customers)})`.execute(
        server.app.db,
      );
      expect(pushes[0]!.n).toBe(accepted.size);
    }, 120_000);
  });
}
