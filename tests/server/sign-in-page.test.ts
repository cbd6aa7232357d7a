// /login comes drawn (server/web.ts, issue 15): for a visitor without a session the page's HTML holds the
// sign-in form, drawn by the real renderer (src/ui/login/draw-sign-in.tsx), and the data it was drawn from in a
// JSON block the console reads when it takes the form over.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { SIGN_IN_GUARD } from '../../server/http/sign-in-guard.ts';
import { writeSetting } from '../../server/modules/settings/queries.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { SERVER_DRAWN, SIGN_IN_BOOT_ID, SIGN_IN_RENDERER } from '../../src/contract/sign-in.ts';
import { drawSignIn } from '../../src/ui/login/draw-sign-in.tsx';
import { ROOT } from '../e2e/support/server.ts';
import { describeEachDatabase } from './helpers.ts';

const RENDERER_SOURCE = 'the renderer’s own source';

/** A web directory holding the project's index.html (what the build keeps of it around `#root`). */
function webDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'xy-sign-in-page-')), 'dist');
  mkdirSync(dir);
  copyFileSync(join(ROOT, 'index.html'), join(dir, 'index.html'));
  // where a build keeps its renderer: server code, never served
  mkdirSync(join(dir, dirname(SIGN_IN_RENDERER)));
  writeFileSync(join(dir, SIGN_IN_RENDERER), `export const source = '${RENDERER_SOURCE}';\n`);
  return dir;
}

type Boot = {
  settings: Record<string, unknown>;
  captchaEnabled: boolean;
  captcha?: { key: number; image: string };
};

/** The page's JSON block, parsed as the console reads it (JSON.parse of the element's text). */
function bootOf(html: string): Boot | undefined {
  const match = new RegExp(`<script type="application/json" id="${SIGN_IN_BOOT_ID}">([^<]*)</script>`).exec(
    html,
  );
  return match?.[1] ? (JSON.parse(match[1]) as Boot) : undefined;
}

const drawnForm = (html: string) => new RegExp(`<form[^>]*${SERVER_DRAWN.form}`).test(html);
const shownKey = (html: string) => /data-captcha-key="([^"]*)"/.exec(html)?.[1];

describeEachDatabase(
  'the sign-in page drawn by the server',
  (server) => {
    const load = (headers: Record<string, string> = {}) =>
      server.app.inject({ url: '/login', headers: { 'accept-encoding': 'identity', ...headers } });

    it('/login without a session comes with its form drawn and the data it was drawn from, never cached', async () => {
      const reply = await load();
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(drawnForm(reply.body)).toBe(true);
      // posted, never a query string, should the guard be missing
      expect(reply.body).toMatch(/<form[^>]*method="post"/);
      const boot = bootOf(reply.body);
      const { data } = (await server.get(Paths.settings)).json as { data: Record<string, unknown> };
      expect(boot).toEqual({
        settings: data,
        captchaEnabled: true,
        captcha: { key: expect.any(Number), image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
      });
      // the drawn challenge is the block's
      expect(shownKey(reply.body)).toBe(String(boot?.captcha?.key));
      expect(reply.body).toContain(`src="${boot?.captcha?.image}"`);
      expect(reply.body).toContain('<html lang="zh-CN"');
      expect(reply.body).toContain('>用户名<');
    });

    it('its one inline script is the submit guard, which the page’s policy allows by its hash alone', async () => {
      const reply = await load();
      const inline = [...reply.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
      expect(inline).toEqual([SIGN_IN_GUARD]);
      const hash = createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64');
      const scripts = /script-src ([^;]*)/.exec(String(reply.headers['content-security-policy']))?.[1];
      expect(scripts?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
      // the plain page has none
      const plain = await load({ cookie: 'token=abc.def.ghi' });
      expect(plain.body).not.toMatch(/<script>/);
    });

    it('each load has its own answerable challenge; a visitor with a session gets the plain page', async () => {
      const first = bootOf((await load()).body)?.captcha;
      const second = bootOf((await load()).body)?.captcha;
      expect(first?.key).toBeTypeOf('number');
      expect(second?.key).not.toBe(first?.key);
      const answer = (await server.app.inject({ url: `/__test__/captcha/${first?.key}` })).json().answer;
      const login = await server.post(Paths.login, {
        username: 'superadmin',
        password: md5Hex('admin123456'),
        captcha: answer,
        captchaKey: first?.key,
      });
      expect(login.json?.code).toBe(2000);
      // a browser restoring its session never shows the sign-in page: no challenge spent on it
      const withSession = await load({ cookie: 'uuid=1; token=abc.def.ghi' });
      expect(withSession.headers['cache-control']).toBe('no-cache');
      expect(bootOf(withSession.body)).toBeUndefined();
      expect(drawnForm(withSession.body)).toBe(false);
      // a token cookie of `undefined` (what a dvadmin console writes after a failed login) is no session
      const failed = await load({ cookie: 'token=undefined' });
      expect(bootOf(failed.body)?.captcha?.key).toBeTypeOf('number');
      // other pages are never drawn
      expect(bootOf((await server.app.inject({ url: '/system/user' })).body)).toBeUndefined();
    });

    it('is drawn in the language of the lang cookie (dvadmin’s values), Chinese without one', async () => {
      const english = await load({ cookie: 'lang=en' });
      expect(english.body).toContain('<html lang="en"');
      expect(english.body).toContain('>Username<');
      expect(english.body).not.toContain('>用户名<');
      const chinese = await load({ cookie: 'lang=zh-chs' });
      expect(chinese.body).toContain('<html lang="zh-CN"');
      expect(chinese.body).toContain('>用户名<');
    });

    const siteName = async () =>
      ((await server.get(Paths.settings)).json as { data: Record<string, string> }).data['login.site_name'] ??
      '';

    it('follows a settings change at once: the captcha switched off, a new site name', async () => {
      const name = await siteName();
      await writeSetting(server.app.db, 'base.captcha_state', false);
      await writeSetting(server.app.db, 'login.site_name', '闲鱼监控中心');
      try {
        const reply = await load();
        const boot = bootOf(reply.body);
        expect(boot?.captchaEnabled).toBe(false);
        expect(boot?.captcha).toBeUndefined();
        expect(shownKey(reply.body)).toBeUndefined();
        expect(reply.body).not.toContain('name="captcha"');
        expect(reply.body).toContain('>闲鱼监控中心</h1>');
      } finally {
        await writeSetting(server.app.db, 'base.captcha_state', true);
        await writeSetting(server.app.db, 'login.site_name', name);
      }
      const again = await load();
      expect(bootOf(again.body)?.captcha?.key).toBeTypeOf('number');
      expect(again.body).toContain('name="captcha"');
    });

    it('a setting stays text: markup and a closing script tag neither run nor break the page', async () => {
      const name = await siteName();
      const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>$&';
      await writeSetting(server.app.db, 'login.site_name', hostile);
      try {
        const reply = await load();
        expect(reply.body).not.toContain('<script>alert(1)');
        expect(reply.body).not.toContain('<img src=x');
        expect(bootOf(reply.body)?.settings['login.site_name']).toBe(hostile);
        expect(reply.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(drawnForm(reply.body)).toBe(true);
      } finally {
        await writeSetting(server.app.db, 'login.site_name', name);
      }
    });

    it('the renderer under the web directory is server code: never served', async () => {
      const reply = await server.app.inject({ url: `/${SIGN_IN_RENDERER}` });
      expect(reply.body).not.toContain(RENDERER_SOURCE);
      expect(reply.headers['content-type']).not.toMatch(/javascript/);
    });

    it('is compressed as the browser accepts it: brotli, else gzip, else as is', async () => {
      const br = await load({ 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(drawnForm(brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(true);
      const gzip = await load({ 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(drawnForm(gunzipSync(gzip.rawPayload).toString('utf8'))).toBe(true);
      const plain = await load();
      expect(plain.headers['content-encoding']).toBeUndefined();
    });
  },
  { webDir: webDir() },
  { drawSignIn },
);

describeEachDatabase(
  'the sign-in page when its renderer fails',
  (server) => {
    it('comes with its data and without a form (the entry then draws it), never an error page', async () => {
      const reply = await server.app.inject({ url: '/login' });
      expect(reply.statusCode).toBe(200);
      expect(drawnForm(reply.body)).toBe(false);
      expect(reply.body).toContain('<div id="boot"');
      expect(bootOf(reply.body)?.captcha?.key).toBeTypeOf('number');
    });
  },
  { webDir: webDir() },
  {
    drawSignIn: () => {
      throw new Error('renderer broke');
    },
  },
);
