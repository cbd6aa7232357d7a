// Security headers on every response (SECURITY.md, "Headers"). The SPA's pages get a Content-Security-Policy
// that allows exactly what the built console needs: its own scripts (index.html loads /app-config.js and the
// bundle by URL; the one inline script, the drawn /login's guard, is allowed by its hash; /login's boot data
// is a JSON block, which is never run), inline styles (Mantine and index.html's boot spinner), data:/blob:
// images (the captcha is a data: PNG; previews and downloads use blob: URLs), and connections to its own
// origin (API calls, the socket.io websocket) plus CONSOLE_API_BASE's origin when the API lives elsewhere,
// and http(s) pages in frames (menus embedded as iframe tabs, sandboxed by the console; no data:/blob:).
// Everything else (API JSON, scripts, styles) gets a policy that allows nothing, so a response opened on its
// own renders inert. /media sets its own, stricter headers (server/web.ts) and keeps them.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { SIGN_IN_GUARD_SOURCE } from './sign-in-guard.ts';

/** The API origin and its websocket form when CONSOLE_API_BASE points elsewhere (`https://api.example.com`). */
function apiSources(apiBase: string): string[] {
  if (!/^https?:\/\//i.test(apiBase)) return [];
  try {
    const { origin, protocol } = new URL(apiBase);
    const ws = `${protocol === 'https:' ? 'wss' : 'ws'}://${origin.slice(protocol.length + 2)}`;
    return [origin, ws];
  } catch {
    return [];
  }
}

export function spaContentSecurityPolicy(config: Pick<Config, 'consoleApiBase'>): string {
  const api = apiSources(config.consoleApiBase);
  return [
    "default-src 'self'",
    `script-src 'self' ${SIGN_IN_GUARD_SOURCE}${api.length ? ` ${api[0]}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Listing thumbnails live on the marketplace's image hosts: images over https load (inert), scripts do not.
    `img-src 'self' data: blob: https:${api.length ? ` ${api[0]}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${api.length ? ` ${api.join(' ')}` : ''}`,
    // Embedded menu links (is_link with frame_out false) are addresses an admin picks at run time.
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For anything that is not a page: nothing may load or run, and nobody may frame it. */
export const INERT_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const spaPolicy = spaContentSecurityPolicy(config);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? spaPolicy : INERT_CSP);
    }
    return payload;
  });
}
