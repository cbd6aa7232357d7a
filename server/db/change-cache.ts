// A value computed from the database and kept in memory until a change to what it was built from is heard
// (server/db/changes.ts). Entries are the loading promises themselves, so concurrent misses of one key share
// one query; a change drops the entries it touches — including a load in flight, whose callers started before
// the change and keep its answer, while later callers load again. No clock and no TTL: an entry lives until a
// change or until `max` newer keys push it out (oldest first). While the feed is not live (PostgreSQL's
// listener is reconnecting) or the database has no feed, every call loads and nothing is kept.
//
// Values are shared between requests: they are frozen (shallowly) and callers must not change them.
import type { Change, ChangeFeed } from './changes.ts';

/** Per topic: drop every entry (`all`), or only the entry whose key is the change's id (`key`). */
export type Topics = Record<string, 'all' | 'key'>;

export type ChangeCacheOptions<V> = {
  /** Most entries kept (default 10,000). */
  max?: number;
  /** Whether a loaded value is kept (default: always); e.g. not a user that was not found. */
  keep?: (value: V) => boolean;
};

export class ChangeCache<V> {
  readonly #entries = new Map<string, Promise<V>>();
  readonly #max: number;
  readonly #keep: (value: V) => boolean;

  constructor(
    private readonly feed: ChangeFeed | undefined,
    private readonly topics: Topics,
    options: ChangeCacheOptions<V> = {},
  ) {
    this.#max = options.max ?? 10_000;
    this.#keep = options.keep ?? (() => true);
    feed?.subscribe((change) => this.#changed(change));
  }

  /** The kept value of `key`, or `load()`'s (kept unless a change is heard meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.feed?.live) return load();
    const kept = this.#entries.get(key);
    if (kept) return kept;
    const loading = load().then((value) => {
      if (value !== null && typeof value === 'object') Object.freeze(value);
      if (!this.#keep(value)) this.#forget(key, loading);
      return value;
    });
    loading.catch(() => this.#forget(key, loading));
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, loading);
    return loading;
  }

  /** The kept (or loading) value of `key`, without loading it. */
  peek(key: string): Promise<V> | undefined {
    return this.feed?.live ? this.#entries.get(key) : undefined;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #forget(key: string, entry: Promise<V>): void {
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
  }

  #changed(change: Change): void {
    const scope = change.topic === '*' ? 'all' : this.topics[change.topic];
    if (scope === undefined) return;
    if (scope === 'key' && change.id !== null) this.#entries.delete(change.id);
    else this.#entries.clear();
  }
}
