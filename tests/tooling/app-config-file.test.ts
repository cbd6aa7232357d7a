import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_FILE, appConfigFile, DEFAULT_APP_CONFIG } from '../../scripts/lib/app-config-file.ts';
import { loadConfig } from '../../src/services/config.ts';

/** Issue 18 item 8: the README's "edit dist/app-config.js" needs the build to write that file. */
describe('the build writes dist/app-config.js for static hosts', () => {
  const plugin = appConfigFile();
  const applies = (command: 'build' | 'serve', mode: string) =>
    (plugin.apply as (c: object, env: { command: string; mode: string }) => boolean)({}, { command, mode });

  it('the normal build emits it; the dev server and the demo build (its own file) do not', () => {
    expect(applies('build', 'production')).toBe(true);
    expect(applies('serve', 'development')).toBe(false);
    expect(applies('build', 'demo')).toBe(false);
    const emitted: { fileName: string; source: string }[] = [];
    (plugin.generateBundle as (this: unknown) => void).call({
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    });
    expect(emitted).toEqual([
      expect.objectContaining({ fileName: APP_CONFIG_FILE, source: DEFAULT_APP_CONFIG }),
    ]);
  });

  it('its default is a valid configuration: the page’s own origin, no signature', () => {
    const window: { __APP_CONFIG__?: Record<string, unknown> } = {};
    runInNewContext(DEFAULT_APP_CONFIG, { window });
    expect(loadConfig({}, window.__APP_CONFIG__)).toMatchObject({ apiBase: '', signSecret: undefined });
  });
});
