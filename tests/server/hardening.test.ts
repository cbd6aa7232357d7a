// Issue 12's probes (items 3 and 6), each named after the rule it protects: an uploaded file never runs on
// the console's origin, every response carries the security headers, the refresh token can live out of
// JavaScript's reach, and a NUL byte anywhere in a request is a clear 4000 naming the field, never a 500.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaContentSecurityPolicy } from '../../server/http/security-headers.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { describeEachDatabase, TestServer } from './helpers.ts';

const FILES = '/api/system/file/';

function multipart(filename: string, type: string, content: string | Buffer) {
  const boundary = `----xy${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const HOSTILE_XSD = `<?xml version="1.0"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body><script>document.title = 'pwned'</script></body></html>`;

describeEachDatabase(
  'a NUL byte (U+0000) in any request is a 4000 naming the field, never a 500',
  (server) => {
    let token = '';
    beforeAll(async () => {
      token = (await server.login('superadmin')).access;
    });

    const LISTS = [
      '/api/system/user/',
      '/api/system/role/',
      '/api/system/dept/',
      '/api/system/menu/',
      '/api/system/menu_button/',
      '/api/system/dictionary/',
      '/api/system/area/',
      '/api/system/api_white_list/',
      '/api/system/system_config/',
      '/api/system/login_log/',
      '/api/system/operation_log/',
      '/api/system/file/',
      '/api/system/message_center/',
      '/xy/message/get_message/',
      '/xy/items/',
    ];

    it.each(LISTS)('GET %s?search=a%%00b answers 4000 naming `search`', async (path) => {
      const reply = await server.get(path, { token, query: { search: 'a\u0000b' } });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ code: 4000, data: null, msg: 'search:不允许包含空字符（U+0000）。' });
    });

    it('a NUL in any other query parameter names that parameter (English when preferred)', async () => {
      const reply = await server.get('/api/system/user/', {
        token,
        query: { username: 'x\u0000' },
        headers: { 'accept-language': 'en' },
      });
      expect(reply.json).toEqual({
        code: 4000,
        data: null,
        msg: 'username:Null characters (U+0000) are not allowed.',
      });
    });

    it('a NUL in a JSON text field (create, update, login) names the field', async () => {
      const created = await server.post('/api/system/dept/', { name: 'R&D\u0000', parent: 1 }, { token });
      expect(created.json).toMatchObject({ code: 4000, msg: 'name:不允许包含空字符（U+0000）。' });
      const updated = await server.put('/api/system/dept/1/', { name: 'x', key: 'k\u0000' }, { token });
      expect(updated.json).toMatchObject({ code: 4000, msg: 'key:不允许包含空字符（U+0000）。' });
      const nested = await server.post(
        '/api/system/role/',
        { name: 'r', key: 'r', menu: [{ x: '\u0000' }] },
        { token },
      );
      expect(nested.json).toMatchObject({ code: 4000, msg: 'menu[0].x:不允许包含空字符（U+0000）。' });
      const login = await server.post('/api/login/', { username: 'admin\u0000', password: md5Hex('x') });
      expect(login.json).toMatchObject({ code: 4000, msg: 'username:不允许包含空字符（U+0000）。' });
      // nothing reached the database
      const depts = await server.get('/api/system/dept/', { token, query: { name: 'R&D' } });
      expect(depts.json.code).toBe(2000);
    });

    it('a NUL in a path parameter is refused the same way', async () => {
      const reply = await server.get('/api/system/user/1%00/', { token });
      expect(reply.json).toMatchObject({ code: 4000, msg: 'id:不允许包含空字符（U+0000）。' });
    });
  },
);

describeEachDatabase('uploads never run on the console origin; /media serves them inert', (server) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('test')).access;
  });
  const upload = (filename: string, type: string, content: string | Buffer) =>
    server.request(FILES, { method: 'POST', token, ...multipart(filename, type, content) });

  it('a file outside the allow-list (.xsd holding XHTML script) is stored as .bin and served as an attachment', async () => {
    const { json } = await upload('evil.xsd', 'application/xml', HOSTILE_XSD);
    expect(json.code).toBe(2000);
    expect(json.data.url).toMatch(/^media\/files\/\w\/\w\/[0-9a-f]{32}\.bin$/);
    expect(json.data.name).toBe('evil.xsd');
    const served = await server.app.inject({ url: `/${json.data.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toMatch(/^sandbox\b/);
  });

  it.each([
    ['page.html', 'text/html'],
    ['image.svg', 'image/svg+xml'],
    ['feed.xml', 'application/xml'],
    ['app.js', 'text/javascript'],
    ['x.xhtml', 'application/xhtml+xml'],
    ['noext', 'text/html'],
  ])('%s (active or unknown content) is stored as an inert .bin', async (filename, type) => {
    const { json } = await upload(filename, type, `<script>alert('${filename}')</script>`);
    expect(json.data.url).toMatch(/\.bin$/);
  });

  it('allow-listed documents keep their extension and download as attachments; raster images show inline', async () => {
    for (const [name, type] of [
      ['report.pdf', 'application/pdf'],
      ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['notes.txt', 'text/plain'],
      ['data.csv', 'text/csv'],
      ['bundle.zip', 'application/zip'],
    ] as const) {
      const { json } = await upload(name, type, `content of ${name}`);
      expect(json.data.url.endsWith(`.${name.split('.')[1]}`)).toBe(true);
      const served = await server.app.inject({ url: `/${json.data.url}` });
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    const png = await upload('avatar.png', 'image/png', 'not really a png');
    const served = await server.app.inject({ url: `/${png.json.data.url}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(String(served.headers['content-security-policy'])).toMatch(/^sandbox\b/);
  });

  it('a file stored before the policy (an .xsd on disk) is still served as an inert attachment', async () => {
    const dir = join(server.config.mediaDir, 'files', 'f', 'f');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'old.xsd'), HOSTILE_XSD);
    const served = await server.app.inject({ url: '/media/files/f/f/old.xsd' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(String(served.headers['content-security-policy'])).toMatch(/^sandbox\b/);
  });
});

describe('every response carries the security headers', () => {
  const server = new TestServer();
  beforeAll(async () => {
    await server.start('pglite');
    mkdirSync(server.config.webDir, { recursive: true });
    writeFileSync(join(server.config.webDir, 'index.html'), '<!doctype html><title>console</title>');
  });
  afterAll(() => server.stop());

  it('the SPA page: a CSP allowing only its own scripts, no framing, nosniff, no referrer', async () => {
    for (const url of ['/', '/system/user']) {
      const page = await server.app.inject({ url });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('the SPA page lets embedded menu links frame http(s) pages, and nothing else (no data:, blob: or javascript:)', async () => {
    const csp = String((await server.app.inject({ url: '/' })).headers['content-security-policy']);
    const frameSrc = csp.split('; ').find((d) => d.startsWith('frame-src '));
    expect(frameSrc).toBe('frame-src http: https:');
  });

  it('API answers and /app-config.js: nosniff and a CSP that allows nothing', async () => {
    for (const url of ['/api/init/settings/', '/app-config.js', '/api/nowhere/']) {
      const reply = await server.app.inject({ url });
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('CONSOLE_API_BASE on another origin is allowed for connections (API and websocket) and scripts', () => {
    const csp = spaContentSecurityPolicy({ consoleApiBase: 'https://api.example.com/base' });
    expect(csp).toContain("connect-src 'self' https://api.example.com wss://api.example.com");
    expect(spaContentSecurityPolicy({ consoleApiBase: '' })).toContain("connect-src 'self';");
  });
});

describeEachDatabase('the refresh token can live in an HttpOnly cookie out of JavaScript reach', (server) => {
  const loginWithCookie = async () => {
    const { key, answer } = await server.captcha();
    return server.request('/api/login/', {
      method: 'POST',
      query: { refresh_cookie: 1 },
      body: { username: 'admin', password: md5Hex('admin123456'), captcha: answer, captchaKey: key },
    });
  };
  const cookieOf = (reply: { headers: Record<string, unknown> }) => {
    const lines = [reply.headers['set-cookie']].flat().map(String);
    return { lines, value: /^xy_refresh=([^;]*)/.exec(lines[0] ?? '')?.[1] ?? '' };
  };

  it('login with ?refresh_cookie=1 sets an HttpOnly SameSite=Strict cookie on the refresh and logout paths only', async () => {
    const reply = await loginWithCookie();
    expect(reply.json.code).toBe(2000);
    expect(reply.json.data.refresh).toBe('');
    expect(reply.json.data.access).toBeTruthy();
    const { lines, value } = cookieOf(reply);
    expect(value.length).toBeGreaterThan(20);
    expect(lines.map((l) => /Path=([^;]+)/.exec(l)?.[1]).sort()).toEqual(['/api/logout', '/token/refresh']);
    for (const line of lines) {
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Strict');
      expect(line).toMatch(/Max-Age=\d+/);
    }
  });

  it('refresh reads the cookie when the body has none and rotates it; a spent cookie is refused and cleared', async () => {
    const first = cookieOf(await loginWithCookie()).value;
    const refreshed = await server.request('/token/refresh/', {
      method: 'POST',
      body: {},
      headers: { cookie: `other=1; xy_refresh=${first}` },
    });
    expect(refreshed.json.code).toBe(2000);
    expect(refreshed.json.data.refresh).toBe('');
    expect(refreshed.json.data.access).toBeTruthy();
    const second = cookieOf(refreshed).value;
    expect(second).not.toBe(first);
    const again = await server.request('/token/refresh/', {
      method: 'POST',
      body: {},
      headers: { cookie: `xy_refresh=${first}` },
    });
    expect(again.json).toEqual({ code: 400, data: null, msg: 'error' });
    expect(cookieOf(again).lines[0]).toMatch(/^xy_refresh=; .*Max-Age=0/);
  });

  it('the dvadmin body form keeps working unchanged (no cookie set)', async () => {
    const { refresh } = await server.login('admin');
    const reply = await server.post('/token/refresh/', { refresh });
    expect(reply.json.code).toBe(2000);
    expect(reply.json.data.refresh).toBeTruthy();
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('logout revokes the cookie’s token and clears the cookie', async () => {
    const token = cookieOf(await loginWithCookie()).value;
    const out = await server.request('/api/logout/', {
      method: 'POST',
      body: {},
      headers: { cookie: `xy_refresh=${token}` },
    });
    expect(out.json.code).toBe(2000);
    expect(cookieOf(out).lines.every((l) => l.includes('Max-Age=0'))).toBe(true);
    const refresh = await server.post('/token/refresh/', { refresh: token });
    expect(refresh.json).toEqual({ code: 400, data: null, msg: 'error' });
  });
});
