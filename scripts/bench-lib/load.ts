// Load for a benchmark, as scripts/bench-api.ts measures the hot endpoints: autocannon on 127.0.0.1 against
// one signed URL (the signature's window is 300 s, so one serves a whole run), and the server process's CPU
// time per request from /proc (steadier than req/s on a machine shared with other work).
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { signParams } from '../../src/contract/sign.ts';
import type { TestServer } from '../../tests/e2e/support/server.ts';
import { figure } from './stats.ts';

export const LOAD_CONNECTIONS = 10;
export const LOAD_SECONDS = 8;
export const LOAD_WARMUP_SECONDS = 2;

/** CPU time (user + system) the process has used, ms; null where /proc is missing. */
export function cpuMs(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks, 100 a second).
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A signed URL for `path` with `query`. */
export function signedUrl(
  server: TestServer,
  secret: string,
  path: string,
  query: Record<string, string | number>,
): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const sign = signParams(secret, text, timestamp);
  const params = new URLSearchParams({ ...text, timestamp: String(timestamp), sign });
  return `${server.url}${path}?${params}`;
}

export type LoadTarget = {
  /** Figure prefix, e.g. `users.load.page1`. */
  name: string;
  url: string;
  token: string | null;
  /** req/s recorded before the change being measured, null when none was. */
  baseline: number | null;
  goal: number | null;
};

/**
 * Loads one URL (every answer must be a 2000 envelope) and prints `<name>.rps`, `.latency.p50`/`.p99`, `.cpu`
 * (µs/req), `.baseline` and `.goal`; false when an answer failed or the goal was missed.
 */
export async function loadFigures(server: TestServer, target: LoadTarget): Promise<boolean> {
  const headers: Record<string, string> = target.token ? { authorization: `JWT ${target.token}` } : {};
  const ok = (body: string | Buffer | undefined) => String(body ?? '').startsWith('{"code":2000,');
  const options = { url: target.url, headers, connections: LOAD_CONNECTIONS, verifyBody: ok };
  await run({ ...options, duration: LOAD_WARMUP_SECONDS });
  const cpuBefore = cpuMs(server.pid);
  const result = await run({ ...options, duration: LOAD_SECONDS });
  const cpuAfter = cpuMs(server.pid);
  const failed = result.non2xx + result.mismatches + result.errors + result.timeouts;
  figure(`${target.name}.rps`, result.requests.average, 'req/s', 0);
  figure(`${target.name}.latency.p50`, result.latency.p50, 'ms', 1);
  figure(`${target.name}.latency.p99`, result.latency.p99, 'ms', 1);
  if (cpuBefore !== null && cpuAfter !== null && result.requests.total > 0) {
    figure(`${target.name}.cpu`, ((cpuAfter - cpuBefore) * 1000) / result.requests.total, 'µs/req', 0);
  }
  if (target.baseline !== null) console.log(`${target.name}.baseline: ${target.baseline} req/s`);
  if (target.goal !== null) console.log(`${target.name}.goal: ${target.goal} req/s`);
  if (failed > 0) {
    console.error(
      `bench: ${target.name} answered ${result.non2xx} non-2xx, ${result.mismatches} bad envelopes, ` +
        `${result.errors} errors, ${result.timeouts} timeouts`,
    );
    return false;
  }
  if (target.goal !== null && result.requests.average < target.goal) {
    console.error(
      `bench: ${target.name}.rps ${Math.round(result.requests.average)} is under its goal ${target.goal}`,
    );
    return false;
  }
  return true;
}
