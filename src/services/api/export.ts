import { type ApiError, isApiError, isMissingEndpoint } from '../http/errors.ts';
import type { HttpClient, HttpMethod, HttpRequest } from '../http/types.ts';

/**
 * Generic export (seed §7 "Export", CONTRACT.md `POST <res>/export/`): a blob with the 300 s timeout, named
 * from `Content-Disposition` (RFC 5987 `filename*=` first, URL-decoded), else a fallback ending `.xls`.
 */
export type ExportRequest = {
  url: string;
  method?: HttpMethod;
  params?: Record<string, unknown>;
  data?: unknown;
  signal?: AbortSignal;
  /** Base name (or full name) used when the server names no file; `.xls` is appended when missing. */
  fallbackName?: string;
};

export type ExportedFile = { blob: Blob; fileName: string };

export function fallbackFileName(base: string | undefined): string {
  const name = base?.trim() || 'export';
  return /\.xlsx?$/i.test(name) ? name : `${name}.xls`;
}

/**
 * Stock dvadmin 2.1 serves export and import as `GET <res>/export_data/` and `GET|POST <res>/import_data/`
 * (its viewset actions); the contract's (and dvadmin 2.0's) routes are `POST <res>/export/` and
 * `GET|POST <res>/import/`. The console asks the contract's route first and, when the backend has no such
 * route (404, 接口地址不正确, or a method it does not allow there), the 2.1 one — remembered for the page's
 * life, so a stock 2.1 backend costs one extra request once.
 */
export function stock21Route(primary: string): string {
  return primary.replace(/\/(export|import)\/$/, '/$1_data/');
}

/** The route is not there (or not for this method): worth trying the other name. */
export function isRouteMissing(error: ApiError): boolean {
  if (isMissingEndpoint(error)) return true;
  if (error.kind === 'http') return error.status === 405;
  return error.kind === 'body' && error.code === 4000 && /不被允许|not allowed/i.test(error.message);
}

const preferred = new Map<string, number>();

/**
 * Runs `request` on the first of `routes` (or the one that worked last time for the same routes, or the
 * same `memo` when the routes name a row); a missing route (quiet) moves on to the next. Any other failure
 * rejects as usual.
 */
export async function withRouteFallback<T>(
  routes: readonly Pick<HttpRequest, 'url' | 'method'>[],
  request: (route: Pick<HttpRequest, 'url' | 'method'>, quiet: HttpRequest['quiet']) => Promise<T>,
  memo?: string,
): Promise<T> {
  const key = memo ?? routes.map((r) => `${r.method ?? 'GET'} ${r.url}`).join(' | ');
  const start = preferred.get(key) ?? 0;
  const order = [...routes.slice(start), ...routes.slice(0, start)];
  for (const [i, route] of order.entries()) {
    const last = i === order.length - 1;
    try {
      const result = await request(route, last ? undefined : isRouteMissing);
      preferred.set(key, routes.indexOf(route));
      return result;
    } catch (error) {
      if (last || !(isApiError(error) && isRouteMissing(error))) throw error;
    }
  }
  throw new Error('no route'); // unreachable: the last route rethrows
}

export async function exportFile(http: HttpClient, req: ExportRequest): Promise<ExportedFile> {
  const method = req.method ?? 'POST';
  const routes: Pick<HttpRequest, 'url' | 'method'>[] = [{ url: req.url, method }];
  // The generic export also answers at stock 2.1's `export_data/` (GET, the query as parameters).
  if (method === 'POST' && /\/export\/$/.test(req.url) && req.data === undefined)
    routes.push({ url: stock21Route(req.url), method: 'GET' });
  const { blob, fileName } = await withRouteFallback(routes, (route, quiet) =>
    http.download({
      method: route.method,
      url: route.url,
      params: req.params,
      data: req.data,
      signal: req.signal,
      kind: 'export',
      ...(quiet === undefined ? {} : { quiet }),
    }),
  );
  return {
    blob,
    fileName: fileName || fallbackFileName(req.fallbackName ?? http.t('http:exportFallbackName')),
  };
}

/** Hands a blob to the browser as a download (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
