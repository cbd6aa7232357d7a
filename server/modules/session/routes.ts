// Session endpoints (CONTRACT.md, "Session"): settings, captcha, login, token refresh, logout. All public
// (no access token needed) but signed like every API call.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Paths } from '../../../src/contract/paths.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { ApiError, envelope } from '../../http/envelope.ts';
import { validateBody } from '../../http/validate.ts';
import { isCaptchaEnabled, readSettings } from '../settings/queries.ts';
import { createCaptcha } from './captcha.ts';
import { login } from './login.ts';
import { revokeRefreshToken, rotateRefreshToken } from './tokens.ts';

const PUBLIC = { config: { api: true, auth: 'none', module: 'session' } } as const;

const refreshBody = z.object({ refresh: z.string().min(1) });
const logoutBody = z.object({ refresh: z.string().nullish() });

export function registerSessionRoutes(app: FastifyInstance, db: Db, config: Config): void {
  // `?aff=` (an affiliate code the SPA remembers) is accepted and has no effect here.
  app.get(Paths.settings, PUBLIC, async (request) => envelope(request, await readSettings(db), 'ok.success'));

  app.get(Paths.captcha, PUBLIC, async (request) =>
    envelope(request, (await isCaptchaEnabled(db)) ? await createCaptcha(db) : {}, 'ok.success'),
  );

  app.get(Paths.captchaStatus, PUBLIC, async (request) =>
    envelope(request, { state: await isCaptchaEnabled(db) }, 'ok.success'),
  );

  app.post(Paths.login, PUBLIC, async (request) =>
    envelope(request, await login(db, config, request), 'ok.request'),
  );

  // dvadmin 2.1's enveloped form; a bad, spent or revoked token gets its `{code: 400, msg: "error"}`.
  app.post(Paths.tokenRefresh, PUBLIC, async (request) => {
    const { refresh } = validateBody(refreshBody, request.body, {});
    const result = await rotateRefreshToken(db, refresh, config);
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'token refresh refused');
      throw new ApiError(400, () => 'error');
    }
    return envelope(request, result.tokens, 'ok.success');
  });

  // Logout revokes the refresh token's family. It answers 注销成功 even without a valid token: the client
  // is leaving either way, and an expired access token must not make logout fail.
  app.post(Paths.logout, { config: { api: true, auth: 'optional', module: 'session' } }, async (request) => {
    const { refresh } = validateBody(logoutBody, request.body, {});
    if (refresh) await revokeRefreshToken(db, refresh, config.jwtSecret);
    return envelope(request, null, 'ok.loggedOut');
  });
}
