// Everything that is not the API: the built SPA (with history fallback to index.html), uploaded media under
// /media (with the upload policy's headers), and /app-config.js, which tells the SPA where the API is and which
// secret to sign with — so one build works against any backend. /login, for a visitor without a session, comes
// drawn (issue 15): the form as the console would draw it, from the public settings and a fresh captcha
// challenge, rendered by the build's sign-in renderer (src/ui/login/draw-sign-in.tsx), with the same data in a
// JSON block for the console that takes it over. A form on screen before the scripts needs a guard until they
// arrive: an inline script in <head> (server/http/sign-in-guard.ts) holds a submit or a captcha click on the
// form for the console's form to carry out (src/ui/login/handover.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG_GLOBAL, type AppConfig } from '../src/contract/app-config.ts';
import { Cookies, LOGIN_PATH, Paths } from '../src/contract/paths.ts';
import { SIGN_IN_BOOT_ID, SIGN_IN_RENDERER, type SignInBootData } from '../src/contract/sign-in.ts';
import type { Config } from './config.ts';
import type { SpaFallback } from './http/errors.ts';
import { tokenCookie } from './http/refresh-cookie.ts';
import { SIGN_IN_GUARD } from './http/sign-in-guard.ts';
import { mediaHeaders } from './modules/file/policy.ts';
import type { PublicSettings } from './modules/settings/queries.ts';

const pathOf = (url: string) => url.split('?')[0] ?? url;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Console not built</title>
<p>The console has not been built yet. Run <code>npm run build</code>, then restart the server.</p>
<p>控制台尚未构建。请先运行 <code>npm run build</code>，然后重启服务。</p>`;

/** In index.html, what the drawn page replaces: the boot spinner inside `#root`. */
const ROOT_PLACEHOLDER = '<div id="boot" aria-hidden="true"></div>';

/** The build's renderer: the sign-in page's markup for its boot data in the `lang` cookie's language. */
export type DrawSignIn = (boot: SignInBootData, cookieLang?: string) => { html: string; language: string };

/** JSON with `<` escaped, so it can never close the <script> it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function appConfigScript(config: Config): string {
  const value: AppConfig = { apiBase: config.consoleApiBase, signSecret: config.signSecret };
  return `window.${APP_CONFIG_GLOBAL} = ${scriptSafeJson(value)};\n`;
}

/** What /login is drawn from: the public settings and a fresh captcha challenge. */
export type SignInBoot = {
  settings: PublicSettings;
  createCaptcha: () => Promise<{ key: number | string; image_base: string }>;
  /** The renderer; by default the build's own (`SIGN_IN_RENDERER` under the web directory). */
  draw?: DrawSignIn;
};

/** A visitor whose browser holds a session token cookie (the console restores it; no sign-in page). */
const hasSession = (request: FastifyRequest) => {
  const token = tokenCookie(request, Cookies.token);
  return !!token && token !== 'undefined';
};

/** The sign-in page's data for this visitor: a failed read only leaves it out (the page then asks the API). */
async function signInBootFor(
  signIn: SignInBoot,
  request: FastifyRequest,
): Promise<SignInBootData | undefined> {
  let boot: SignInBootData;
  try {
    const all = await signIn.settings.all();
    boot = { settings: all, captchaEnabled: all['base.captcha_state'] === true };
  } catch (error) {
    request.log.warn({ err: error }, 'sign-in page drawn without its settings');
    return undefined;
  }
  if (boot.captchaEnabled) {
    try {
      const { key, image_base } = await signIn.createCaptcha();
      boot.captcha = { key, image: image_base };
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in page drawn without its captcha');
    }
  }
  return boot;
}

/** The build's renderer, imported again when a new build replaced it; undefined without one. */
function buildRenderer(webDir: string): () => Promise<DrawSignIn | undefined> {
  const file = join(webDir, SIGN_IN_RENDERER);
  let loaded: { version: number; draw: Promise<DrawSignIn | undefined> } | undefined;
  return () => {
    const version = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (!version) return Promise.resolve(undefined);
    if (loaded?.version !== version) {
      const url = `${pathToFileURL(file).href}?v=${version}`;
      loaded = {
        version,
        draw: import(url).then((module: { drawSignIn?: DrawSignIn }) => module.drawSignIn),
      };
    }
    return loaded.draw;
  };
}

/**
 * index.html with the drawn page in `#root`, its data in a JSON block and its language on `<html>`, and the
 * guard that holds a submit until the console takes the form over (server/http/sign-in-guard.ts).
 */
export function withSignIn(
  html: string,
  boot: SignInBootData,
  drawn?: { html: string; language: string },
): string {
  const json = scriptSafeJson(boot);
  // replacer functions: a `$&` in a setting is text, not a replacement pattern
  let page = html.replace(
    '</head>',
    () => `<script type="application/json" id="${SIGN_IN_BOOT_ID}">${json}</script></head>`,
  );
  if (drawn && page.includes(ROOT_PLACEHOLDER)) {
    // before the page's first script: after a stylesheet, an inline script (and the form after it) would
    // wait for that stylesheet
    const guard = `<script>${SIGN_IN_GUARD}</script>`;
    const first = page.indexOf('<script');
    page = `${page.slice(0, first)}${guard}${page.slice(first)}`
      .replace(ROOT_PLACEHOLDER, () => drawn.html)
      .replace(/<html lang="[^"]*"/, `<html lang="${drawn.language}"`);
  }
  return page;
}

/** Brotli or gzip as the browser accepts them (a page drawn per request is compressed per request). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  signIn?: SignInBoot,
): Promise<SpaFallback> {
  app.get(Paths.appConfig, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .send(appConfigScript(config)),
  );

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
  const renderer = signIn?.draw ? async () => signIn.draw : buildRenderer(config.webDir);
  // Read per request (it is small): a `npm run build` while the server runs is picked up without a restart.
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const built = webRoot && existsSync(indexFile);
    const html = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;
    if (built && signIn && pathOf(request.url) === LOGIN_PATH && !hasSession(request)) {
      const boot = await signInBootFor(signIn, request);
      if (boot) {
        let drawn: { html: string; language: string } | undefined;
        try {
          drawn = (await renderer())?.(boot, tokenCookie(request, Cookies.lang));
        } catch (error) {
          request.log.warn({ err: error }, 'sign-in page not drawn');
        }
        // a one-time challenge, for this visitor only
        reply.header('cache-control', 'no-store');
        return sendHtml(request, reply, withSignIn(html, boot, drawn));
      }
    }
    reply.header('cache-control', 'no-cache');
    return sendHtml(request, reply, html);
  };
}
