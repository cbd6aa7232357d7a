// One HTTP POST to a webhook, bounded in every way a receiver can misbehave: a timeout over the whole
// exchange (connect, headers and body), redirects not followed (a 3xx is a failure naming where it pointed),
// the answer read up to a cap and cut there, and every error turned into a short readable sentence. Never
// throws: the outcome is data for the attempt's row. Requests go through node:http(s) keep-alive agents
// (connections to a receiver are reused across deliveries; lighter than fetch at a thousand requests a second).
import http from 'node:http';
import https from 'node:https';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

export const MAX_ANSWER_BYTES = 64 * 1024;
/** How much of the answer is kept on the attempt's row / answered by the webhook test. */
export const ANSWER_KEEP = 500;

export type SendOutcome = {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  /** The answer, cut to ANSWER_KEEP characters. */
  body: string;
  error: string | null;
  /** Worth another attempt (network trouble, timeout, 5xx, 408, 429). */
  retryable: boolean;
};

export type SendOptions = {
  timeoutMs: number;
  /** Refuses a URL (e.g. the server's own API); answers the reason. */
  guard?: (url: URL) => string | null;
};

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A readable sentence for a request failure (a system error's `code`, or fetch's in `cause`). */
export function describeError(error: unknown, url: URL, timeoutMs: number): string {
  const e = error as {
    name?: string;
    message?: string;
    code?: string;
    cause?: { code?: string; message?: string };
  };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return `timeout: no answer within ${timeoutMs} ms`;
  const code = e?.cause?.code ?? e?.code;
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  if (code === 'ECONNREFUSED') return `connection refused (${where})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host not found (${url.hostname})`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `connection closed by the receiver (${where})`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `host unreachable (${where})`;
  if (code && /CERT|SSL|TLS/i.test(code)) return `TLS error (${code})`;
  const message = e?.cause?.message ?? e?.message ?? String(error);
  return clip(code ? `${code}: ${message}` : message, 300);
}

export function parseWebhookUrl(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `not an http(s) URL (${url.protocol})`;
  return url;
}

/**
 * Keep-alive agents shared by every webhook request of this process: a worker sends many requests to the
 * same receivers, so connections are reused rather than opened per request. A free connection is closed
 * after 4 s, under the 5 s many servers keep an idle one open (Node's default), so a request rarely meets a
 * connection the receiver is closing.
 */
const AGENT_OPTIONS = { keepAlive: true, timeout: 4000, maxFreeSockets: 256, scheduling: 'lifo' } as const;
const httpAgent = new http.Agent(AGENT_OPTIONS);
const httpsAgent = new https.Agent(AGENT_OPTIONS);

const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const fail = (
    error: string,
    retryable: boolean,
    status: number | null = null,
    answer = '',
  ): SendOutcome => ({
    ok: false,
    status,
    latencyMs: latency(),
    body: clip(answer, ANSWER_KEEP),
    error: clip(error, 500),
    retryable,
  });
  const url = parseWebhookUrl(rawUrl);
  if (typeof url === 'string') return fail(url, false);
  const refused = options.guard?.(url);
  if (refused) return fail(refused, false);

  let answered: { status: number; location: string | null; text: string; cut: boolean };
  try {
    answered = await post(url, headers, body, options.timeoutMs);
  } catch (error) {
    return fail(describeError(error, url, options.timeoutMs), true);
  }
  const { status, text, cut } = answered;
  if (status >= 300 && status < 400) {
    return fail(
      `redirected (${status}) to ${clip(answered.location ?? '?', 200)}; redirects are not followed`,
      false,
      status,
      text,
    );
  }
  if (cut) return fail(`answer larger than ${MAX_ANSWER_BYTES / 1024} KB (cut)`, false, status, text);
  if (status < 200 || status >= 300) {
    const retryable = status >= 500 || status === 408 || status === 429;
    return fail(
      `HTTP ${status}${text ? `: ${clip(text.replace(/\s+/g, ' '), 200)}` : ''}`,
      retryable,
      status,
      text,
    );
  }
  return {
    ok: true,
    status,
    latencyMs: latency(),
    body: clip(text, ANSWER_KEEP),
    error: null,
    retryable: false,
  };
}

/**
 * One POST over the keep-alive agents, the answer read up to MAX_ANSWER_BYTES (decoded when compressed);
 * rejects with a TimeoutError past `timeoutMs` from the start, or with the socket's error.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; location: string | null; text: string; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body, 'utf8');
    const secure = url.protocol === 'https:';
    let settled = false;
    const settle = (error: unknown, value?: Parameters<typeof resolve>[0]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value!);
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? httpsAgent : httpAgent,
      headers: {
        'user-agent': 'xy-admin-webhook',
        accept: '*/*',
        'accept-encoding': 'gzip, deflate, br',
        ...headers,
        'content-length': String(payload.byteLength),
      },
    });
    const timer = setTimeout(() => {
      const timeout = new DOMException('timeout', 'TimeoutError');
      settle(timeout);
      request.destroy(timeout);
    }, timeoutMs);
    request.on('error', (error) => settle(error));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location ?? null;
      const encoding = String(response.headers['content-encoding'] ?? '')
        .trim()
        .toLowerCase();
      const decoder = DECODERS[encoding]?.();
      const source: Readable = decoder ? response.pipe(decoder) : response;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (cut: boolean) => {
        const text = Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
        settle(null, { status, location, text, cut });
      };
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size > MAX_ANSWER_BYTES) {
          finish(true);
          // The rest is not read: the connection is not reused.
          request.destroy();
        }
      });
      source.on('end', () => finish(false));
      source.on('error', (error) => settle(error));
      response.on('error', (error) => settle(error));
    });
    request.end(payload);
  });
}
