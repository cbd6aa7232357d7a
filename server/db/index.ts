// Opens the database named by the config: in-memory PGlite (tests), a PGlite directory (the embedded
// default) or PostgreSQL through `pg` (past one machine). One dialect — Kysely's PostgresDialect — for all.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export async function createDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // Fail at start-up with the driver's message rather than on the first request.
    const client = await pool.connect().catch(async (error: Error) => {
      await pool.end().catch(() => {});
      throw new Error(`cannot connect to PostgreSQL (${redact(target.url)}): ${error.message}`);
    });
    client.release();
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.kind === 'memory') {
    const pglite = await PGlite.create('memory://');
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  }
  mkdirSync(target.dir, { recursive: true });
  const unlock = lockDirectory(target.dir);
  try {
    const pglite = await PGlite.create(target.dir);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite, unlock) }) });
  } catch (error) {
    unlock();
    throw error;
  }
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
