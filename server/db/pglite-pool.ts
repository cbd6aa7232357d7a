// A one-connection "pool" over PGlite, shaped like the `pg` Pool that Kysely's PostgresDialect drives, so
// PGlite and a real PostgreSQL share one dialect and one set of queries.
//
// PGlite is a single in-process session: two Kysely transactions interleaving on it would mix their
// statements. So `connect()` hands out the only connection and later callers wait in line until it is
// released — transactions are serialised, never concurrent. (Inside a transaction always use `trx`, not the
// outer `db`: the outer handle would wait for the connection the transaction holds.)
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const WRITE_COMMAND = /^\s*(insert|update|delete|merge)\b/i;

export class PGlitePool implements PostgresPool {
  #busy = false;
  #waiting: Array<() => void> = [];
  #ended = false;

  constructor(
    readonly pglite: PGlite,
    private readonly onEnd?: () => void,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('database is closed');
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    let released = false;
    const client: PostgresPoolClient = {
      query: (async (sql: string, parameters: ReadonlyArray<unknown>) => {
        const result = await this.pglite.query<Record<string, unknown>>(sql, [...parameters]);
        return toPgResult(sql, result);
      }) as PostgresPoolClient['query'],
      release: () => {
        if (released) return;
        released = true;
        const next = this.#waiting.shift();
        if (next) next();
        else this.#busy = false;
      },
    };
    return client;
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.pglite.close();
    this.onEnd?.();
  }
}

function toPgResult(
  sql: string,
  result: { rows: Record<string, unknown>[]; command?: string; rowCount?: number; affectedRows?: number },
): PostgresQueryResult<Record<string, unknown>> {
  // Kysely reads numAffectedRows only for INSERT/UPDATE/DELETE/MERGE, from `command` and `rowCount`.
  const command = (result.command ?? WRITE_COMMAND.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
  const rowCount = result.rowCount ?? result.affectedRows ?? result.rows.length;
  return { command: command as PostgresQueryResult<unknown>['command'], rowCount, rows: result.rows };
}
