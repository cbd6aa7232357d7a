/**
 * The hot API endpoints' part of `npm run bench` (issue 15, server part), run by scripts/bench.ts; on its own:
 * `node --import tsx scripts/bench-api.ts`. The real server in its own process on a PGlite directory (the
 * embedded default) prepared with 1,000 unread messages for `test` (scripts/bench-lib/message-seed.ts),
 * request signature on, list rate limit off (LIST_RATE_BURST=0: the message poll carries `page`/`limit`,
 * and one user's 2,000 req/s would otherwise be refused after 30). Each endpoint is loaded with autocannon
 * on 127.0.0.1 — 10 connections, 8 s after a 2 s warm-up, one signed URL (valid 300 s) — and every answer
 * must be a 2000 envelope. Prints one figure a line as `<name>: <value> <unit>`:
 *   api.get_message.rps        GET /xy/message/get_message/?limit=1&page=1&status=0 as `test` (the console's
 *                              5 s poll): mean requests per second
 *   api.settings.rps           GET /api/init/settings/ (no token: the login page's first call)
 *   api.web_router.rps         GET /api/system/menu/web_router/ as superadmin (every menu and button)
 *   api.web_router.role.rps    the same as `test` (role 用户: the menus and buttons of its role)
 *   api.<name>.latency.p50/p99 latency of those requests, ms
 *   api.<name>.cpu             the server process's CPU time (user + system, /proc) per request, µs: steadier
 *                              than req/s on a machine shared with other work (Linux only)
 *   api.<name>.baseline        the figure measured before issue 15 on the reference machine (same load shape)
 *   api.<name>.goal            issue 15's goal (exit 1 when under it, or when any answer was not a 2000)
 * Figures are machine-bound: on a loaded machine compare against a baseline taken there (`git stash` the
 * server, run this script).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSignIn } from '../tests/e2e/support/api.ts';
import { startServer, type TestServer } from '../tests/e2e/support/server.ts';
import { signSecret } from './bench-lib/console.ts';
import { loadFigures, signedUrl } from './bench-lib/load.ts';
import { prepareMessagesDatabase } from './bench-lib/message-seed.ts';

const MESSAGES = 1_000;
const MESSAGE_USER = 'test';

type Target = {
  name: string;
  path: string;
  query: Record<string, string>;
  user: string | null;
  /** req/s before issue 15 (recorded), null when none was recorded. */
  baseline: number | null;
  goal: number | null;
};

const TARGETS: Target[] = [
  {
    name: 'get_message',
    path: '/xy/message/get_message/',
    query: { limit: '1', page: '1', status: '0' },
    user: MESSAGE_USER,
    baseline: 712,
    goal: 2_000,
  },
  { name: 'settings', path: '/api/init/settings/', query: {}, user: null, baseline: 1_201, goal: 5_000 },
  {
    name: 'web_router',
    path: '/api/system/menu/web_router/',
    query: {},
    user: 'superadmin',
    baseline: 361,
    goal: 1_500,
  },
  {
    name: 'web_router.role',
    path: '/api/system/menu/web_router/',
    query: {},
    user: MESSAGE_USER,
    baseline: null,
    goal: 1_500,
  },
];

type Result = { ok: boolean };

/** One target under load (scripts/bench-lib/load.ts), after a check that it answers a 2000 envelope. */
async function measure(server: TestServer, secret: string, target: Target, token: string | null) {
  const url = signedUrl(server, secret, target.path, target.query);
  const headers: Record<string, string> = token ? { authorization: `JWT ${token}` } : {};
  const check = (await (await fetch(url, { headers })).json()) as { code: number; msg: unknown };
  if (check.code !== 2000) throw new Error(`${target.path}: ${check.code} ${JSON.stringify(check.msg)}`);
  return loadFigures(server, {
    name: `api.${target.name}`,
    url,
    token,
    baseline: target.baseline,
    goal: target.goal,
  });
}

/** Runs the hot-endpoint figures; `ok` is false when a goal was missed or an answer was not a 2000. */
export async function runApiBench(): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'xy-bench-api-'));
  let server: TestServer | undefined;
  try {
    await prepareMessagesDatabase(join(dir, 'pglite'), MESSAGE_USER, MESSAGES);
    server = await startServer({
      env: { DATABASE_URL: join(dir, 'pglite'), LIST_RATE_BURST: '0', LOG_LEVEL: 'warn' },
    });
    const secret = await signSecret(server);
    const tokens = new Map<string, string>();
    let ok = true;
    for (const target of TARGETS) {
      try {
        if (target.user && !tokens.has(target.user)) {
          tokens.set(target.user, (await apiSignIn(server, target.user)).access);
        }
        const token = target.user ? (tokens.get(target.user) ?? null) : null;
        ok = (await measure(server, secret, target, token)) && ok;
      } catch (error) {
        console.log(`api.${target.name}.rps: n/a (${error instanceof Error ? error.message : error})`);
        ok = false;
      }
    }
    return { ok };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  runApiBench().then(
    (result) => process.exit(result.ok ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
