// Server configuration from the environment, validated once at start-up so a typo fails loudly with a
// message that names the variable, instead of surfacing later as a confusing runtime error.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type DatabaseTarget =
  | { kind: 'memory' }
  | { kind: 'pglite'; dir: string }
  | { kind: 'postgres'; url: string };

export type Config = {
  host: string;
  port: number;
  database: DatabaseTarget;
  dataDir: string;
  jwtSecret: string;
  signSecret: string;
  signature: 'require' | 'off';
  mediaDir: string;
  webDir: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  testHooks: boolean;
  consoleApiBase: string;
  logLevel: string;
  /** Fastify's trustProxy: whether X-Forwarded-For names the client (behind a reverse proxy). */
  trustProxy: boolean | number | string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /**
   * Failed logins allowed per window: per (client address, username), per client address, and per username
   * from anywhere (much higher, so no single address can lock an account: server/http/rate-limit.ts).
   */
  loginRateLimit: { perAddressAndUser: number; perAddress: number; perUser: number; windowSeconds: number };
  /** socket.io Redis adapter (several server processes); empty = in-process only. */
  redisUrl: string;
  /** `Authorization: Token <ingestToken>` may post items to /xy/items/; empty = signed-in users only. */
  ingestToken: string;
  /** Largest uploaded file in bytes (POST /api/system/file/). */
  uploadLimit: number;
  /** Per-user token bucket for list and search requests: burst size and refill per second (0 = off). */
  listRateLimit: { burst: number; perSecond: number };
  /** Seed the pipeline's demo set on the first start of a fresh database (DEMO_DATA; off for memory://). */
  demoData: boolean;
  /** The webhook delivery worker in this process (PUSH_WORKER, default on). */
  pushWorker: boolean;
  /** Webhook requests in flight at most, per process. */
  pushConcurrency: number;
  /** Seconds a claimed push stays with its worker before another may take it (a crashed process's claims). */
  pushLeaseSeconds: number;
};

/** What loadConfig reads before secrets are resolved: secrets may still be missing here. */
export type RawConfig = Omit<Config, 'jwtSecret' | 'signSecret'> & {
  jwtSecret?: string;
  signSecret?: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parses DATABASE_URL: `memory://`, `postgres(ql)://…`, or a PGlite directory (`pglite:<dir>`, `file:<dir>`, a path). */
export function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseTarget | string {
  if (!value) return { kind: 'pglite', dir: join(dataDir, 'pglite') };
  if (value === 'memory://' || value === 'memory:') return { kind: 'memory' };
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      return `DATABASE_URL is not a valid URL: ${value}`;
    }
    return { kind: 'postgres', url: value };
  }
  const dir = value.replace(/^(pglite|file):(\/\/)?/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(dir)) {
    return `DATABASE_URL must be memory://, postgres://… or a PGlite directory, got ${value}`;
  }
  return { kind: 'pglite', dir: resolve(dir) };
}

export function loadConfig(env: Env = process.env): RawConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
    return fallback;
  };
  const secret = (name: string, minLength: number): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (raw.length < minLength) problems.push(`${name} must be at least ${minLength} characters long`);
    return raw;
  };

  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || 'data');
  const database = parseDatabaseUrl(env.DATABASE_URL, dataDir);
  if (typeof database === 'string') problems.push(database);
  const testHooks = oneOf('TEST_HOOKS', ['0', '1', 'true', 'false'], '0');
  const trustProxyRaw = env.TRUST_PROXY?.trim() ?? '';
  // false (default), true, a hop count, or addresses/CIDRs of trusted proxies, comma separated.
  const trustProxy =
    trustProxyRaw === '' || trustProxyRaw === 'false' || trustProxyRaw === '0'
      ? false
      : trustProxyRaw === 'true'
        ? true
        : /^\d+$/.test(trustProxyRaw)
          ? Number(trustProxyRaw)
          : trustProxyRaw;
  const apiBase = env.CONSOLE_API_BASE ?? '';
  if (apiBase && !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(apiBase)) {
    problems.push(`CONSOLE_API_BASE must be empty, an absolute http(s) URL or a path, got "${apiBase}"`);
  }

  const config: RawConfig = {
    host,
    port: int('PORT', 8000, 0, 65535),
    database: typeof database === 'string' ? { kind: 'memory' } : database,
    dataDir,
    jwtSecret: secret('JWT_SECRET', 32),
    signSecret: secret('SIGN_SECRET', 8),
    signature: oneOf('SIGNATURE', ['require', 'off'], 'require'),
    mediaDir: resolve(env.MEDIA_DIR || join(dataDir, 'media')),
    webDir: resolve(env.WEB_DIR || 'dist'),
    accessTokenTtl: int('ACCESS_TOKEN_TTL', 7200, 1, 31 * 86400),
    refreshTokenTtl: int('REFRESH_TOKEN_TTL', 86400, 1, 365 * 86400),
    testHooks: testHooks === '1' || testHooks === 'true',
    consoleApiBase: apiBase.replace(/\/+$/, ''),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy,
    bodyLimit: int('BODY_LIMIT', 1024 * 1024, 1024, 512 * 1024 * 1024),
    loginRateLimit: { perAddressAndUser: 10, perAddress: 30, perUser: 100, windowSeconds: 300 },
    redisUrl: '',
    ingestToken: '',
    uploadLimit: 10 * 1024 * 1024,
    listRateLimit: {
      burst: int('LIST_RATE_BURST', 30, 0, 100_000),
      perSecond: int('LIST_RATE_PER_SECOND', 10, 0, 100_000),
    },
    demoData: false,
    pushWorker: true,
    pushConcurrency: 32,
    pushLeaseSeconds: 60,
  };
  const redisUrl = env.REDIS_URL?.trim() ?? '';
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
  }
  config.redisUrl = redisUrl;
  config.ingestToken = secret('INGEST_TOKEN', 16) ?? '';
  const demoData = oneOf(
    'DEMO_DATA',
    ['0', '1', 'true', 'false'],
    config.database.kind === 'memory' ? '0' : '1',
  );
  config.demoData = demoData === '1' || demoData === 'true';
  config.uploadLimit = int('UPLOAD_LIMIT', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
  config.pushWorker = oneOf('PUSH_WORKER', ['on', 'off'], 'on') === 'on';
  config.pushConcurrency = int('PUSH_CONCURRENCY', 32, 1, 1000);
  config.pushLeaseSeconds = int('PUSH_LEASE_S', 60, 5, 3600);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * Secrets absent from the environment are generated once and kept in `DATA_DIR/secrets.json` (mode 0600),
 * so tokens and signatures stay valid across restarts without a constant ever living in the code.
 */
export function resolveSecrets(raw: RawConfig): Config {
  if (raw.jwtSecret && raw.signSecret)
    return { ...raw, jwtSecret: raw.jwtSecret, signSecret: raw.signSecret };
  const file = join(raw.dataDir, 'secrets.json');
  let stored: { jwtSecret?: string; signSecret?: string } = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new ConfigError([`${file} is not valid JSON; fix or delete it (a new one is then generated)`]);
    }
  }
  const next = {
    jwtSecret: stored.jwtSecret || randomBytes(48).toString('base64url'),
    signSecret: stored.signSecret || randomBytes(24).toString('base64url'),
  };
  if (next.jwtSecret !== stored.jwtSecret || next.signSecret !== stored.signSecret) {
    mkdirSync(raw.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    ...raw,
    jwtSecret: raw.jwtSecret ?? next.jwtSecret,
    signSecret: raw.signSecret ?? next.signSecret,
  };
}
