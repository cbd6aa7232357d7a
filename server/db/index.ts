// Opens the database named by the config: in-memory PGlite (tests), a PGlite directory (the embedded
// default) or PostgreSQL through `pg` (past one machine). One dialect — Kysely's PostgresDialect — for all.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import {
  CHANGES_CHANNEL,
  ChangeFeed,
  listenOnPoolConnection,
  listenOnPostgres,
  registerChangeFeed,
} from './changes.ts';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Extensions the migrations create (PostgreSQL ships them; PGlite loads them as contrib modules). */
const PGLITE_OPTIONS = { extensions: { pg_trgm } };

/**
 * Opens the database with its change feed (server/db/changes.ts, `changeFeedOf(db)`): every connection
 * listens for the change notifications of migration 0009, and `db.destroy()` stops listening too.
 */
export async function createDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  if (target.kind === 'memory') return openPglite(await PGlite.create('memory://', PGLITE_OPTIONS));
  mkdirSync(target.dir, { recursive: true });
  const unlock = lockDirectory(target.dir);
  try {
    return await openPglite(await PGlite.create(target.dir, PGLITE_OPTIONS), unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * An in-memory PGlite started from a dumped data directory (`PGlite.dumpDataDir`) instead of a fresh
 * initdb: the server tests start each server from one migrated, seeded copy (tests/server/helpers.ts).
 */
export async function openPgliteFromDump(dump: Blob): Promise<Db> {
  return openPglite(await PGlite.create('memory://', { ...PGLITE_OPTIONS, loadDataDir: dump }));
}

/** A fresh in-memory PGlite, for a caller that needs the PGlite itself (dumping its data directory). */
export function createMemoryPglite(): Promise<PGlite> {
  return PGlite.create('memory://', PGLITE_OPTIONS);
}

async function openPostgres(url: string): Promise<Db> {
  const feed = new ChangeFeed(false);
  const pool = new pg.Pool({ connectionString: url, max: 10, onConnect: listenOnPoolConnection(feed) });
  const fail = async (error: Error): Promise<never> => {
    await pool.end().catch(() => {});
    throw new Error(`cannot connect to PostgreSQL (${redact(url)}): ${error.message}`);
  };
  // Fail at start-up with the driver's message rather than on the first request.
  const client = await pool.connect().catch(fail);
  client.release();
  const listener = await listenOnPostgres(url, feed).catch(fail);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: () => pool.connect(),
        end: async () => {
          await listener.close();
          await pool.end();
        },
      },
    }),
  });
  registerChangeFeed(db, feed);
  return db;
}

/** Kysely over a PGlite, with the change feed listening. */
export async function openPglite(pglite: PGlite, onEnd?: () => void): Promise<Db> {
  const feed = new ChangeFeed(true);
  await pglite.listen(CHANGES_CHANNEL, (payload) => feed.receive(payload));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite, onEnd) }) });
  registerChangeFeed(db, feed);
  return db;
}

/**
 * A PGlite directory is a single-process database: a second process opening it (say `npm run manage` while
 * the server runs) would corrupt it. A pid lock file refuses that with a clear message; a stale lock left by
 * a crashed process is taken over.
 */
function lockDirectory(dir: string): () => void {
  const file = join(dir, '.xy-admin.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(existsSync(file) ? readFileSync(file, 'utf8').trim() : 0);
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `the database in ${dir} is in use by process ${pid}; stop it first (PGlite allows one process at a time) or use PostgreSQL`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock the database directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Hides a password in a connection URL before it reaches a log or an error message. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
