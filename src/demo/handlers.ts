/**
 * The demo's Mock Service Worker handlers: one catch-all that hands API paths (`/api/…`, `/token/…`,
 * `/xy/…`) to the in-memory backend and lets everything else (the app's own files) through.
 */
import { HttpResponse, http } from 'msw';
import type { DemoBackend } from './backend.ts';

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('multipart/form-data')) return await request.formData();
    const text = await request.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function createHandlers(backend: DemoBackend) {
  return [
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (!/^\/(api|token|xy)\//.test(url.pathname)) return undefined;
      const answer = backend.handle({
        method: request.method,
        url,
        body: await readBody(request),
        headers: request.headers,
      });
      if (!answer) return undefined;
      const init = { status: answer.status, ...(answer.headers ? { headers: answer.headers } : {}) };
      return typeof answer.body === 'string'
        ? new HttpResponse(answer.body, init)
        : HttpResponse.json(answer.body as Record<string, unknown>, init);
    }),
  ];
}
