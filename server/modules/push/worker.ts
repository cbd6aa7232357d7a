// The delivery worker, running inside every server process (PUSH_WORKER=off turns it off): it claims due
// attempts from the outbox (outbox.ts) in batches with a lease — one statement that also brings each row's
// customer, task and feedback — loads the batch's items in one more, posts them with at most `concurrency`
// requests in flight, and records the outcomes in batches (one statement per batch: the attempt rows, the
// retries due after the exponential back-off, the customers' counters). Claims wait for half the slots to be
// free and outcomes are recorded once as many are waiting or `flushMs` passed, so a busy worker spends a
// few statements per batch rather than per delivery; an empty outbox is polled every `pollMs`, and wake()
// (something was just queued) looks at once. A stop waits for the requests in flight and records them; a
// crash leaves leases that run out (PostgreSQL) or are given back at the next start (PGlite: its directory
// belongs to one process). Times come from `now()` so tests can drive the clock; processes sharing a
// PostgreSQL need synchronised clocks (NTP), as any lease does.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/index.ts';
import type { WebhookType } from '../../db/schema.ts';
import { selectItems, toItem } from '../items/queries.ts';
import { buildRequest, type PushEvent, robotError } from './formats.ts';
import {
  type ClaimedJob,
  claimDueJobs,
  localDay,
  type Outcome,
  type Recorded,
  recordOutcomes,
} from './outbox.ts';
import { sendWebhook } from './send.ts';
import { readWebhookSettings, type WebhookSettings } from './settings.ts';

export type WorkerOptions = {
  db: Db;
  now?: () => Date;
  concurrency?: number;
  /** How long a claim is held before another worker may take it. */
  leaseMs?: number;
  /** Idle poll interval when the outbox is empty. */
  pollMs?: number;
  /** Longest an outcome waits to be recorded with others (a batch is recorded as soon as it is full). */
  flushMs?: number;
  /** Refuses a URL (the server's own API). */
  guard?: (url: URL) => string | null;
  /** Called after each recorded batch (business messages: a customer's pushes failing). */
  onRecorded?: (rows: Recorded[]) => void | Promise<void>;
  log?: { warn: (obj: object, msg: string) => void };
};

export type PushWorker = {
  readonly owner: string;
  start(): void;
  /** Stops claiming, waits for the requests in flight and records them. */
  stop(): Promise<void>;
  /** Claims what is due now (up to the concurrency), sends it all and records it; answers how many. */
  runOnce(): Promise<number>;
  /** Looks at the outbox now rather than at the next poll (something was just queued). */
  wake(): void;
};

const skipped = (id: string, error: string): Outcome => ({
  id,
  status: 'failed',
  http_status: null,
  latency_ms: null,
  error,
  response: null,
  retryable: false,
});

export function createPushWorker(options: WorkerOptions): PushWorker {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 32;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 250;
  const flushMs = options.flushMs ?? 20;
  /** Claims wait until this many slots are free; outcomes are recorded once this many are waiting. */
  const batch = Math.max(1, concurrency >> 1);
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  let settings: WebhookSettings | null = null;
  let settingsAt = 0;
  const currentSettings = async () => {
    if (!settings || Date.now() - settingsAt > 1000) {
      settings = await readWebhookSettings(db);
      settingsAt = Date.now();
    }
    return settings;
  };

  /** The items of a batch of claims (the claim itself brought customers, tasks and feedback). */
  async function loadItems(rows: ClaimedJob[]) {
    const ids = [...new Set(rows.map((r) => r.item_id).filter((v): v is number => v !== null))];
    const items = new Map<number, Record<string, unknown>>();
    if (ids.length) {
      for (const r of await selectItems(db).where('i.id', 'in', ids).execute())
        items.set(r.id, toItem(r) as unknown as Record<string, unknown>);
    }
    return items;
  }

  async function deliver(
    row: ClaimedJob,
    items: Map<number, Record<string, unknown>>,
    s: WebhookSettings,
    today: string,
  ): Promise<Outcome> {
    const skip = (error: string) => skipped(row.id, error);
    if (row.c_name === null || row.c_deleted) return skip('customer deleted: not sent');
    if (!row.c_enabled) return skip('customer disabled: not sent');
    if (row.c_expire && row.c_expire < today) return skip(`customer expired on ${row.c_expire}: not sent`);
    if (!row.c_url) return skip('customer has no webhook URL: not sent');
    let event: PushEvent;
    if (row.event === 'feedback_reply') {
      if (row.f_id === null) return skip('feedback no longer exists: not sent');
      event = {
        event: 'feedback_reply',
        feedback: {
          id: row.f_id,
          title: row.f_title,
          content: row.f_content,
          status: row.f_status,
          reply: row.f_reply,
          replied_at: row.f_replied_at ? new Date(row.f_replied_at).toISOString() : null,
        },
      };
    } else {
      const item = row.item_id === null ? undefined : items.get(row.item_id);
      if (!item) return skip('item no longer exists: not sent');
      event = {
        event: 'item',
        item,
        task:
          row.task_id === null || row.t_name === null
            ? null
            : { id: row.task_id, name: row.t_name, keywords: row.t_keywords },
      };
    }
    const type = row.c_type as WebhookType;
    let request: ReturnType<typeof buildRequest>;
    try {
      request = buildRequest(
        type,
        { url: row.c_url, secret: row.c_secret ?? '' },
        row.delivery_id,
        { id: row.customer_id, name: row.c_name },
        event,
        now(),
      );
    } catch {
      return skip('not a valid URL');
    }
    const sent = await sendWebhook(request.url, request.headers, request.body, {
      timeoutMs: s.timeout_ms,
      guard: options.guard,
    });
    const refused = sent.ok ? robotError(type, sent.body) : null;
    return {
      id: row.id,
      status: sent.ok && !refused ? 'success' : 'failed',
      http_status: sent.status,
      latency_ms: sent.latencyMs,
      error: refused ?? sent.error,
      response: sent.body || null,
      retryable: refused ? true : sent.retryable,
    };
  }

  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let inflight = 0;
  const results: Outcome[] = [];
  /** When the oldest unrecorded outcome came in (Date.now()). */
  let firstResultAt = 0;
  /** No claim before this (Date.now()): the last claim found the outbox drained; wake() clears it. */
  let nextClaimAt = 0;
  let signal: (() => void) | null = null;
  const poke = () => {
    const s = signal;
    signal = null;
    s?.();
  };
  const waitFor = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function flush(): Promise<void> {
    if (!results.length) return;
    const outcomes = results.splice(0, results.length);
    const recorded = await recordOutcomes(db, owner, outcomes, await currentSettings(), now());
    if (recorded.length && options.onRecorded) {
      await Promise.resolve(options.onRecorded(recorded)).catch((error: unknown) =>
        options.log?.warn({ err: error }, 'push: business message failed'),
      );
    }
  }

  function done(outcome: Outcome) {
    if (!results.length) firstResultAt = Date.now();
    results.push(outcome);
    inflight--;
    // Wake the loop only when it has something to do: a first outcome (its flush deadline starts), a full
    // batch to record, free slots to claim, or nothing left in flight.
    if (
      results.length === 1 ||
      results.length >= batch ||
      inflight === 0 ||
      (concurrency - inflight >= batch && Date.now() >= nextClaimAt)
    )
      poke();
  }

  async function claimAndLaunch(limit: number): Promise<number> {
    const s = await currentSettings();
    const lease = Math.max(leaseMs, s.timeout_ms * 2 + 10_000);
    const rows = await claimDueJobs(db, owner, limit, now(), lease);
    if (!rows.length) return 0;
    const items = await loadItems(rows);
    const today = localDay(now());
    for (const row of rows) {
      inflight++;
      void deliver(row, items, s, today)
        .catch(
          (error: unknown): Outcome => ({
            ...skipped(row.id, String((error as Error)?.message ?? error).slice(0, 500)),
            retryable: true,
          }),
        )
        .then(done);
    }
    return rows.length;
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        if (
          results.length &&
          (inflight === 0 || results.length >= batch || Date.now() - firstResultAt >= flushMs)
        )
          await flush();
        const free = concurrency - inflight;
        if (free >= batch && Date.now() >= nextClaimAt) {
          const claimed = await claimAndLaunch(free);
          // Fewer than asked: the outbox is drained for now; look again at the next poll (or a wake()).
          if (claimed < free) nextClaimAt = Date.now() + pollMs;
        }
        if (!running) break;
        // Sleep until a deadline (flushing the outcomes waiting, the next poll) or a poke.
        const at = Date.now();
        let until = at + 1000;
        if (results.length) until = Math.min(until, firstResultAt + flushMs);
        if (concurrency - inflight >= batch) until = Math.min(until, nextClaimAt);
        if (until > at) await waitFor(until - at);
      } catch (error) {
        options.log?.warn({ err: error }, 'push: worker cycle failed; retrying in a second');
        await waitFor(1000);
      }
    }
  }

  return {
    owner,
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    async stop() {
      running = false;
      poke();
      await loopDone;
      while (inflight > 0) await waitFor(100);
      await flush();
    },
    async runOnce() {
      const n = await claimAndLaunch(concurrency);
      while (inflight > 0) await waitFor(1000);
      await flush();
      return n;
    },
    wake() {
      nextClaimAt = 0;
      poke();
    },
  };
}
