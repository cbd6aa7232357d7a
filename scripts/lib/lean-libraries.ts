// A Vite build plugin: two libraries ship more than React 19 needs, and a build (`vite build`, any mode)
// takes the leaner code; `vite` dev and Vitest keep what the packages export.
// - React Router 7's package exports point at its development build only, in production bundles too
//   (remix-run/react-router#12532 and #14753: "intended to be temporary"), with its development warnings:
//   the production build the package ships beside it.
// - `use-sync-external-store/shim` (react-i18next, @xstate/react) re-implements the hook for React < 18:
//   React's own hook, and the selector variant built on it.
// Measured: what /login fetches, 161.5 → 160.9 gzip KB (`npm run bench`, login.loaded.gzip).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROUTER = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const SHIM = '\0react-use-sync-external-store';

export function leanLibraries(): Plugin {
  return {
    name: 'lean-libraries',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${ROUTER}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${ROUTER}dom-export.mjs` },
          {
            find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
            replacement: 'use-sync-external-store/with-selector',
          },
        ],
      },
    }),
    resolveId: (id) => (/^use-sync-external-store\/shim(\/index)?(\.js)?$/.test(id) ? SHIM : null),
    load: (id) => (id === SHIM ? "export { useSyncExternalStore } from 'react';" : null),
  };
}
