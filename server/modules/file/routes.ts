// Uploads, /api/system/file/ (CONTRACT.md, "Files"): multipart field `file` (the signature covers the query
// only) → a file_list row and the file under MEDIA_DIR/files/<a>/<b>/<md5>.<ext>, served at /media/…; the
// answer's `url` is relative (`media/files/…`), as dvadmin's local engine answers. Any signed-in user may
// upload (avatars, white-listed); only allow-listed extensions are kept, anything else is stored as an inert
// `.bin` download (policy.ts, SECURITY.md); listing needs the file admin's buttons and shows one's own uploads
// (superusers: everyone's). The full file admin (edit, delete) is a later issue.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { envelope, pageEnvelope, parsePaging, refuse } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permission.ts';
import { formatDateTime } from '../../lib/time.ts';
import { queryInt } from '../message/routes.ts';
import { badRequestWith, formatBytes, refuseWith } from '../message/texts.ts';
import { storedExtension } from './policy.ts';

export const FilePaths = {
  list: '/api/system/file/',
  item: (id: number | string) => `/api/system/file/${id}/`,
} as const;

/** `files/<a>/<b>/<md5>.<ext>`: the path under MEDIA_DIR (and after `media/` in the URL). */
export function storageKey(md5: string, ext: string): string {
  return `files/${md5[0]}/${md5[1]}/${md5}${ext ? `.${ext}` : ''}`;
}

function cleanName(filename: string): string {
  const base = basename(filename.replace(/\\/g, '/'));
  const name = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (name || 'file').slice(-200);
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function selectFiles(db: Db) {
  return db
    .selectFrom('file_list as f')
    .leftJoin('users as c', 'c.id', 'f.creator')
    .leftJoin('users as m', (j) => j.on(sql<boolean>`m.id::text = f.modifier`))
    .selectAll('f')
    .select(['c.name as creator_name', 'm.name as modifier_name'])
    .where('f.is_deleted', '=', false);
}
type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['executeTakeFirstOrThrow']>>;

export function toFileRow(row: FileRow) {
  return {
    id: row.id,
    modifier_name: row.modifier_name ?? null,
    creator_name: row.creator_name ?? null,
    create_datetime: formatDateTime(row.create_datetime),
    update_datetime: formatDateTime(row.update_datetime),
    url: row.url,
    key: row.url,
    description: row.description,
    modifier: row.modifier,
    dept_belong_id: row.dept_belong_id,
    name: row.name,
    file_url: row.file_url,
    engine: row.engine,
    mime_type: row.mime_type,
    size: Number(row.size),
    md5sum: row.md5sum,
    creator: row.creator,
  };
}

async function storeFile(mediaDir: string, key: string, content: Buffer): Promise<void> {
  const target = join(mediaDir, key);
  if (existsSync(target)) return; // same content, same name: already stored
  await mkdir(join(target, '..'), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function registerFileRoutes(app: FastifyInstance, db: Db, config: Config): void {
  // Upload is white-listed for every signed-in user (avatars); listing needs the file admin's buttons.
  const AUTH = { config: { api: true, module: 'file' }, preHandler: [requirePermission(db)] };
  const limit = config.uploadLimit;

  const readUpload = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw refuseWith('notMultipart');
    let part: Awaited<ReturnType<FastifyRequest['file']>>;
    try {
      part = await request.file({ limits: { fileSize: limit, files: 1, fields: 20 } });
    } catch (error) {
      request.log.info({ err: { message: (error as Error).message } }, 'upload refused');
      throw refuse('body.malformed');
    }
    if (part?.fieldname !== 'file') {
      part?.file.resume();
      throw refuseWith('fileMissing');
    }
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw refuseWith('fileTooLarge', { limit: formatBytes(limit) });
      }
      throw error;
    }
    if (content.length === 0) throw refuseWith('fileEmpty');
    return {
      content,
      filename: part.filename ?? '',
      mime: (part.mimetype || 'application/octet-stream').slice(0, 100),
    };
  };

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: limit, files: 1, fields: 20 } });

    scope.post(FilePaths.list, AUTH, async (request) => {
      const { content, filename, mime } = await readUpload(request);
      const md5 = createHash('md5').update(content).digest('hex');
      const key = storageKey(md5, storedExtension(filename, mime));
      await storeFile(config.mediaDir, key, content);
      const user = request.user!;
      const url = `media/${key}`;
      const { id } = await db
        .insertInto('file_list')
        .values({
          name: cleanName(filename),
          url,
          file_url: url,
          engine: 'local',
          mime_type: mime,
          size: content.length,
          md5sum: md5,
          creator: user.id,
          modifier: String(user.id),
          dept_belong_id: user.dept_id == null ? null : String(user.dept_id),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await selectFiles(db).where('f.id', '=', id).executeTakeFirstOrThrow();
      return envelope(request, toFileRow(row), 'ok.created');
    });
  });

  const visible = (request: FastifyRequest) => {
    const user = request.user!;
    const q = selectFiles(db);
    return user.is_superuser ? q : q.where('f.creator', '=', user.id);
  };

  app.get(FilePaths.list, AUTH, async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query);
    let q = visible(request);
    for (const name of ['name', 'mime_type', 'md5sum'] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '') q = q.where(`f.${name}`, 'ilike', likePattern(v.trim()));
    }
    const search = first(query.search);
    if (typeof search === 'string' && search.trim() !== '')
      q = q.where('f.name', 'ilike', likePattern(search.trim()));
    const { n } = await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .orderBy('f.create_datetime', 'desc')
      .orderBy('f.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    return pageEnvelope(request, paging, n, rows.map(toFileRow));
  });

  app.get(FilePaths.item(':id'), AUTH, async (request) => {
    const id = queryInt((request.params as { id?: string }).id);
    const row = id === null ? undefined : await visible(request).where('f.id', '=', id).executeTakeFirst();
    if (!row) throw badRequestWith('fileNotFound');
    return envelope(request, toFileRow(row));
  });
}
