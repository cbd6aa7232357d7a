// /xy/knowledge/ — help articles for operators and customers: title, category, tags, content (rich HTML from
// the editor, sanitised here with sanitize-html before it is stored), published. `search` matches every word
// in the title or the content's text: an ilike over `title || ' ' || content_text`, the expression a pg_trgm
// GIN index covers (migration 0008), the same on PGlite and PostgreSQL. Export (`POST export/`) and import
// (`POST import/`: an .xlsx as multipart `file` or base64 `{file}`, or JSON `{rows}`; an existing title is
// updated, a new one created; `GET import/` is the template) as the seeded buttons say.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../http/envelope.ts';
import type { Locale } from '../../http/messages.ts';
import { COMMON_LABELS, fields } from '../crud/fields.ts';
import { head, likePattern, registerResource, sendXlsx, tail } from '../crud/kit.ts';
import { type Cell, readXlsx, writeXlsx } from '../crud/xlsx.ts';
import { htmlToText } from '../message/service.ts';

export const KNOWLEDGE_API = '/xy/knowledge/';
const IMPORT_LIMIT = 5 * 1024 * 1024;

const KNOWLEDGE_LABELS = {
  title: { zh: '标题', en: 'Title' },
  category: { zh: '分类', en: 'Category' },
  tags: { zh: '标签', en: 'Tags' },
  content: { zh: '内容', en: 'Content' },
  published: { zh: '发布', en: 'Published' },
  ...COMMON_LABELS,
};

const body = z.object({
  title: fields.text(200),
  category: fields.optionalText(50),
  tags: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[,，;；]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().trim().min(1).max(30)).max(20).nullish(),
  ),
  content: z.string().max(200_000).nullish(),
  published: fields.optionalBoolean(),
  description: fields.description(),
});

/** What the editor (@mantine/tiptap's StarterKit + link) produces; everything else is dropped. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'h4',
      'hr',
      'a',
      'mark',
      'sub',
      'sup',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

const EXPORT_COLUMNS = [
  { field: 'title', header: KNOWLEDGE_LABELS.title },
  { field: 'category', header: KNOWLEDGE_LABELS.category },
  { field: 'tags', header: KNOWLEDGE_LABELS.tags },
  { field: 'published', header: KNOWLEDGE_LABELS.published },
  { field: 'content', header: KNOWLEDGE_LABELS.content },
] as const;

const NO_DATA = { zh: '未获取到导入数据', en: 'No import data was provided' };
const BAD_FILE = {
  zh: '无法读取导入文件，请使用导入模板（.xlsx）',
  en: 'Cannot read the file; use the import template (.xlsx)',
};

function rowsFromSheet(sheet: Cell[][]): Record<string, unknown>[] {
  const [headerRow = [], ...rest] = sheet;
  const fieldOf = headerRow.map((h) => {
    const name = String(h ?? '')
      .replace(/\*$/, '')
      .trim();
    return EXPORT_COLUMNS.find((c) => c.field === name || c.header.zh === name || c.header.en === name)
      ?.field;
  });
  return rest
    .filter((cells) => cells.some((c) => c !== null && String(c).trim() !== ''))
    .map((cells) => Object.fromEntries(fieldOf.flatMap((f, i) => (f ? [[f, cells[i] ?? null]] : []))));
}

async function importRows(request: FastifyRequest): Promise<Record<string, unknown>[]> {
  const mp = request as FastifyRequest & {
    isMultipart?: () => boolean;
    file?: () => Promise<{ toBuffer: () => Promise<Buffer> } | undefined>;
  };
  let workbook: Buffer | null = null;
  if (mp.isMultipart?.() && mp.file) {
    const file = await mp.file();
    if (file) workbook = await file.toBuffer();
  } else {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (Array.isArray(b.rows)) return b.rows as Record<string, unknown>[];
    if (typeof b.file === 'string') workbook = Buffer.from(b.file, 'base64');
  }
  if (!workbook) throw new ApiError(4000, (l) => NO_DATA[l]);
  try {
    return rowsFromSheet(readXlsx(workbook));
  } catch {
    throw new ApiError(4000, (l) => BAD_FILE[l]);
  }
}

const PUBLISHED: Record<string, boolean> = { 是: true, 否: false, yes: true, no: false };

export function registerKnowledgeRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'knowledge',
    base: KNOWLEDGE_API,
    table: 'xy_knowledge',
    module: 'xy_knowledge',
    model: { zh: '知识库文章', en: 'article' },
    labels: KNOWLEDGE_LABELS,
    body,
    filters: {
      category: 'exact',
      published: 'bool',
      tag: (qb, value) => qb.where(sql<boolean>`t.tags ? ${value}`),
      search: (qb, value) => {
        let q = qb;
        for (const word of value.trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
          q = q.where(sql`(t.title || ' ' || t.content_text)`, 'ilike', likePattern(word));
        }
        return q;
      },
    },
    ordering: ['id', 'title', 'category', 'published', 'create_datetime', 'update_datetime'],
    defaultOrder: ['-update_datetime'],
    row: (r) => ({
      ...head(r),
      title: r.title,
      category: r.category,
      tags: Array.isArray(r.tags) ? r.tags : [],
      content: r.content,
      published: r.published,
      ...tail(r),
    }),
    columns: (input) => {
      const content = input.content == null ? undefined : sanitizeContent(input.content);
      return {
        title: input.title,
        category: input.category,
        tags: input.tags === undefined ? undefined : JSON.stringify([...new Set(input.tags ?? [])]),
        content,
        content_text: content === undefined ? undefined : htmlToText(content),
        published: input.published ?? undefined,
        description: input.description,
      };
    },
    export: {
      filename: { zh: '知识库', en: 'knowledge base' },
      columns: EXPORT_COLUMNS.map((c) => ({
        ...c,
        ...(c.field === 'published'
          ? {
              value: (row: Record<string, unknown>, l: Locale) =>
                row.published ? (l === 'en' ? 'yes' : '是') : l === 'en' ? 'no' : '否',
            }
          : {}),
      })),
    },
    routes: (routes, kit) => {
      routes.get(`${KNOWLEDGE_API}import/`, kit.options, async (request, reply) => {
        const { locale } = await kit.ctx(request);
        const name = locale === 'en' ? 'knowledge import template' : '知识库导入模板';
        return sendXlsx(reply, name, writeXlsx([EXPORT_COLUMNS.map((c) => c.header[locale])], name));
      });
      routes.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: IMPORT_LIMIT, files: 1, fields: 10 } });
        scope.post(`${KNOWLEDGE_API}import/`, kit.options, async (request) => {
          const c = await kit.ctx(request);
          const rows = await importRows(request);
          if (!rows.length) throw new ApiError(4000, (l) => NO_DATA[l]);
          const inputs = rows.map((raw, i) => {
            const published = raw.published == null ? undefined : String(raw.published).trim().toLowerCase();
            try {
              return kit.validate({
                ...raw,
                title: raw.title == null ? undefined : String(raw.title),
                content: raw.content == null ? null : String(raw.content),
                published: published === undefined ? undefined : (PUBLISHED[published] ?? published),
              });
            } catch (error) {
              const inner = error instanceof ApiError ? error : null;
              throw new ApiError(4000, (l) => {
                const message = inner ? String(inner.render(l)) : String(error);
                return l === 'en' ? `Row ${i + 2}: ${message}` : `第${i + 2}行 ${message}`;
              });
            }
          });
          let created = 0;
          let updated = 0;
          for (const input of inputs) {
            const existing = await db
              .selectFrom('xy_knowledge')
              .select('id')
              .where('title', '=', input.title)
              .where('is_deleted', '=', false)
              .executeTakeFirst();
            if (existing) {
              await kit.update(c, existing.id, input);
              updated++;
            } else {
              await kit.create(c, input);
              created++;
            }
          }
          return { code: 2000, data: { created, updated }, msg: c.locale === 'en' ? 'Imported' : '导入成功' };
        });
      });
    },
  });
}
