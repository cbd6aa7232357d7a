// Change notifications from the database, for the server's caches (issue 15). Triggers (migration 0009) call
// pg_notify('xy_changes', '<topic>' or '<topic>:<id>') when a table a cache is built from changes; the
// database delivers it on commit to every session that LISTENs. `ChangeFeed` hands each one to the caches
// (server/db/change-cache.ts), which drop what it touches.
//
// Who listens, and why a change is heard before the write that made it returns:
// - PGlite (one process): its only session listens; the notification comes back inside the answer to the
//   statement that committed (checked: before that query's promise resolves).
// - PostgreSQL: every pool connection LISTENs too (pg-pool's onConnect), so the connection that commits gets
//   its own notification before its COMMIT resolves — a change made through this process is in its caches
//   before the response leaves. Other processes hear it on their own connections; as pool connections come
//   and go, each process also keeps one dedicated listening connection. While that one is down, `live` is
//   false and the caches are bypassed (every read goes to the database); when it is back, everything is
//   dropped once (`*`: changes made meanwhile were not heard) and caching resumes.
// Nothing here is Redis: the database that holds the data tells who changed it, on commit, in order.
import pg from 'pg';
import type { Db } from './index.ts';

export const CHANGES_CHANNEL = 'xy_changes';
/** The dedicated listener's application_name (pg_stat_activity). */
export const LISTENER_APPLICATION = 'xy-changes-listener';

/** A heard change: its topic (`settings`, `grants`, `users`…) and, for per-row topics, the row's id. `*`: anything. */
export type Change = { topic: string; id: string | null };

export type ChangeListener = (change: Change) => void;

export class ChangeFeed {
  #listeners = new Set<ChangeListener>();
  #stateListeners = new Set<(live: boolean) => void>();
  #live: boolean;

  constructor(live: boolean) {
    this.#live = live;
  }

  /** Whether every committed change is being heard (caches may serve from memory). */
  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Called when `live` changes (logging). */
  onState(listener: (live: boolean) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** A notification's payload, `topic` or `topic:id`. */
  receive(payload: string): void {
    const colon = payload.indexOf(':');
    this.#emit(
      colon < 0
        ? { topic: payload, id: null }
        : { topic: payload.slice(0, colon), id: payload.slice(colon + 1) },
    );
  }

  setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    // Going down or coming back: whatever is cached may predate a change that was not heard.
    this.#emit({ topic: '*', id: null });
    for (const listener of this.#stateListeners) listener(live);
  }

  #emit(change: Change): void {
    for (const listener of this.#listeners) listener(change);
  }
}

const feeds = new WeakMap<Db, ChangeFeed>();

/** The feed of a database opened by createDatabase; undefined for any other (its caches then never keep). */
export const changeFeedOf = (db: Db): ChangeFeed | undefined => feeds.get(db);

export function registerChangeFeed(db: Db, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** pg-pool's `onConnect`: each pool connection listens too (see the header). */
export function listenOnPoolConnection(feed: ChangeFeed) {
  return async (client: pg.ClientBase): Promise<void> => {
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) feed.receive(message.payload ?? '');
    });
    await client.query(`listen ${CHANGES_CHANNEL}`);
  };
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * The dedicated listening connection of a PostgreSQL-backed process. Resolves once it listens (throws when it
 * cannot connect, like the pool's first connection); reconnects with back-off after a loss.
 */
export async function listenOnPostgres(
  url: string,
  feed: ChangeFeed,
): Promise<{ close: () => Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) feed.receive(message.payload ?? '');
    });
    // A lost connection emits 'error' then 'end'; both mean: not listening any more.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RETRY_MIN_MS;
    feed.setLive(true);
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    feed.setLive(false);
    which.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(() => {
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null; // its 'end' is then not a loss
      await current?.end().catch(() => {});
    },
  };
}
