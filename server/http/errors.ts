// Error mapping. Every failure under the API prefixes leaves as a dvadmin envelope — never an HTML page,
// never a stack trace. Unexpected errors are logged server-side with their stack and answered with a bare
// "internal server error".
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/envelope.ts';
import { ApiError, localeOf, refuse } from './envelope.ts';
import { t } from './messages.ts';

/** Path prefixes that are not SPA routes: a miss there is an error, never the SPA's index.html. */
const NON_SPA_PREFIXES = [
  '/api/',
  '/token/',
  '/xy/',
  '/media/',
  '/socket.io/',
  '/__test__/',
  '/app-config.js',
];
export const isSpaPath = (path: string) =>
  !NON_SPA_PREFIXES.some((p) => path === p || path === p.replace(/\/$/, '') || path.startsWith(p));

const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before there is a request to route, e.g.
 * headers over Node's maxHeaderSize (16 KB; a 100 KB Authorization header) → HTTP 431, a timeout → 408,
 * anything else → 400. Answered with the envelope (code 4000, Chinese: no headers were parsed to pick a
 * language) instead of Fastify's own JSON, then the connection is closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'header.tooLarge'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'body.malformed'] as const)
        : ([400, 'body.malformed'] as const);
  const body = JSON.stringify({ code: Code.validation, data: null, msg: t('zh', key) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .status(error.httpStatus)
    .type('application/json; charset=utf-8')
    .send({ code: error.code, data: null, msg: error.render(localeOf(request)) });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/** Maps Fastify's own request errors (body parsing, limits) to 4000 envelopes with a readable message. */
function fromFastifyError(error: FastifyError, request: FastifyRequest, bodyLimit: number): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return refuse('body.invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refuse('body.tooLarge', { limit: formatBytes(bodyLimit) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refuse('body.mediaType', {
        type: String(request.headers['content-type'] ?? '').split(';')[0] ?? '',
      });
  }
  // JSON.parse's SyntaxError and prototype-poisoning refusals from the JSON parser arrive as 400s.
  if (error instanceof SyntaxError || /prototype|constructor/i.test(error.message ?? '')) {
    if ((error.statusCode ?? 500) === 400) return refuse('body.invalidJson');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse('body.malformed');
  return null;
}

export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

export function registerErrorHandling(
  app: FastifyInstance,
  { bodyLimit, spaFallback }: { bodyLimit: number; spaFallback?: SpaFallback },
): void {
  // Method-not-allowed needs to know which API paths exist with other methods: collect them as they register.
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.config?.api) return;
    const source = route.url
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = new Set([route.method].flat().map((m) => m.toUpperCase()));
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  const allowedMethods = (path: string) =>
    routes.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]);

  // Bodies are JSON (multipart arrives with uploads later); text/plain is refused as DRF refuses it (415).
  app.removeContentTypeParser('text/plain');

  // An empty JSON body (DELETE with a JSON content type, say) is "no body", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(request, reply, error);
    const mapped = fromFastifyError(error, request, bodyLimit);
    if (mapped) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      return sendError(request, reply, mapped);
    }
    request.log.error({ err: error, url: pathOf(request.url), method: request.method }, 'unhandled error');
    return sendError(request, reply, new ApiError(500, (locale) => t(locale, 'server.error'), 500));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const allowed = allowedMethods(path);
    if (allowed.length && !allowed.includes(request.method)) {
      reply.header('allow', [...new Set(allowed)].join(', '));
      return sendError(request, reply, refuse('route.methodNotAllowed', { method: request.method }));
    }
    if (spaFallback && isSpaPath(path) && (request.method === 'GET' || request.method === 'HEAD')) {
      return spaFallback(request, reply);
    }
    if (path.startsWith('/media/')) {
      return sendError(request, reply, new ApiError(404, (l) => t(l, 'media.notFound'), 404));
    }
    return sendError(request, reply, new ApiError(Code.badRequest, { key: 'route.notFound' }));
  });
}
