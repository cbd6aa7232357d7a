import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The real reference server for browser tests and the benchmark, on a free 127.0.0.1 port, with an in-memory
 * database (or a PGlite directory when a test must prepare it with the management CLI), its own DATA_DIR in
 * a temp dir and the test hooks on. Stopped by its own PID. Browser tests share one (`sharedServer`, started
 * by ./globalSetup.ts) unless a spec file needs its own (`startServer`, see ./console.ts).
 */
export const ROOT = resolve(import.meta.dirname, '../../..');

export type ServerOptions = {
  /** Extra environment (ACCESS_TOKEN_TTL, SIGNATURE…). */
  env?: Record<string, string>;
  /** Use a PGlite directory inside the data dir instead of `memory://` (needed to prepare data with the CLI). */
  persistent?: boolean;
  /** `npm run manage -- …` argument lists run against the server's database before it starts. */
  manage?: string[][];
  /** How long to wait for the listening line. */
  startTimeoutMs?: number;
  /** A wall clock the test moves (`advanceClock`), see ./serverClock.ts. */
  clock?: boolean;
};

export type TestServer = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  dataDir: string;
  /** The captcha answer for a key, from `GET /__test__/captcha/<key>`. */
  captchaAnswer(key: string | number): Promise<string>;
  /** How many `method path` requests reached the server since it (re)started (`GET /__test__/requests`). */
  requestCount(path: string, method?: string): Promise<number>;
  /** Stops the process but keeps its data dir (use with `persistent`), so `resume` can bring it back. */
  halt(): Promise<void>;
  /** Starts the server again on the same port and data (after `halt`). */
  resume(): Promise<void>;
  /**
   * Moves the server's wall clock `ms` ahead (needs `clock: true`); while halted, from its next start.
   * Pair it with `page.clock.runFor(ms)` (see `advanceTime` in ./console.ts).
   */
  advanceClock(ms: number): Promise<void>;
  /** How far `advanceClock` has moved the server's wall clock so far (0 without `clock: true`). */
  readonly clockOffsetMs: number;
  stop(): Promise<void>;
};

/** Where ./globalSetup.ts leaves the run's migrated, seeded PGlite copy (see ./seededDatabase.ts). */
export const PGLITE_DUMP_ENV = 'E2E_PGLITE_DUMP';

/**
 * Whether a server starts from the run's seeded copy: an in-memory one that seeds nothing more on a fresh
 * start (no demo set), while the run has a copy.
 */
function seededCopy(options: ServerOptions): boolean {
  return !options.persistent && !options.env?.DEMO_DATA && !!process.env[PGLITE_DUMP_ENV];
}

function serverEnv(dataDir: string, options: ServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: options.persistent ? join(dataDir, 'pglite') : 'memory://',
    DATA_DIR: dataDir,
    WEB_DIR: join(ROOT, 'dist'),
    TEST_HOOKS: '1',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'xy-e2e-'));
  const env = serverEnv(dataDir, options);
  for (const args of options.manage ?? []) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/manage.ts', ...args], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (run.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`manage ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
    }
  }
  let clockOffset = 0;
  const launch = async (launchEnv: NodeJS.ProcessEnv) => {
    const preload = [
      ...(options.clock ? ['--import', './tests/e2e/support/serverClock.ts'] : []),
      ...(seededCopy(options) ? ['--import', './tests/e2e/support/seededDatabase.ts'] : []),
    ];
    const started = spawn(process.execPath, ['--import', 'tsx', ...preload, 'server/main.ts'], {
      cwd: ROOT,
      env: { ...launchEnv, E2E_CLOCK_OFFSET_MS: String(clockOffset) },
      stdio: ['ignore', 'pipe', 'pipe', ...(options.clock ? (['ipc'] as const) : [])],
    });
    try {
      return { child: started, url: await waitForListening(started, options.startTimeoutMs ?? 120_000) };
    } catch (error) {
      await stopChild(started);
      throw error;
    }
  };
  let child: ChildProcess;
  let url: string;
  try {
    ({ child, url } = await launch(env));
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    captchaAnswer: (key) => captchaAnswer(url, key),
    get pid() {
      return child.pid as number;
    },
    requestCount: (path, method) => requestCount(url, path, method),
    get clockOffsetMs() {
      return clockOffset;
    },
    async halt() {
      await stopChild(child);
    },
    async resume() {
      ({ child } = await launch({ ...env, PORT: new URL(url).port }));
    },
    async advanceClock(ms) {
      if (!options.clock) throw new Error('advanceClock needs a server started with `clock: true`');
      clockOffset += ms;
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolvePromise, reject) => {
        const onMessage = (message: { type?: string }) => {
          if (message?.type !== 'clock.advanced') return;
          child.off('message', onMessage);
          resolvePromise();
        };
        child.on('message', onMessage);
        child.send({ type: 'clock.advance', ms }, (error) => error && reject(error));
      });
    },
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (https?:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        cleanup();
        // keep draining the pipes so the server never blocks on a full buffer
        child.stdout?.resume();
        child.stderr?.resume();
        resolvePromise(match[1].replace(/\/+$/, ''));
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`server exited (${code}) before listening:\n${output}`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
  });
}

/** SIGTERM to this PID, SIGKILL if it is still there after 5 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const killer = setTimeout(() => {
      if (child.pid) process.kill(child.pid, 'SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    process.kill(child.pid as number, 'SIGTERM');
  });
}

/** Where ./globalSetup.ts leaves the shared server's address for the workers. */
export const SHARED_SERVER_ENV = 'E2E_SHARED_SERVER';

type SharedServerInfo = { url: string; pid: number; dataDir: string };

/**
 * The shared server as a `TestServer`: its hooks work; stopping, halting or resuming it is refused (a test
 * that needs that has its own server), and `stop` is left to the global teardown.
 */
export function sharedServer(): TestServer {
  const raw = process.env[SHARED_SERVER_ENV];
  if (!raw)
    throw new Error(`no shared server (${SHARED_SERVER_ENV} unset): run through playwright.config.ts`);
  const info = JSON.parse(raw) as SharedServerInfo;
  const refuse = async () => {
    throw new Error(
      'the shared server cannot be halted, resumed or moved in time: use startServerForThisFile',
    );
  };
  return {
    ...info,
    captchaAnswer: (key) => captchaAnswer(info.url, key),
    requestCount: (path, method) => requestCount(info.url, path, method),
    halt: refuse,
    resume: refuse,
    advanceClock: refuse,
    clockOffsetMs: 0,
    async stop() {},
  };
}

/**
 * Migrates and seeds an in-memory PGlite once and dumps its data directory to `file` (global setup): the
 * copy every in-memory test server starts from (./seededDatabase.ts).
 */
export async function dumpSeededDatabase(file: string): Promise<void> {
  const { createMemoryPglite, openPglite } = await import('../../../server/db/index.ts');
  const { migrateToLatest } = await import('../../../server/db/migrate.ts');
  const { seedIfEmpty } = await import('../../../server/db/seed.ts');
  const pglite = await createMemoryPglite();
  const db = await openPglite(pglite);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db);
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

/** Starts the shared server (global setup) and says how the workers find it. */
export async function startSharedServer(): Promise<{ server: TestServer; env: string }> {
  // a loaded machine can take long to start it; every spec that shares it waits for it here, once
  const server = await startServer({ startTimeoutMs: 180_000 });
  const info: SharedServerInfo = { url: server.url, pid: server.pid, dataDir: server.dataDir };
  return { server, env: JSON.stringify(info) };
}

async function captchaAnswer(url: string, key: string | number): Promise<string> {
  const response = await fetch(`${url}/__test__/captcha/${encodeURIComponent(String(key))}`);
  if (!response.ok) throw new Error(`captcha hook answered ${response.status}`);
  const body = (await response.json()) as { answer?: unknown; data?: { answer?: unknown } };
  const answer = body.answer ?? body.data?.answer;
  if (answer === undefined || answer === null) throw new Error(`no captcha answer for key ${key}`);
  return String(answer);
}

async function requestCount(url: string, path: string, method = 'GET'): Promise<number> {
  const query = new URLSearchParams({ method, path });
  const response = await fetch(`${url}/__test__/requests?${query}`);
  if (!response.ok) throw new Error(`request counter answered ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}
