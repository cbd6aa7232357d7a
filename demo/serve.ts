// `npm run demo` serves the demo build: a static server for dist-demo/ (or the directory given as the
// first argument) on 127.0.0.1:$PORT (default 4173), with the SPA fallback to index.html. No API server:
// the page answers its API itself (Mock Service Worker).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Starts the server; resolves with it once listening. */
export function serveDemo(dir: string, { port = 0, host = '127.0.0.1' } = {}): Promise<Server> {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`${root} has no index.html: run npm run demo:build`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    const isFile = existsSync(file) && statSync(file).isFile();
    // Unknown paths with an extension are missing files; the rest are the SPA's routes.
    if (!isFile) {
      if (extname(path)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
        return;
      }
      file = join(root, 'index.html');
    }
    const immutable = path.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise<Server>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist-demo';
  const port = Number(process.env.PORT ?? 4173);
  const server = await serveDemo(dir, { port });
  const { port: actual } = server.address() as AddressInfo;
  console.log(`Demo console (no server needed): http://127.0.0.1:${actual}/`);
  console.log('Accounts: admin, editor, user1 — password admin123456. Ctrl+C stops.');
}
