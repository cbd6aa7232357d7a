import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSecrets } from '../../server/config.ts';
import { pickLocale } from '../../server/http/messages.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8000,
      database: { kind: 'pglite', dir: resolve('data/pglite') },
      dataDir: resolve('data'),
      signature: 'require',
      mediaDir: resolve('data/media'),
      webDir: resolve('dist'),
      accessTokenTtl: 7200,
      refreshTokenTtl: 86400,
      testHooks: false,
      consoleApiBase: '',
    });
    expect(config.jwtSecret).toBeUndefined();
  });

  it('reads DATABASE_URL as memory, PostgreSQL or a PGlite directory', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'memory' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(loadConfig({ DATABASE_URL: 'pglite:./x/db' }).database).toEqual({
      kind: 'pglite',
      dir: resolve('x/db'),
    });
    expect(loadConfig({ DATA_DIR: '/tmp/d' }).database).toEqual({ kind: 'pglite', dir: '/tmp/d/pglite' });
    expect(loadConfig({ PORT: '0', TEST_HOOKS: '1', SIGNATURE: 'off' })).toMatchObject({
      port: 0,
      testHooks: true,
      signature: 'off',
    });
  });

  it('refuses bad values with one message naming every bad variable', () => {
    const bad = {
      PORT: 'eighty',
      SIGNATURE: 'maybe',
      TEST_HOOKS: 'yes',
      JWT_SECRET: 'short',
      DATABASE_URL: 'mysql://x',
      ACCESS_TOKEN_TTL: '-5',
    };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of Object.keys(bad)) expect(message).toContain(name);
  });

  it('generates missing secrets once under DATA_DIR (mode 0600) and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xy-secrets-'));
    const first = resolveSecrets(loadConfig({ DATA_DIR: dir }));
    const second = resolveSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.signSecret).toBe(first.signSecret);
    const file = join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const explicit = resolveSecrets(loadConfig({ DATA_DIR: dir, SIGN_SECRET: 'from-the-environment' }));
    expect(explicit.signSecret).toBe('from-the-environment');
    expect(explicit.jwtSecret).toBe(first.jwtSecret);
  });

  it('picks English only when Accept-Language prefers it', () => {
    expect(pickLocale(undefined)).toBe('zh');
    expect(pickLocale('en-US,en;q=0.9')).toBe('en');
    expect(pickLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pickLocale('fr-FR,en;q=0.5,zh;q=0.4')).toBe('en');
    expect(pickLocale('zh;q=0.2,en;q=0.5')).toBe('en');
    expect(pickLocale('de-DE')).toBe('zh');
  });
});
