// Everything that is not the API: the built SPA (with history fallback to index.html), uploaded media under
// /media (with the upload policy's headers), and /app-config.js, which tells the SPA where the API is and which secret to sign with — so one
// build works against any backend — and carries what the sign-in page needs: the public settings, the captcha
// flag and, for a visitor without a session, the first captcha challenge.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG_GLOBAL, type AppConfig } from '../src/contract/app-config.ts';
import { Cookies, Paths } from '../src/contract/paths.ts';
import type { Config } from './config.ts';
import type { SpaFallback } from './http/errors.ts';
import { tokenCookie } from './http/refresh-cookie.ts';
import { mediaHeaders } from './modules/file/policy.ts';
import type { PublicSettings } from './modules/settings/queries.ts';

const pathOf = (url: string) => url.split('?')[0] ?? url;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Console not built</title>
<p>The console has not been built yet. Run <code>npm run build</code>, then restart the server.</p>
<p>控制台尚未构建。请先运行 <code>npm run build</code>，然后重启服务。</p>`;

export function appConfigScript(config: Config, boot?: AppConfig['boot']): string {
  const value: AppConfig = { apiBase: config.consoleApiBase, signSecret: config.signSecret };
  if (boot) value.boot = boot;
  // Escape `<` so the JSON can never close a surrounding <script> if someone inlines it.
  return `window.${APP_CONFIG_GLOBAL} = ${JSON.stringify(value).replace(/</g, '\\u003c')};\n`;
}

/** What /app-config.js inlines for the sign-in page: the public settings and a fresh captcha challenge. */
export type SignInBoot = {
  settings: PublicSettings;
  createCaptcha: () => Promise<{ key: number | string; image_base: string }>;
};

/** A visitor whose browser holds a session token cookie (the console restores it; no sign-in page). */
const hasSession = (request: FastifyRequest) => {
  const token = tokenCookie(request, Cookies.token);
  return !!token && token !== 'undefined';
};

export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  signIn?: SignInBoot,
): Promise<SpaFallback> {
  // With the settings and, for a visitor without a session, the first captcha inlined, the sign-in page
  // draws its whole form without a request or the network code that would make it (issue 15). A failed read
  // only leaves them out: the page then asks the API as it would against another backend.
  app.get(Paths.appConfig, async (request, reply) => {
    let boot: AppConfig['boot'];
    if (signIn) {
      try {
        const all = await signIn.settings.all();
        boot = { settings: all, captchaEnabled: all['base.captcha_state'] === true };
      } catch (error) {
        request.log.warn({ err: error }, 'settings not inlined in /app-config.js');
      }
      if (boot?.captchaEnabled && !hasSession(request)) {
        try {
          const { key, image_base } = await signIn.createCaptcha();
          boot.captcha = { key, image: image_base };
        } catch (error) {
          request.log.warn({ err: error }, 'captcha not inlined in /app-config.js');
        }
      }
    }
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .send(appConfigScript(config, boot));
  });

  if (existsSync(config.mediaDir)) {
    // Uploaded files are someone else's content on our origin: never sniffed, sandboxed, and downloaded
    // rather than rendered unless they are raster images (server/modules/file/policy.ts).
    await app.register(async (media) => {
      media.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode < 400) reply.headers(mediaHeaders(pathOf(request.url)));
        return payload;
      });
      await media.register(fastifyStatic, {
        root: config.mediaDir,
        prefix: '/media/',
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
      });
    });
  }

  const webRoot = existsSync(config.webDir) && statSync(config.webDir).isDirectory();
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
      dotfiles: 'deny',
      // The build wrote `.br` and `.gz` beside each text asset (scripts/lib/precompress.ts): sent as the
      // browser accepts them, never compressed per request.
      preCompressed: true,
      cacheControl: false,
      // Hashed assets can be cached for good; anything else (index.html) is revalidated each time.
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const indexFile = join(config.webDir, 'index.html');
  // Read per request (it is small): a `npm run build` while the server runs is picked up without a restart.
  return (_request: FastifyRequest, reply: FastifyReply) => {
    const html = webRoot && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : NOT_BUILT;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
}
