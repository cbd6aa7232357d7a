import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/lib/precompress.ts';
import { Paths } from '../../src/contract/paths.ts';
import { TestServer } from './helpers.ts';

describe('test hooks', () => {
  const server = new TestServer();
  beforeAll(() => server.start('pglite', { testHooks: false }));
  afterAll(() => server.stop());

  it('are absent without TEST_HOOKS=1', async () => {
    const { json } = await server.get(Paths.captcha);
    const reply = await server.app.inject({ url: Paths.testCaptchaAnswer(json.data.key) });
    expect(reply.json()).toEqual({ code: 400, data: null, msg: '接口地址不正确' });
    expect(reply.body).not.toContain('answer');
  });
});

describe('built SPA and media', () => {
  const server = new TestServer();
  const dir = mkdtempSync(join(tmpdir(), 'xy-web-'));
  const webDir = join(dir, 'dist');
  const mediaDir = join(dir, 'media');
  beforeAll(() => {
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root">console</div>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // a big asset, compressed at build time the way `vite build` does it
    writeFileSync(
      join(webDir, 'assets', 'big-5678.js'),
      `export const text = ${JSON.stringify('控制台'.repeat(2000))};`,
    );
    precompressDirectory(webDir);
    mkdirSync(join(mediaDir, 'files'), { recursive: true });
    writeFileSync(join(mediaDir, 'files', 'a.txt'), 'hello media');
    return server.start('pglite', { webDir, mediaDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes (history fallback) and at /', async () => {
    for (const url of ['/', '/dept', '/deep/link/page?x=1']) {
      const reply = await server.app.inject({ url });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('console');
    }
  });

  it('serves hashed assets with a long cache and media files under /media', async () => {
    const asset = await server.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.app.inject({ url: '/media/files/a.txt' })).body).toBe('hello media');
  });

  it('sends the build’s brotli or gzip copy of an asset as the browser accepts, the file itself otherwise', async () => {
    const original = readFileSync(join(webDir, 'assets', 'big-5678.js'));
    const br = await server.app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length / 10);
    const gz = await server.app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
    const plain = await server.app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
    // a file under 1 KB has no compressed copy and is sent as it is
    expect(existsSync(join(webDir, 'assets', 'app-1234.js.br'))).toBe(false);
  });

  it('never answers an API miss with index.html', async () => {
    const reply = await server.app.inject({ url: '/api/unknown/' });
    expect(reply.json()).toEqual({ code: 400, data: null, msg: '接口地址不正确' });
  });
});

describe('internal errors', () => {
  const server = new TestServer();
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  beforeAll(() => server.start('pglite', {}, { logger: { level: 'error', stream } }));
  afterAll(() => server.stop());

  it('answer a bare 500 envelope: the stack trace is logged, never sent', async () => {
    // Break the database under the running app (started first: its start-up hooks use the database) to force
    // an unexpected error.
    await server.app.ready();
    await server.app.db.destroy();
    const reply = await server.get(Paths.settings);
    expect(reply.status).toBe(500);
    expect(reply.json).toEqual({ code: 500, data: null, msg: '服务器内部错误' });
    expect(reply.body).not.toMatch(/at .*\.ts|stack|Error:/);
    const log = logged.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('"stack"');
  });
});
