// The upload policy (SECURITY.md, "Uploads"): which extensions an upload keeps, and how /media serves a
// stored file. Only an allow-list of ordinary document, image, media and archive types keeps its extension;
// anything else (pages, SVG, XML, scripts, unknown types) is stored as `<md5>.bin` and served as an
// application/octet-stream attachment. Every /media response carries `nosniff` and a sandboxing CSP, and
// only raster images are shown inline: an uploaded file can never run script on the console's origin.
import { extname } from 'node:path';

/** Raster images: the only files /media serves inline (avatars, pictures in messages). */
export const INLINE_IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'avif']);

/** Extensions an upload keeps; everything else becomes an inert `.bin` download. No SVG, HTML or XML. */
export const ALLOWED_EXTENSIONS = new Set([
  ...INLINE_IMAGE_EXTENSIONS,
  'tif',
  'tiff',
  'heic',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'wps',
  'et',
  'dps',
  'txt',
  'csv',
  'md',
  'log',
  'zip',
  'rar',
  '7z',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  'mp3',
  'wav',
  'ogg',
  'm4a',
  'flac',
  'mp4',
  'webm',
  'mov',
  'avi',
  'mkv',
]);

/** The neutral extension of a stored file whose own extension is not allowed. */
export const INERT_EXTENSION = 'bin';

const EXT_OF_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
};

/** The extension a new upload is stored under: its own when allow-listed, else one from its MIME type, else `bin`. */
export function storedExtension(filename: string, mime: string): string {
  const ext = extname(filename).slice(1).toLowerCase();
  if (ALLOWED_EXTENSIONS.has(ext)) return ext;
  if (ext === '') return EXT_OF_MIME[mime.toLowerCase().split(';')[0]!.trim()] ?? INERT_EXTENSION;
  return INERT_EXTENSION;
}

/** Headers /media adds to a stored file (files stored before this policy included). */
export function mediaHeaders(path: string): Record<string, string> {
  const ext = extname(path).slice(1).toLowerCase();
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  };
  if (!INLINE_IMAGE_EXTENSIONS.has(ext)) headers['content-disposition'] = 'attachment';
  if (!ALLOWED_EXTENSIONS.has(ext)) headers['content-type'] = 'application/octet-stream';
  return headers;
}
