// Shared setup for the server tests: one server per file and database variant (PGlite in memory always;
// PostgreSQL when reachable, each file on its own fresh database, dropped afterwards), signed requests
// built with the contract's signParams, and a login that solves the captcha through the test hook.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type BuildOptions, buildServer } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import {
  createMemoryPglite,
  type Db,
  openPglite,
  openPgliteFromDump,
  redact,
} from '../../server/db/index.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { signParams } from '../../src/contract/sign.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const pgProblem = await probePostgres();
export const postgresAvailable = pgProblem === null;
if (!postgresAvailable) {
  console.warn(
    `PostgreSQL is not reachable at ${redact(PG_URL)} (${pgProblem}): the PostgreSQL variants are skipped.`,
  );
}

/** Creates a uniquely named database next to PG_URL's; `drop` removes it (forcing out leftover sessions). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `xy_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  // pg's Pool.end() resolves before its sockets have closed; a forced drop would kill those backends and
  // surface as an unhandled error in the closing client. So wait for them to go, and force only as a last resort.
  const drop = async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin(`drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}

/**
 * The data directory of a migrated, seeded in-memory PGlite, dumped once per vitest run into the run's
 * directory (tests/support/globalSetup.ts) by the first server test that needs it: each PGlite server then
 * starts from that copy, skipping initdb, the migrations and the seed (seconds per server). The server still
 * runs its migrations (finding none to apply) and its seed check (finding the seeded users) on it. Outside
 * a vitest run with that directory, undefined: every server starts from scratch.
 */
async function seededPgliteDump(): Promise<Blob | undefined> {
  const dir = inject('serverTemplateDir');
  if (!dir) return undefined;
  const file = join(dir, 'pglite-seeded.tar');
  if (!existsSync(file)) {
    const pglite = await createMemoryPglite();
    const db = await openPglite(pglite);
    try {
      await migrateToLatest(db);
      await seedIfEmpty(db);
      const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      // two workers may build it at once: each writes its own file and renames it into place
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    } finally {
      await db.destroy();
    }
  }
  return new Blob([readFileSync(file)]);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dir = mkdtempSync(join(tmpdir(), 'xy-server-test-'));
  const raw = loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    TEST_HOOKS: '1',
    DATA_DIR: dir,
    MEDIA_DIR: join(dir, 'media'),
    WEB_DIR: join(dir, 'dist'),
  });
  return {
    ...raw,
    jwtSecret: randomBytes(32).toString('hex'),
    signSecret: randomBytes(12).toString('hex'),
    // Tests fire requests far faster than a person: the per-user list limit is off unless a test sets it
    // (tests/server/search-and-messages.test.ts does).
    listRateLimit: { burst: 0, perSecond: 0 },
    ...overrides,
  };
}

export type Variant = 'pglite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: tests inspect reply bodies freely; the contract schemas check shapes.
type Json = any;
export type Reply = { status: number; json: Json; body: string; headers: Record<string, unknown> };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
  /** Raw payload instead of a JSON body (with `contentType`). */
  payload?: string | Buffer;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  /** false: unsigned; an object: sign with this secret / timestamp (to forge bad signatures). */
  sign?: false | { secret?: string; timestamp?: number };
  remoteAddress?: string;
};

export class TestServer {
  app!: FastifyInstance;
  config!: Config;
  private drop?: () => Promise<void>;

  async start(variant: Variant, overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<void> {
    let database: Config['database'] = { kind: 'memory' };
    if (variant === 'postgres') {
      const created = await createPostgresDatabase();
      this.drop = created.drop;
      database = { kind: 'postgres', url: created.url };
    }
    this.config = testConfig({ database, ...overrides });
    // An in-memory PGlite server starts from the run's seeded copy, unless it brings its own database, is
    // pointed at another one (overrides.database), or seeds more than the seed on a fresh start (the demo set).
    let db: Db | undefined;
    if (this.config.database.kind === 'memory' && !options.db && !this.config.demoData) {
      const dump = await seededPgliteDump();
      if (dump) db = await openPgliteFromDump(dump);
    }
    // Errors only: a 500 (the error handler logs its cause) shows in the test output with its stack.
    const logger = { level: 'error', stream: process.stderr };
    this.app = await buildServer(this.config, { logger, ...options, ...(db ? { db } : {}) });
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.drop?.();
    if (this.config) rmSync(this.config.dataDir, { recursive: true, force: true });
  }

  url(
    path: string,
    query: RequestOptions['query'] = {},
    body?: unknown,
    sign: RequestOptions['sign'] = {},
  ): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      for (const item of Array.isArray(v) ? v : [v])
        params.append(k, typeof item === 'boolean' ? (item ? '1' : '0') : String(item));
    }
    if (sign !== false) {
      const timestamp = sign.timestamp ?? Math.floor(Date.now() / 1000);
      // Sign what the server will see: query values as strings, the JSON body as sent.
      const signed: Record<string, unknown> = {};
      for (const k of new Set(params.keys())) {
        const all = params.getAll(k);
        signed[k] = all.length > 1 ? all : all[0];
      }
      if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(signed, body);
      params.set('timestamp', String(timestamp));
      params.set('sign', signParams(sign.secret ?? this.config.signSecret, signed, timestamp));
    }
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  }

  async request(path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `JWT ${options.token}`;
    if (options.contentType) headers['content-type'] = options.contentType;
    const payload =
      options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (options.body !== undefined && !options.contentType) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method: options.method ?? 'GET',
      url: this.url(path, options.query, options.body, options.sign),
      headers,
      payload,
      remoteAddress: options.remoteAddress,
    });
    let json: unknown;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, body: res.body, headers: res.headers };
  }

  get = (path: string, options: RequestOptions = {}) => this.request(path, { ...options, method: 'GET' });
  post = (path: string, body: unknown, options: RequestOptions = {}) =>
    this.request(path, { ...options, method: 'POST', body });
  put = (path: string, body: unknown, options: RequestOptions = {}) =>
    this.request(path, { ...options, method: 'PUT', body });
  delete = (path: string, body?: unknown, options: RequestOptions = {}) =>
    this.request(path, { ...options, method: 'DELETE', body });

  /** A fresh captcha and its answer (through the test hook). */
  async captcha(): Promise<{ key: number; answer: string }> {
    const { json } = await this.get('/api/captcha/');
    const hook = await this.app.inject({ url: `/__test__/captcha/${json.data.key}` });
    return { key: json.data.key, answer: hook.json().answer };
  }

  async loginReply(username: string, password = 'admin123456', remoteAddress?: string): Promise<Reply> {
    const { key, answer } = await this.captcha();
    return this.post(
      '/api/login/',
      { username, password: md5Hex(password), captcha: answer, captchaKey: key },
      { remoteAddress },
    );
  }

  async login(
    username = 'superadmin',
    password = 'admin123456',
  ): Promise<{ access: string; refresh: string; data: Json }> {
    const reply = await this.loginReply(username, password);
    if (reply.json?.code !== 2000) throw new Error(`login failed: ${reply.body}`);
    return { access: reply.json.data.access, refresh: reply.json.data.refresh, data: reply.json.data };
  }
}

/**
 * Declares `body` once per database variant, each with its own server started before and stopped after
 * the block. The PostgreSQL variant is skipped (with the note above) when PostgreSQL is not reachable.
 */
export function describeEachDatabase(
  title: string,
  body: (server: TestServer, variant: Variant) => void,
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): void {
  for (const variant of ['pglite', 'postgres'] as const) {
    describe.skipIf(variant === 'postgres' && !postgresAvailable)(`${title} [${variant}]`, () => {
      const server = new TestServer();
      beforeAll(() => server.start(variant, overrides, options));
      afterAll(() => server.stop());
      body(server, variant);
    });
  }
}
