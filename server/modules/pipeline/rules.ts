// Item filters and the seller blacklist, compiled once per change: each server process keeps them in memory
// and, once per ingest batch, reads the one-row xy_pipeline_version whose counters the database's triggers
// bump on every filter write and every blacklist change (migration 0007) — so a change made by any process
// (or by hand in SQL) is seen by all of them at their next batch, and no batch queries per item. The ingest
// reads the counters in its batch's one read (ingest.ts readBatch) and hands them to `sync`.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export type CompiledFilter = {
  id: number;
  name: string;
  taskId: number | null;
  exclude: string[];
  include: string[];
  min: number | null;
  max: number | null;
};

export type Blacklist = { ids: Set<string>; names: Set<string> };

export type Rule = 'exclude_words' | 'include_words' | 'min_price' | 'max_price';
export type Drop =
  | { reason: 'blacklist'; seller: string }
  | { reason: 'filter'; filter: number; name: string; rule: Rule; word: string | null };

/** xy_pipeline_version's counters as text: filters, blacklist, and receivers (delivery, migration 0010). */
export type Versions = { filters: string; blacklist: string; receivers: string };

export type Listing = {
  title: string;
  price: number | null;
  seller: string | null;
  seller_id: string | null;
};

const lower = (words: unknown): string[] =>
  Array.isArray(words)
    ? words.filter((w): w is string => typeof w === 'string' && w.trim() !== '').map((w) => w.toLowerCase())
    : [];
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const filterDrop = (f: CompiledFilter, rule: Rule, word: string | null = null): Drop => ({
  reason: 'filter',
  filter: f.id,
  name: f.name,
  rule,
  word,
});

export class Rules {
  #filters: CompiledFilter[] = [];
  /** Filters that apply to a task: its own and the global ones, in id order. */
  #byTask = new Map<number | null, CompiledFilter[]>();
  #blacklist: Blacklist = { ids: new Set(), names: new Set() };
  #versions: Pick<Versions, 'filters' | 'blacklist'> | null = null;
  /** How many times each part was (re)compiled — for tests. */
  readonly compiled = { filters: 0, blacklist: 0 };

  constructor(private readonly db: Db) {}

  /** Brings the compiled rules up to date: one primary-key read, plus a reload of what changed. */
  async refresh(db: Db = this.db): Promise<this> {
    const v = await db
      .selectFrom('xy_pipeline_version')
      .select([sql<string>`filters::text`.as('filters'), sql<string>`blacklist::text`.as('blacklist')])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return this.sync(v, db);
  }

  /** Brings the compiled rules up to the counters `v` read from xy_pipeline_version: reloads what changed. */
  async sync(v: Pick<Versions, 'filters' | 'blacklist'>, db: Db = this.db): Promise<this> {
    if (this.#versions?.filters !== v.filters) await this.#loadFilters(db);
    if (this.#versions?.blacklist !== v.blacklist) await this.#loadBlacklist(db);
    this.#versions = { filters: v.filters, blacklist: v.blacklist };
    return this;
  }

  async #loadFilters(db: Db): Promise<void> {
    const rows = await db
      .selectFrom('xy_item_filter')
      .select([
        'id',
        'name',
        'task_id',
        'exclude_words',
        'include_words',
        sql<number | null>`min_price::float8`.as('min_price'),
        sql<number | null>`max_price::float8`.as('max_price'),
      ])
      .where('enabled', '=', true)
      .where('is_deleted', '=', false)
      .orderBy('id')
      .execute();
    this.#filters = rows.map((r) => ({
      id: r.id,
      name: r.name,
      taskId: r.task_id,
      exclude: lower(r.exclude_words),
      include: lower(r.include_words),
      min: num(r.min_price),
      max: num(r.max_price),
    }));
    this.#byTask.clear();
    this.compiled.filters++;
  }

  async #loadBlacklist(db: Db): Promise<void> {
    const rows = await db
      .selectFrom('xy_seller')
      .select(['seller_id', 'name'])
      .where('blacklisted', '=', true)
      .where('is_deleted', '=', false)
      .execute();
    this.#blacklist = {
      ids: new Set(rows.map((r) => r.seller_id)),
      names: new Set(rows.map((r) => r.name)),
    };
    this.compiled.blacklist++;
  }

  filtersFor(taskId: number | null): CompiledFilter[] {
    let list = this.#byTask.get(taskId);
    if (!list) {
      list = this.#filters.filter((f) => f.taskId === null || f.taskId === taskId);
      this.#byTask.set(taskId, list);
    }
    return list;
  }

  isBlacklisted(listing: Pick<Listing, 'seller' | 'seller_id'>): boolean {
    const { ids, names } = this.#blacklist;
    if (listing.seller_id !== null && ids.has(listing.seller_id)) return true;
    return listing.seller !== null && (names.has(listing.seller) || ids.has(listing.seller));
  }

  /** Why the listing is dropped (blacklist, then the first filter rule), or null when it passes. */
  judge(listing: Listing, taskId: number | null): Drop | null {
    if (this.isBlacklisted(listing)) {
      return { reason: 'blacklist', seller: listing.seller_id ?? listing.seller ?? '' };
    }
    const filters = this.filtersFor(taskId);
    if (!filters.length) return null;
    const title = listing.title.toLowerCase();
    // Plain loops, no closure per filter: this runs for every listing against every filter.
    for (const f of filters) {
      for (const word of f.exclude) if (title.includes(word)) return filterDrop(f, 'exclude_words', word);
      if (f.include.length) {
        let found = false;
        for (const word of f.include) if (title.includes(word)) found = true;
        if (!found) return filterDrop(f, 'include_words');
      }
      if (listing.price !== null) {
        if (f.min !== null && listing.price < f.min) return filterDrop(f, 'min_price');
        if (f.max !== null && listing.price > f.max) return filterDrop(f, 'max_price');
      }
    }
    return null;
  }
}
