// Operation log: one row per non-GET API request — path, method, body (secrets masked), response code and
// msg, address, user. Written after the response is sent so it never delays the caller; the pending writes
// are tracked so shutdown (and tests) can wait for them instead of losing rows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { describeAgent } from '../lib/agent.ts';

const SECRET_KEY = /password|secret|^token$|^refresh$|^access$/i;
const MAX_BODY_TEXT = 4000;
const UNLOGGED = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A copy of the body with secret-looking fields replaced by `******`. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '******' : maskSecrets(v, depth + 1)]),
  );
}

function bodyText(request: FastifyRequest): string | null {
  if (request.body === undefined || request.body === null) return null;
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('multipart/')) return '(multipart)';
  const text = JSON.stringify(maskSecrets(request.body));
  return text.length > MAX_BODY_TEXT ? `${text.slice(0, MAX_BODY_TEXT)}…` : text;
}

/** API writes, except machine-token calls to machine endpoints (recorded by their module). */
const logged = (request: FastifyRequest) => {
  const config = request.routeOptions.config;
  if (!config?.api || UNLOGGED.has(request.method)) return false;
  return !(config.machine && !request.user);
};

export function registerOperationLog(app: FastifyInstance, db: Db): { idle: () => Promise<void> } {
  const pending = new Set<Promise<void>>();

  // Capture the envelope's code and msg from the payload on its way out.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!logged(request) || request.outcome) return payload;
    if (typeof payload === 'string' && payload.startsWith('{')) {
      try {
        const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
        request.outcome = {
          code: typeof body.code === 'number' ? body.code : null,
          msg: typeof body.msg === 'string' ? body.msg : JSON.stringify(body.msg ?? null),
        };
      } catch {
        // not an envelope: logged without code
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    if (!logged(request)) return;
    const agent = describeAgent(request.headers['user-agent']);
    const code = request.outcome?.code ?? null;
    const user = request.user;
    const write = db
      .insertInto('operation_log')
      .values({
        request_modular: request.routeOptions.config.module ?? null,
        request_path: request.url.split('?')[0]!.slice(0, 400),
        request_body: bodyText(request),
        request_method: request.method,
        request_msg: null,
        request_ip: request.ip,
        request_browser: agent.browser,
        request_os: agent.os,
        response_code: code === null ? null : String(code),
        json_result: JSON.stringify({ code, msg: request.outcome?.msg ?? null }),
        status: code === 2000,
        creator: user?.id ?? null,
        modifier: user ? String(user.id) : null,
        dept_belong_id: user?.dept_id == null ? null : String(user.dept_id),
      })
      .execute()
      .then(
        () => {},
        (error: unknown) => request.log.error({ err: error }, 'operation log write failed'),
      )
      .finally(() => pending.delete(write));
    pending.add(write);
  });

  return {
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
