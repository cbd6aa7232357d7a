import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_OUT_DIR, demoMode } from '../../demo/vite-plugin.ts';
import { issueToken } from '../../src/demo/backend.ts';
import { DEMO_ITEM_INTERVAL_MS, io } from '../../src/demo/fake-socket-io.ts';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  return readdirSync(abs).flatMap((name) => {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) return sourceFiles(relative(root, p));
    return /\.(ts|tsx)$/.test(name) ? [relative(root, p)] : [];
  });
}

describe('demo code stays out of the normal build', () => {
  it('only src/demo imports src/demo or msw (the production entry never reaches them)', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('server')].filter((f) => !f.startsWith('src/demo/'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return /(?:from\s+|import\(\s*)['"](?:msw(?:\/[^'"]*)?|\.[^'"]*\/demo\/[^'"]*)['"]/.test(text);
    });
    expect(offenders).toEqual([]);
  });

  const plugin = demoMode();
  const applies = (mode: string) =>
    typeof plugin.apply === 'function' && plugin.apply({}, { mode, command: 'build' } as ConfigEnv);

  it('the demo plugin applies in `--mode demo` only', () => {
    expect(applies('demo')).toBe(true);
    expect(applies('production')).toBe(false);
    expect(applies('development')).toBe(false);
    expect(applies('test')).toBe(false);
  });

  it('in demo mode the entry is the demo one, socket.io-client is the fake feed and dist/ is never the output', () => {
    const config = (plugin.config as (c: UserConfig) => UserConfig)({ root, build: { outDir: 'dist' } });
    expect(config.build?.outDir).toBe(DEMO_OUT_DIR);
    const aliases = config.resolve?.alias as { find: RegExp; replacement: string }[];
    expect(aliases[0]?.find.test('socket.io-client')).toBe(true);
    expect(aliases[0]?.replacement).toBe(join(root, 'src/demo/fake-socket-io.ts'));
    const explicit = (plugin.config as (c: UserConfig) => UserConfig)({ root, build: { outDir: '.tmp/x' } });
    expect(explicit.build).toBeUndefined();
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
    const demoHtml = transform.handler(html);
    expect(demoHtml).toContain('src="/src/demo/main.ts"');
    expect(demoHtml).not.toContain('/src/main.tsx');
  });

  it('the demo build adds the installed msw worker and the static app config', () => {
    const emitted: { fileName: string; source: string }[] = [];
    const ctx = { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) };
    (plugin.config as (c: UserConfig) => UserConfig)({ root });
    (plugin.generateBundle as unknown as (this: typeof ctx) => void).call(ctx);
    const names = emitted.map((f) => f.fileName);
    expect(names).toEqual(expect.arrayContaining(['mockServiceWorker.js', 'app-config.js']));
    const worker = emitted.find((f) => f.fileName === 'mockServiceWorker.js')?.source ?? '';
    const version = JSON.parse(readFileSync(join(root, 'node_modules/msw/package.json'), 'utf8')).version;
    expect(worker).toContain(version);
  });
});

describe('the fake live feed (socket.io-client in the demo build)', () => {
  afterEach(() => vi.useRealTimers());

  it('a valid token connects and a listing arrives every interval until disconnect', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const socket = io({ auth: { token: issueToken(1, 'access', Date.now()) } });
    socket.on('connect', () => events.push('connect'));
    socket.on('items', (item) => events.push(`item:${typeof item === 'object' && item && 'title' in item}`));
    socket.on('disconnect', (reason) => events.push(`disconnect:${String(reason)}`));
    vi.advanceTimersByTime(300);
    expect(events).toEqual(['connect']);
    vi.advanceTimersByTime(DEMO_ITEM_INTERVAL_MS * 2);
    expect(events).toEqual(['connect', 'item:true', 'item:true']);
    socket.disconnect();
    vi.advanceTimersByTime(DEMO_ITEM_INTERVAL_MS * 2);
    expect(events).toEqual(['connect', 'item:true', 'item:true', 'disconnect:io client disconnect']);
  });

  it('a bad token fails with `invalid token` (the socket chart hands it to the session)', () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    const socket = io('http://x', { auth: { token: 'nope' } });
    socket.on('connect_error', (error) => errors.push((error as Error).message));
    vi.advanceTimersByTime(300);
    expect(errors).toEqual(['invalid token']);
    socket.off();
  });
});
