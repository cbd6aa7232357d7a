// The ingest pipeline (docs/domain.md "The flow"): a batch of ≤ 100 validated listings goes through
// dedupe (same url as a live item) → blacklisted sellers → item filters → store, in one transaction that also
// upserts the sellers, counts filter hits and task finds, writes one xy_log row per task of the batch and runs
// the afterItemsStored hooks (delivery's outbox). Filters and the blacklist come compiled from `Rules`; every
// step is a set-based statement over the batch, never a query per item.
// Statements per batch (issue 13 "Scale": on PGlite every statement costs its parse, plan and round trip, so
// a batch makes as few as it can): one read before the transaction (readBatch: xy_pipeline_version's
// counters, the listings' tasks and the live items holding their urls), then one write statement in the
// transaction — the sellers' upsert, the items' insert (answering the rows as the list reads them), the
// duplicates' price and last_seen, filter hits, task finds and the log rows, as data-modifying CTEs — then the
// afterItemsStored hooks. The batch travels as JSON parameters (json_to_recordset), not thousands of bind
// parameters. A url another batch stores between the read and the insert (a lost race) is skipped by the
// insert's `on conflict`; task finds and the log count what the insert stored, and two more statements,
// only then, turn the skipped listings into duplicates (seller counts, the stored row's price and last_seen).
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
    select v.filters::text as filters, v.blacklist::text as blacklist, v.receivers::text as receivers,
      (select coalesce(json_agg(json_build_array(t.id, t.phone_id)), '[]') from xy_task t
        where t.id = any(${taskIds}::int[]) and t.is_deleted = false) as tasks,
      (select coalesce(json_agg(json_build_array(i.id, i.url)), '[]') from items i
        where i.url = any(${urls}::text[]) and i.is_deleted = false) as items
    from xy_pipeline_version v where v.id = 1`.execute(db);
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

  return db.transaction().execute(async (trx) => {
    // 4b. One statement: sellers, items, duplicates, filter hits, task finds, the log; answers the stored rows
    // and the rows the duplicates updated, as the list reads them.
    const parts = [];
    if (sellers.size) {
      // In key order, so concurrent batches lock the same sellers in the same order (no deadlock).
      const keys = [...sellers.keys()].sort();
      const rows = keys.map((key) => ({
        key,
        name: sellers.get(key)!.name,
        stored: sellers.get(key)!.stored,
      }));
      parts.push(sql`sel as (
        insert into xy_seller (seller_id, name, items_count, first_seen, last_seen)
        select s.key, s.name, s.stored, ${now}, ${now}
        from json_to_recordset(${json(rows)}::json) as s(key text, name text, stored int)
        order by s.key
        on conflict (seller_id) where is_deleted = false do update set
          name = excluded.name,
          items_count = xy_seller.items_count + excluded.items_count,
          last_seen = greatest(xy_seller.last_seen, excluded.last_seen)
        returning id, seller_id)`);
    }
    const rows = toStore.map((i) => {
      const l = listings[i]!;
      return {
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
    if (rows.length) {
      // Inserted in batch order; each row's seller_ref is its seller's id from the upsert above.
      parts.push(sql`ins as (
        insert into items (title, price, seller, url, image, keywords, time, description, task_id, seller_ref,
          first_seen, last_seen, creator, modifier, dept_belong_id)
        select r.title, r.price, r.seller, r.url, r.image, r.keywords, r.time, r.description, r.task_id,
          ${sellers.size ? sql`sel.id` : sql`null::int`}, ${now}, ${now}, ${who.creator}::int, ${who.modifier}::text,
          ${who.dept_belong_id}::text
        from json_to_recordset(${json(rows.map((r, n) => ({ ...r, n })))}::json) as r(n int,
          title text, price numeric, seller text, url text, image text, keywords jsonb, time timestamptz,
          description text, task_id int, seller_key text)
          ${sellers.size ? sql`left join sel on sel.seller_id = r.seller_key` : sql``}
        order by r.n
        on conflict (url) where url is not null and is_deleted = false do nothing
        returning *)`);
      parts.push(sql`task as (
        update xy_task t set items_found = t.items_found + c.n
        from (select task_id, count(*)::int as n from ins where task_id is not null group by task_id) c
        where t.id = c.task_id)`);
    }
    if (updates.size) parts.push(sql`dup as (${updateDuplicates(updates, now)})`);
    if (hits.size) {
      parts.push(sql`hit as (
        update xy_item_filter f set hits = f.hits + v.n
        from json_to_recordset(${json([...hits].map(([id, n]) => ({ id, n })))}::json) as v(id int, n int)
        where f.id = v.id)`);
    }
    // One log row per task of the batch: `stored` is what the insert stored, the rest of what was to be
    // stored lost a race and counts as duplicate.
    const logs = [...perTask].map(([task_id, t]) => ({ task_id, n: t.n, to_store: t.stored, ...t.counts }));
    const storedOf = rows.length
      ? sql`(select count(*)::int from ins where ins.task_id is not distinct from l.task_id)`
      : sql`0`;
    parts.push(sql`log as (
      insert into xy_log (type, task_id, phone_id, stored, dropped, message, detail, create_datetime,
        creator, modifier, dept_belong_id)
      select 'ingest', l.task_id, ${phoneId}::int, c.stored, l.n - c.stored,
        '入库 ' || c.stored || ' 条，丢弃 ' || (l.n - c.stored) || ' 条' || coalesce('（' || nullif(concat_ws('，',
          case when c.duplicate > 0 then '重复 ' || c.duplicate end,
          case when l.blacklist > 0 then '黑名单 ' || l.blacklist end,
          case when l.filter > 0 then '过滤 ' || l.filter end), '') || '）', ''),
        jsonb_build_object('duplicate', c.duplicate, 'blacklist', l.blacklist, 'filter', l.filter,
          'poster', ${poster.kind}::text),
        ${now}, ${who.creator}::int, ${who.modifier}::text, ${who.dept_belong_id}::text
      from json_to_recordset(${json(logs)}::json)
        as l(task_id int, n int, to_store int, duplicate int, blacklist int, filter int)
        cross join lateral (select ${storedOf} as stored) s0
        cross join lateral (select s0.stored, l.duplicate + l.to_store - s0.stored as duplicate) c)`);
    const sources = [rows.length ? 'ins' : null, updates.size ? 'dup' : null].filter((n) => n !== null);
    const { rows: written } = sources.length
      ? await sql<ItemRow>`with ${sql.join(parts)},
          written as (${sql.join(
            sources.map((n) => sql`select * from ${sql.table(n)}`),
            sql` union all `,
          )})
          ${itemRowsOf('written')}`.execute(trx)
      : await sql<ItemRow>`with ${sql.join(parts)} select null where false`.execute(trx);
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
        rowsOut.push(got);
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
