/**
 * `vite build --mode demo` (and `vite --mode demo`): the console with its API answered in the browser.
 * Active only in that mode (`apply`), so the normal build carries none of it:
 * - index.html loads `src/demo/main.ts` (starts the mock service worker, then the app's own entry);
 * - `socket.io-client` resolves to a fake live feed (src/demo/fake-socket-io.ts);
 * - `mockServiceWorker.js` (from the installed msw, so it always matches its version) and the files of
 *   `demo/public/` (the static `app-config.js`) are added to the output and served in dev;
 * - the output goes to `dist-demo/` unless `--outDir` says otherwise, never over `dist/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin, UserConfig } from 'vite';

export const DEMO_MODE = 'demo';
export const DEMO_OUT_DIR = 'dist-demo';
const WORKER_FILE = 'mockServiceWorker.js';

/** The files the demo adds next to the app: name → contents. */
function demoFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const publicDir = join(root, 'demo', 'public');
  for (const name of readdirSync(publicDir)) files.set(name, readFileSync(join(publicDir, name), 'utf8'));
  const worker = createRequire(join(root, 'package.json')).resolve(`msw/${WORKER_FILE}`);
  files.set(WORKER_FILE, readFileSync(worker, 'utf8'));
  return files;
}

export function demoMode(): Plugin {
  let root = process.cwd();
  return {
    name: 'xy-demo-mode',
    apply: (_config, env) => env.mode === DEMO_MODE,
    config(config: UserConfig) {
      root = config.root ?? root;
      const outDir = config.build?.outDir;
      return {
        resolve: {
          alias: [
            { find: /^socket\.io-client$/, replacement: join(root, 'src', 'demo', 'fake-socket-io.ts') },
          ],
        },
        ...(!outDir || outDir === 'dist' ? { build: { outDir: DEMO_OUT_DIR } } : {}),
      };
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('src="/src/main.tsx"', 'src="/src/demo/main.ts"'),
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const body = name && !name.includes('/') ? demoFiles(root).get(name) : undefined;
        if (body === undefined) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of demoFiles(root)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
