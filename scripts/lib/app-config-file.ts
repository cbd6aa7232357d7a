// A Vite build plugin: the normal build writes `app-config.js` beside index.html — the run-time configuration
// index.html loads before the bundle (README, "Pointing the console at another dvadmin backend"). The
// reference server answers /app-config.js itself (its own route wins over the static files); a static host
// serves this file, which its operator edits. The demo build brings its own (demo/public/app-config.js).
import type { Plugin } from 'vite';
import { DEMO_MODE } from '../../demo/vite-plugin.ts';

export const APP_CONFIG_FILE = 'app-config.js';

/** Same origin, no signature: what a static host next to its backend's proxy needs; edit to point elsewhere. */
export const DEFAULT_APP_CONFIG = `// Run-time configuration of this console build (README, "Pointing the console at another dvadmin backend").
// apiBase: the backend's address ("" = this page's own origin); signSecret: "" sends no request signature
// (a stock dvadmin checks none; the reference server serves its own /app-config.js and ignores this file).
window.__APP_CONFIG__ = { apiBase: "", signSecret: "" };
`;

export function appConfigFile(): Plugin {
  return {
    name: 'xy-app-config-file',
    apply: (_config, env) => env.command === 'build' && env.mode !== DEMO_MODE,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: APP_CONFIG_FILE, source: DEFAULT_APP_CONFIG });
    },
  };
}
