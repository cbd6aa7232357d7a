import { Paths } from '../../contract/index.ts';
import { ApiError } from '../http/errors.ts';
import type { HttpClient } from '../http/types.ts';
import { type UploadedFile, uploadedFileSchema } from './schemas.ts';

/**
 * `POST /api/system/file/` multipart, field `file` (signs the query only). Seed §5: the upload succeeds
 * only if the response data is not null or empty; otherwise it fails with 上传失败.
 */
export async function uploadFile(
  http: HttpClient,
  file: Blob,
  options: { fileName?: string; signal?: AbortSignal; url?: string } = {},
): Promise<UploadedFile> {
  const form = new FormData();
  if (options.fileName) form.append('file', file, options.fileName);
  else form.append('file', file);
  const url = options.url ?? Paths.file;
  const envelope = await http.request({ method: 'POST', url, data: form, signal: options.signal });
  const data: unknown = envelope.data;
  const empty = data == null || (typeof data === 'object' && Object.keys(data).length === 0);
  const parsed = empty ? undefined : uploadedFileSchema.safeParse(data);
  if (!parsed?.success) {
    const error = new ApiError({
      kind: 'parse',
      message: http.t('http:uploadFailed'),
      url,
      method: 'POST',
      body: data,
      cause: parsed?.error,
    });
    throw http.report(error);
  }
  return parsed.data;
}
