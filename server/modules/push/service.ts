// Delivery and support, wired into the app (issue 14): the customers, push data, settings, feedback,
// knowledge and overview routes; the delivery worker of this process (started when the app is ready,
// stopped before the database closes); the business messages; and the hooks the pipeline calls —
// `afterItemsStored(trx, stored)` inside the ingest transaction (queues the pushes with the items; skipped for
// a batch whose tasks no customer receives, receivers.ts) and `onPhoneStateChanged(phone, online)` (tells
// operators a phone went offline). `app.delivery` exposes them.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Realtime } from '../../realtime/index.ts';
import { type BusinessMessages, createBusinessMessages } from '../alerts/service.ts';
import { registerCustomerRoutes } from '../customers/routes.ts';
import { registerFeedbackRoutes } from '../feedback/routes.ts';
import { registerKnowledgeRoutes } from '../knowledge/routes.ts';
import { registerOverviewRoutes } from '../overview/routes.ts';
import { afterItemsStored, onPhoneStateChanged } from '../pipeline/hooks.ts';
import { registerPushDataRoutes } from '../push-data/routes.ts';
import { registerXySettingsRoutes } from '../xy-settings/routes.ts';
import { selfGuardOf } from './guard.ts';
import { enqueueItemPushes, type Recorded, releaseAllLeases } from './outbox.ts';
import { ReceivingTasks } from './receivers.ts';
import { createPushWorker, type PushWorker } from './worker.ts';

export type Delivery = {
  worker: PushWorker;
  messages: BusinessMessages;
  /** Queues the pushes of newly stored items (call inside the ingest transaction). */
  afterItemsStored: (trx: Db, stored: readonly { id: number; task_id?: number | null }[]) => Promise<number>;
  onPhoneStateChanged: (phone: { id: number; name: string }, online: boolean) => Promise<void>;
  /** Tells operators about enabled tasks that found nothing for a day (run every 10 minutes). */
  checkIdleTasks: (now?: Date) => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

const IDLE_CHECK_MS = 10 * 60_000;

export function registerDelivery(
  app: FastifyInstance,
  db: Db,
  config: Config,
  realtime: Realtime,
  clock: Clock = systemClock,
): Delivery {
  const now = () => clock.now();
  const messages = createBusinessMessages(db, realtime, now);
  const log = { warn: (obj: object, msg: string) => app.log.warn(obj, msg) };

  const onRecorded = async (rows: Recorded[]) => {
    const finals = rows.filter((r) => r.final);
    if (!finals.length) return;
    const ids = [...new Set(finals.map((r) => r.customer_id))];
    const customers = await db
      .selectFrom('xy_customer')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    for (const c of customers) {
      const { rows: last } = await sql<{ error: string | null }>`
        select error from xy_push where customer_id = ${c.id} and status = 'failed'
        order by finished_at desc nulls last, id desc limit 1`.execute(db);
      await messages.pushesFailing(c, last[0]?.error ?? null);
    }
  };

  const worker = createPushWorker({
    db,
    now,
    concurrency: config.pushConcurrency,
    leaseMs: config.pushLeaseSeconds * 1000,
    guard: selfGuardOf(app),
    onRecorded,
    log,
  });
  const wake = () => worker.wake();

  registerCustomerRoutes(app, db);
  registerPushDataRoutes(app, db, wake, now);
  registerXySettingsRoutes(app, db);
  registerFeedbackRoutes(app, db, messages, wake, now);
  registerKnowledgeRoutes(app, db);
  registerOverviewRoutes(app, db, now);

  const checkIdleTasks = async (at = now()) => {
    const dayAgo = new Date(at.getTime() - 86_400_000);
    const { rows } = await sql<{ id: number; name: string }>`
      select t.id, t.name from xy_task t
      where t.enabled and t.is_deleted = false and t.create_datetime < ${dayAgo}
        and not exists (select 1 from items i where i.task_id = t.id and i.create_datetime >= ${dayAgo})`.execute(
      db,
    );
    let told = 0;
    for (const task of rows) if (await messages.taskIdle(task)) told++;
    return told;
  };

  const delivery: Delivery = {
    worker,
    messages,
    afterItemsStored: async (trx, stored) => {
      const queued = await enqueueItemPushes(trx, stored, now());
      if (queued) setTimeout(wake, 5).unref();
      return queued;
    },
    onPhoneStateChanged: async (phone, online) => {
      await messages.phoneState(phone, online);
    },
    checkIdleTasks,
  };
  app.decorate('delivery', delivery);
  // The pipeline's hooks: pushes are queued in the ingest transaction (not even tried when no customer
  // receives the batch's tasks); a phone's transition tells operators.
  const receiving = new ReceivingTasks();
  afterItemsStored(db, async (trx, stored, batch) => {
    if (!(await receiving.anyOf(trx, batch.versions.receivers, stored))) return;
    await delivery.afterItemsStored(trx, stored);
  });
  onPhoneStateChanged(db, (_db, change) => delivery.onPhoneStateChanged(change.phone, change.online));

  let idleTimer: NodeJS.Timeout | null = null;
  if (config.pushWorker) {
    app.addHook('onReady', async () => {
      // A PGlite directory belongs to this one process: leases left by a previous run (a crash) are ours.
      if (config.database.kind !== 'postgres') await releaseAllLeases(db);
      worker.start();
      idleTimer = setInterval(() => {
        checkIdleTasks().catch((error: unknown) => app.log.warn({ err: error }, 'idle task check failed'));
      }, IDLE_CHECK_MS);
      idleTimer.unref();
    });
    app.addHook('preClose', async () => {
      if (idleTimer) clearInterval(idleTimer);
      await worker.stop();
    });
  }
  return delivery;
}
