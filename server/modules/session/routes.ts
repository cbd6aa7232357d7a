// Session endpoints (CONTRACT.md, "Session"): settings, captcha, login, token refresh, logout. All public
// (no access token needed) but signed like every API call. With `?refresh_cookie=1` on login the refresh
// token travels in an HttpOnly cookie instead of the body (server/http/refresh-cookie.ts).
// The settings map is kept in memory until a system_config change is heard (issue 15, server/db/changes.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Paths } from '../../../src/contract/paths.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { ApiError, envelope } from '../../http/envelope.ts';
import {
  clearRefreshCookie,
  refreshFromCookie,
  setRefreshCookie,
  wantsRefreshCookie,
} from '../../http/refresh-cookie.ts';
import { validateBody } from '../../http/validate.ts';
import { isCaptchaEnabled, type PublicSettings } from '../settings/queries.ts';
import { createCaptcha } from './captcha.ts';
import { login } from './login.ts';
import { revokeRefreshToken, rotateRefreshToken } from './tokens.ts';

const PUBLIC = { config: { api: true, auth: 'none', module: 'session' } } as const;

const refreshBody = z.object({ refresh: z.string().min(1) });
const logoutBody = z.object({ refresh: z.string().nullish() });
const bodyObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function registerSessionRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  settings: PublicSettings,
): void {
  // `?aff=` (an affiliate code the SPA remembers) is accepted and has no effect here.
  app.get(Paths.settings, PUBLIC, async (request) => envelope(request, await settings.all(), 'ok.success'));

  app.get(Paths.captcha, PUBLIC, async (request) =>
    envelope(request, (await isCaptchaEnabled(db)) ? await createCaptcha(db) : {}, 'ok.success'),
  );

  app.get(Paths.captchaStatus, PUBLIC, async (request) =>
    envelope(request, { state: await isCaptchaEnabled(db) }, 'ok.success'),
  );

  app.post(Paths.login, PUBLIC, async (request, reply) => {
    const data = await login(db, config, request);
    if (!wantsRefreshCookie(request)) return envelope(request, data, 'ok.request');
    setRefreshCookie(request, reply, data.refresh, config.refreshTokenTtl);
    return envelope(request, { ...data, refresh: '' }, 'ok.request');
  });

  // dvadmin 2.1's enveloped form; a bad, spent or revoked token gets its `{code: 400, msg: "error"}`.
  // The token comes from the body (dvadmin) or, when the body has none, from the HttpOnly cookie — which is
  // then rotated, and the body's `refresh` is "".
  app.post(Paths.tokenRefresh, PUBLIC, async (request, reply) => {
    const body = bodyObject(request.body);
    const cookie = body.refresh == null || body.refresh === '' ? refreshFromCookie(request) : undefined;
    const { refresh } = validateBody(refreshBody, cookie ? { refresh: cookie } : request.body, {});
    const result = await rotateRefreshToken(db, refresh, config);
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'token refresh refused');
      if (cookie) clearRefreshCookie(request, reply);
      throw new ApiError(400, () => 'error');
    }
    if (!cookie) return envelope(request, result.tokens, 'ok.success');
    setRefreshCookie(request, reply, result.tokens.refresh, config.refreshTokenTtl);
    return envelope(request, { ...result.tokens, refresh: '' }, 'ok.success');
  });

  // Logout revokes the refresh token's family. It answers 注销成功 even without a valid token: the client
  // is leaving either way, and an expired access token must not make logout fail.
  app.post(
    Paths.logout,
    { config: { api: true, auth: 'optional', module: 'session' } },
    async (request, reply) => {
      const { refresh: fromBody } = validateBody(logoutBody, request.body, {});
      const cookie = refreshFromCookie(request);
      const refresh = fromBody || cookie;
      if (cookie) clearRefreshCookie(request, reply);
      if (refresh) await revokeRefreshToken(db, refresh, config.jwtSecret);
      return envelope(request, null, 'ok.loggedOut');
    },
  );
}
