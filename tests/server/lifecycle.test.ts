import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Break the database under the running app to force an unexpected error.
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
