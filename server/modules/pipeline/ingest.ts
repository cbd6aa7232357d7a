// The ingest pipeline (docs/domain.md "The flow"): a batch of ≤ 100 validated listings goes through
// dedupe (same url as a live item) → blacklisted sellers → item filters → store, in one transaction that also
// upserts the sellers, counts filter hits and task finds, writes one xy_log row per task of the batch and runs
// the afterItemsStored hooks (delivery's outbox). Filters and the blacklist come compiled from `Rules`; every
// step is a set-based statement over the batch, never a query per item.
// Statements per batch (issue 13 "Scale": on PGlite every statement costs its parse, plan and round trip, so
// a batch makes as few as it can, and plans none): one read before the transaction (readBatch, the function
// xy_ingest_read: xy_pipeline_version's counters, the listings' tasks and the live items holding their urls),
// then one write in the transaction (the function xy_ingest_write, migration 0011, whose plan the session
// keeps) — the sellers' upsert, the items' insert, the duplicates' price and last_seen, filter hits, task finds
// and the log rows, as data-modifying CTEs, answering the duplicates' rows as the list reads them and, of the
// stored rows, what the batch did not know (ids, defaults, joined names) — then the afterItemsStored hooks.
// The batch travels as JSON parameters (json_to_recordset), not thousands of bind parameters. A url another
// batch stores between the read and the insert (a lost race) is skipped by the insert's `on conflict`; task
// finds and the log count what the insert stored, and two more statements, only then, turn the skipped
// listings into duplicates (seller counts, the stored row's price and last_seen).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ItemRow, itemRowsOf } from '../items/queries.ts';
import { runAfterItemsStored, type StoredItem } from './hooks.ts';
import type { Drop, Rules, Versions } from './rules.ts';
import type { IngestHolder, PhoneHolder } from './tokens.ts';

/** A validated listing (server/modules/items/routes.ts validateItem). */
export type Listing = {
  title: string;
  price: number | null;
  seller: string | null;
  seller_id: string | null;
  task: number | null;
  url: string | null;
  image: string | null;
  keywords: string[];
  time: Date;
  description: string | null;
};

export type Poster =
  | { kind: 'phone'; phone: PhoneHolder }
  | { kind: 'token'; holder: IngestHolder }
  | { kind: 'env' }
  | { kind: 'user'; user: { id: number; dept_id: number | null } };

export type Reason = 'duplicate' | 'blacklist' | 'filter';
export type FilterRule = { filter: number; name: string; rule: string; word: string | null };
export type Verdict = {
  /** The stored (or, for a duplicate, the updated) item's id; null when dropped before storing. */
  id: number | null;
  verdict: 'stored' | 'dropped';
  reason: Reason | null;
  rule: FilterRule | null;
};

export type IngestResult = {
  verdicts: Verdict[];
  stored: number[];
  updated: number[];
  /** The stored rows, then the rows duplicates updated, as the list reads them (items/queries.ts). */
  rows: ItemRow[];
};

/** The seller key of a listing: the marketplace id, or the name when the listing has none. */
const sellerKey = (l: Listing) => l.seller_id ?? l.seller;

function audit(poster: Poster) {
  switch (poster.kind) {
    case 'phone':
      return { creator: null, modifier: null, dept_belong_id: poster.phone.dept_belong_id };
    case 'token':
      return {
        creator: poster.holder.creator,
        modifier: poster.holder.creator === null ? null : String(poster.holder.creator),
        dept_belong_id: poster.holder.dept_belong_id,
      };
    case 'user':
      return {
        creator: poster.user.id,
        modifier: String(poster.user.id),
        dept_belong_id: poster.user.dept_id === null ? null : String(poster.user.dept_id),
      };
    default:
      return { creator: null, modifier: null, dept_belong_id: null };
  }
}

/** What a batch reads before its transaction (readBatch). */
export type BatchContext = {
  /** xy_pipeline_version's counters (the compiled rules' and the delivery hook's caches follow them). */
  versions: Versions;
  /** The listings' live tasks: id → the phone the task is assigned to. */
  tasks: Map<number, number | null>;
  /** The live items holding the listings' urls: url → id. */
  existing: Map<string, number>;
};

/**
 * The batch's one read, before its transaction: the version counters, the listings' tasks (the route checks
 * them) and the live items with their urls (dedupe). An item stored by another batch after this read is
 * caught by the insert's `on conflict` (a lost race, see ingest).
 */
export async function readBatch(
  db: Db,
  listings: readonly Pick<Listing, 'url' | 'task'>[],
): Promise<BatchContext> {
  const urls = [...new Set(listings.map((l) => l.url).filter((u): u is string => u !== null))];
  const taskIds = [...new Set(listings.map((l) => l.task).filter((t): t is number => t !== null))];
  const { rows } = await sql<Versions & { tasks: [number, number | null][]; items: [number, string][] }>`
    select * from xy_ingest_read(${taskIds}::int[], ${urls}::text[])`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('xy_pipeline_version has no row (migration 0007)');
  return {
    versions: { filters: row.filters, blacklist: row.blacklist, receivers: row.receivers },
    tasks: new Map(row.tasks),
    existing: new Map(row.items.map(([id, url]) => [url, id])),
  };
}

/** The duplicates' update: the new price (when given), last_seen; returns the rows (`returning i.*`). */
const updateDuplicates = (updates: Map<number, number | null>, now: Date) => sql`
  update items i set price = coalesce(v.p, i.price), last_seen = ${now}, update_datetime = ${now}
  from json_to_recordset(${JSON.stringify([...updates].map(([id, p]) => ({ id, p })))}::json)
    as v(id int, p numeric)
  where i.id = v.id
  returning i.*`;

export async function ingest(
  deps: { db: Db; rules: Rules; clock: Clock },
  poster: Poster,
  listings: Listing[],
  context?: BatchContext,
): Promise<IngestResult> {
  const { db, rules, clock } = deps;
  const batch = context ?? (await readBatch(db, listings));
  await rules.sync(batch.versions);
  const now = clock.now();
  const who = audit(poster);
  const phoneId = poster.kind === 'phone' ? poster.phone.id : null;

  const verdicts: Verdict[] = listings.map(() => ({
    id: null,
    verdict: 'stored',
    reason: null,
    rule: null,
  }));

  // 1. dedupe: live items with these urls (read by readBatch), and repeats inside the batch.
  const existing = batch.existing;
  const toStore: number[] = [];
  const firstInBatch = new Map<string, number>();
  const repeats: [index: number, of: number][] = [];
  const updates = new Map<number, number | null>(); // item id → new price
  const hits = new Map<number, number>();
  for (const [i, l] of listings.entries()) {
    const known = l.url === null ? undefined : existing.get(l.url);
    if (known !== undefined) {
      verdicts[i] = { id: known, verdict: 'dropped', reason: 'duplicate', rule: null };
      updates.set(known, l.price);
      continue;
    }
    const earlier = l.url === null ? undefined : firstInBatch.get(l.url);
    if (earlier !== undefined) {
      verdicts[i] = { id: null, verdict: 'dropped', reason: 'duplicate', rule: null };
      repeats.push([i, earlier]);
      continue;
    }
    // 2–3. blacklist, filters.
    const drop: Drop | null = rules.judge(l, l.task);
    if (drop?.reason === 'blacklist') {
      verdicts[i] = { id: null, verdict: 'dropped', reason: 'blacklist', rule: null };
    } else if (drop?.reason === 'filter') {
      const { filter, name, rule, word } = drop;
      verdicts[i] = { id: null, verdict: 'dropped', reason: 'filter', rule: { filter, name, rule, word } };
      hits.set(filter, (hits.get(filter) ?? 0) + 1);
    } else {
      toStore.push(i);
      if (l.url !== null) firstInBatch.set(l.url, i);
    }
  }
  // A repeat inside the batch updates the price the stored row gets (the last one seen wins).
  const price = new Map<number, number | null>();
  for (const [i, of] of repeats) if (listings[i]!.price !== null) price.set(of, listings[i]!.price);

  // 4a. sellers: every listing's seller is seen; items_count grows by what is stored.
  const sellers = new Map<string, { name: string; stored: number }>();
  for (const [i, l] of listings.entries()) {
    const key = sellerKey(l);
    if (key === null) continue;
    const s = sellers.get(key) ?? { name: l.seller ?? key, stored: 0 };
    if (l.seller !== null) s.name = l.seller;
    sellers.set(key, s);
    if (verdicts[i]!.reason === null) s.stored++;
  }

  // Per task of the batch: its listings, what it means to store and what it dropped, by reason. The log rows
  // count what the insert really stored (a lost race turns a listing to store into a duplicate).
  const perTask = new Map<number | null, { n: number; stored: number; counts: Record<Reason, number> }>();
  for (const [i, l] of listings.entries()) {
    const t = perTask.get(l.task) ?? { n: 0, stored: 0, counts: { duplicate: 0, blacklist: 0, filter: 0 } };
    const v = verdicts[i]!;
    t.n++;
    if (v.reason === null) t.stored++;
    else t.counts[v.reason]++;
    perTask.set(l.task, t);
  }
  const json = (rows: unknown[]) => JSON.stringify(rows);

  // In key order, so concurrent batches lock the same sellers in the same order (no deadlock).
  const sellerRows = [...sellers.keys()].sort().map((key) => {
    const s = sellers.get(key)!;
    return { key, name: s.name, stored: s.stored };
  });
  const rows = toStore.map((i, n) => {
    const l = listings[i]!;
    return {
      n,
      title: l.title,
      price: price.get(i) ?? l.price,
      seller: l.seller ?? l.seller_id,
      url: l.url,
      image: l.image,
      keywords: l.keywords,
      time: l.time,
      description: l.description,
      task_id: l.task,
      seller_key: sellerKey(l),
    };
  });
  // One log row per task of the batch (the function counts what the insert really stored).
  const logs = [...perTask].map(([task_id, t]) => ({ task_id, n: t.n, to_store: t.stored, ...t.counts }));
  const dups = [...updates].map(([id, p]) => ({ id, p }));

  return db.transaction().execute(async (trx) => {
    // 4b. One statement (migration 0011 xy_ingest_write, its plan kept by the session): sellers, items,
    // duplicates, filter hits, task finds, the log; answers the stored rows and the rows the duplicates
    // updated, as the list reads them.
    const { rows: written } = await sql<ItemRow>`select * from xy_ingest_write(${now}, ${json(sellerRows)},
      ${json(rows)}, ${json(dups)}, ${json([...hits].map(([id, n]) => ({ id, n })))}, ${json(logs)},
      ${phoneId}, ${who.creator}, ${who.modifier}, ${who.dept_belong_id}, ${poster.kind})`.execute(trx);
    const inserted = written.filter((r) => !updates.has(r.id));
    const updatedRows = written.filter((r) => updates.has(r.id));

    // Inserted rows come back in batch order; one skipped by the url key lost a race with another batch.
    const stored: StoredItem[] = [];
    const rowsOut: ItemRow[] = [];
    const lostRaces: number[] = [];
    let next = 0;
    for (const [n, i] of toStore.entries()) {
      const row = rows[n]!;
      const got = inserted[next];
      if (got && (row.url === null || got.url === row.url)) {
        next++;
        // The function answers what the batch did not know; the rest is what was inserted.
        rowsOut.push({
          ...got,
          first_seen: now,
          last_seen: now,
          title: row.title,
          price: row.price,
          seller: row.seller,
          image: row.image,
          keywords: row.keywords,
          time: row.time,
          description: row.description,
          modifier: who.modifier,
          dept_belong_id: who.dept_belong_id,
        });
        verdicts[i]!.id = got.id;
        stored.push({
          id: got.id,
          task_id: row.task_id,
          seller_ref: got.seller_ref,
          title: row.title,
          price: row.price,
          seller: row.seller,
          url: row.url,
          image: row.image,
          keywords: listings[i]!.keywords,
          time: row.time,
          phone_id: phoneId,
        });
      } else {
        lostRaces.push(i);
      }
    }
    const updated = [...updates.keys()];
    if (lostRaces.length) {
      // The listings that lost a race are duplicates of the row the other batch stored: their sellers give
      // back the count the upsert added, and that row gets their price and last_seen.
      const { rows: raced } = await sql<{ id: number; url: string }>`select id, url from items
        where url = any(${lostRaces.map((i) => listings[i]!.url!)}::text[]) and is_deleted = false`.execute(
        trx,
      );
      const byUrl = new Map(raced.map((r) => [r.url, r.id]));
      const uncount = new Map<string, number>();
      const racedUpdates = new Map<number, number | null>();
      for (const i of lostRaces) {
        const id = byUrl.get(listings[i]!.url!) ?? null;
        verdicts[i] = { id, verdict: 'dropped', reason: 'duplicate', rule: null };
        if (id !== null && !updates.has(id)) racedUpdates.set(id, listings[i]!.price);
        const key = sellerKey(listings[i]!);
        if (key !== null) uncount.set(key, (uncount.get(key) ?? 0) + 1);
      }
      if (uncount.size) {
        await sql`update xy_seller s set items_count = s.items_count - v.n
          from json_to_recordset(${json([...uncount].map(([key, n]) => ({ key, n })))}::json) as v(key text, n int)
          where s.seller_id = v.key and s.is_deleted = false`.execute(trx);
      }
      if (racedUpdates.size) {
        const { rows: racedRows } = await sql<ItemRow>`with dup as (${updateDuplicates(racedUpdates, now)})
          ${itemRowsOf('dup')}`.execute(trx);
        updatedRows.push(...racedRows);
        updated.push(...racedUpdates.keys());
      }
    }
    for (const [i, of] of repeats) verdicts[i]!.id = verdicts[of]!.id;

    await runAfterItemsStored(db, trx, stored, { versions: batch.versions });
    return {
      verdicts,
      stored: stored.map((s) => s.id),
      updated,
      rows: [...rowsOut, ...updatedRows],
    };
  });
}
