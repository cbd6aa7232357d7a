import type { HttpClient, HttpMethod } from '../http/types.ts';

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

export async function exportFile(http: HttpClient, req: ExportRequest): Promise<ExportedFile> {
  const { blob, fileName } = await http.download({
    method: req.method ?? 'POST',
    url: req.url,
    params: req.params,
    data: req.data,
    signal: req.signal,
    kind: 'export',
  });
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
