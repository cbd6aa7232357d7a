// A Vite build plugin: once the SPA is written, the sign-in page's server renderer
// (src/ui/login/draw-sign-in.tsx) is built beside it into `<outDir>/.ssr/draw-sign-in.mjs`, a Node module the
// reference server imports to draw /login's form into the HTML (server/web.ts). Built from the same sources with
// the same CSS-module naming, so its class names are the SPA stylesheet's (tests/e2e/sign-in.spec.ts holds the
// two to one look). React, react-dom/server and i18next stay imports from node_modules. The static server never
// serves it (dot directories are denied). Not in the demo build, which has no server.
import { basename, dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { DEMO_MODE } from '../../demo/vite-plugin.ts';
import { SIGN_IN_RENDERER } from '../../src/contract/sign-in.ts';

const ENTRY = 'src/ui/login/draw-sign-in.tsx';

export function signInRenderer(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'xy-sign-in-renderer',
    apply: (config, env) => env.command === 'build' && env.mode !== DEMO_MODE && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        publicDir: false,
        build: {
          ssr: resolve(root, ENTRY),
          outDir: dirname(resolve(outDir, SIGN_IN_RENDERER)),
          emptyOutDir: true,
          minify: false,
          rolldownOptions: { output: { entryFileNames: basename(SIGN_IN_RENDERER), codeSplitting: false } },
        },
      });
    },
  };
}
