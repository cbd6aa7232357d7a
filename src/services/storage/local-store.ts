import Dexie, { type Table } from 'dexie';
import type { z } from 'zod';
import { APP_VERSION, DB_PREFIX, GHOST_UUID } from '../../contract/index.ts';

/**
 * The local database (seed §6, §9; ARCHITECTURE.md "Persistence"): IndexedDB through Dexie, named
 * `<prefix>-2.0.4`, split into `sys` (framework preferences: theme, size, colour, tabs…) and `database`
 * (page data). Each area has a `public` part and one part per user, keyed by the uuid cookie or
 * `ghost-uuid` when there is none. Values are persisted slices validated with zod on read: a corrupt or
 * outdated value reads as the caller's default, and no read ever throws.
 */
export type StorageArea = 'sys' | 'database';
export type StorageScope = 'user' | 'public';

export const DB_NAME = `${DB_PREFIX}-${APP_VERSION}`;
export const PUBLIC_SCOPE = 'public';

type Row = { scope: string; key: string; value: unknown; updatedAt: number };

class LocalDatabase extends Dexie {
  sys!: Table<Row, [string, string]>;
  database!: Table<Row, [string, string]>;

  constructor(name: string, deps?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, deps?.indexedDB ? { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange } : undefined);
    this.version(1).stores({ sys: '[scope+key], scope', database: '[scope+key], scope' });
  }
}

export type LocalStoreOptions = {
  /** The uuid cookie (undefined → `ghost-uuid`). Read at every call, so a login switches users. */
  getUuid(): string | undefined;
  dbName?: string;
  /** IndexedDB implementation (tests pass fake-indexeddb's). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Storage failures (quota, private mode, uncloneable value) end up here; they never throw. */
  onError?: (error: unknown, operation: string) => void;
  now?: () => number;
};

export interface LocalStore {
  /** The stored value if it passes `schema`, else `fallback`. Never throws. */
  get<S extends z.ZodType>(
    area: StorageArea,
    key: string,
    schema: S,
    fallback: z.output<S>,
    scope?: StorageScope,
  ): Promise<z.output<S>>;
  /** Stores a value; resolves false when it could not be stored. */
  set(area: StorageArea, key: string, value: unknown, scope?: StorageScope): Promise<boolean>;
  remove(area: StorageArea, key: string, scope?: StorageScope): Promise<boolean>;
  /** Removes the current user's part of an area (both areas by default). */
  clearUser(area?: StorageArea): Promise<boolean>;
  /** Logout: empties the whole local database. */
  clearAll(): Promise<boolean>;
  /** The scope key of the current user (`user.<uuid>` or `user.ghost-uuid`). */
  userScope(): string;
  close(): void;
}

export function createLocalStore(options: LocalStoreOptions): LocalStore {
  const db = new LocalDatabase(options.dbName ?? DB_NAME, {
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
  });
  const now = options.now ?? Date.now;
  const userScope = () => `user.${options.getUuid() || GHOST_UUID}`;
  const scopeKey = (scope: StorageScope = 'user') => (scope === 'public' ? PUBLIC_SCOPE : userScope());
  const table = (area: StorageArea) => (area === 'sys' ? db.sys : db.database);

  async function attempt(operation: string, run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      options.onError?.(error, operation);
      return false;
    }
  }

  return {
    async get(area, key, schema, fallback, scope) {
      try {
        const row = await table(area).get([scopeKey(scope), key]);
        if (!row) return fallback;
        const parsed = schema.safeParse(row.value);
        return parsed.success ? parsed.data : fallback;
      } catch (error) {
        options.onError?.(error, `get ${area}.${key}`);
        return fallback;
      }
    },
    set: (area, key, value, scope) =>
      attempt(`set ${area}.${key}`, () =>
        table(area).put({ scope: scopeKey(scope), key, value, updatedAt: now() }),
      ),
    remove: (area, key, scope) =>
      attempt(`remove ${area}.${key}`, () => table(area).delete([scopeKey(scope), key])),
    clearUser: (area) =>
      attempt('clearUser', async () => {
        const scope = userScope();
        for (const a of area ? [area] : (['sys', 'database'] as const)) {
          await table(a).where('scope').equals(scope).delete();
        }
      }),
    clearAll: () =>
      attempt('clearAll', () =>
        db.transaction('rw', db.sys, db.database, () => Promise.all([db.sys.clear(), db.database.clear()])),
      ),
    userScope,
    close: () => db.close(),
  };
}
