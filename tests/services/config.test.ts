import { describe, expect, it } from 'vitest';
import { AppConfigError, loadConfig, resolveApiUrl } from '../../src/services/config.ts';

describe('app configuration (build-time env, run-time window.__APP_CONFIG__)', () => {
  it('defaults to the same origin and no signing', () => {
    expect(loadConfig({}, undefined)).toEqual({ apiBase: '', signSecret: undefined, title: undefined });
  });

  it('reads the build-time values and drops a trailing slash', () => {
    expect(
      loadConfig(
        { VITE_API_BASE: 'https://api.example.com/', VITE_SIGN_SECRET: 's', VITE_APP_TITLE: 'Ops' },
        null,
      ),
    ).toEqual({ apiBase: 'https://api.example.com', signSecret: 's', title: 'Ops' });
  });

  it('run-time values override the build, key by key', () => {
    const config = loadConfig(
      { VITE_API_BASE: 'https://build.example.com', VITE_SIGN_SECRET: 'build' },
      { apiBase: 'http://127.0.0.1:8000' },
    );
    expect(config).toEqual({ apiBase: 'http://127.0.0.1:8000', signSecret: 'build', title: undefined });
    expect(loadConfig({ VITE_SIGN_SECRET: 'build' }, { signSecret: '' }).signSecret).toBeUndefined();
  });

  it('accepts a path prefix as the base', () => {
    expect(loadConfig({ VITE_API_BASE: '/backend/' }, undefined).apiBase).toBe('/backend');
  });

  it.each([
    [{ apiBase: 'ftp://x' }],
    [{ apiBase: 'api.example.com' }],
    [{ apiBase: 42 }],
    [{ signSecret: { nested: true } }],
  ])('a bad value fails loudly naming the key: %j', (runtime) => {
    expect(() => loadConfig({}, runtime)).toThrow(AppConfigError);
    expect(() => loadConfig({}, runtime)).toThrow(new RegExp(Object.keys(runtime)[0]!));
  });

  it('a run-time config that is not an object is refused', () => {
    expect(() => loadConfig({}, 'x' as never)).toThrow(/__APP_CONFIG__/);
  });

  it('uploaded file URLs are shown as <api base> + url', () => {
    expect(resolveApiUrl('http://api.test', 'media/files/a/b/x.png')).toBe(
      'http://api.test/media/files/a/b/x.png',
    );
    expect(resolveApiUrl('', '/media/x.png')).toBe('/media/x.png');
    expect(resolveApiUrl('http://api.test', 'https://cdn.test/x.png')).toBe('https://cdn.test/x.png');
  });
});
