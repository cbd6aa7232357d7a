// The live item feed, /xy/items/:
//   POST /xy/items/        one item (object) or up to 100 (array). Accepted with `Authorization: Token
//                          <INGEST_TOKEN>` (scrapers, demo-feed) or from a signed-in user holding the items
//                          Create button. Stored, then pushed as `items` to every user allowed to see items.
//   GET  /xy/items/        paginated, newest first; filters search, title, seller, keyword, date range
//   GET  /xy/items/stats/  {today, total} for the workbench
//   GET  /xy/items/{id}/, DELETE /xy/items/{id}/
// Requests are signed like every API call (the secret is public at /app-config.js; the token authenticates).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { readCredentials, tokenNotValid } from '../../http/auth.ts';
import { envelope, type Label, pageEnvelope, parsePaging, refuse } from '../../http/envelope.ts';
import { verifyJwt } from '../../http/jwt.ts';
import { checkApiPermission, permissionDenied, requirePermission } from '../../http/permission.ts';
import type { AuthUser } from '../../http/types.ts';
import { field, validateBody } from '../../http/validate.ts';
import { parseLocalDate } from '../../lib/time.ts';
import type { Emitter } from '../../realtime/index.ts';
import { queryInt } from '../message/routes.ts';
import { badRequestWith, refuseWith } from '../message/texts.ts';
import { canSeeItems, ITEMS_API, itemViewerIds, selectItems, toItem } from './queries.ts';

export const ItemPaths = {
  list: ITEMS_API,
  stats: `${ITEMS_API}stats/`,
  item: (id: number | string) => `${ITEMS_API}${id}/`,
} as const;

const MAX_BATCH = 100;
const MAX_PRICE = 9_999_999_999.99;

export const ITEM_LABELS = {
  title: { zh: '标题', en: 'Title' },
  price: { zh: '价格', en: 'Price' },
  seller: { zh: '卖家', en: 'Seller' },
  url: { zh: '链接', en: 'URL' },
  image: { zh: '图片', en: 'Image' },
  keywords: { zh: '关键词', en: 'Keywords' },
  time: { zh: '时间', en: 'Time' },
  description: { zh: '描述', en: 'Description' },
} satisfies Record<string, { zh: string; en: string }>;
type ItemField = keyof typeof ITEM_LABELS;

const itemBody = z.object({
  title: field.text(255),
  price: z.unknown().optional(),
  seller: field.optionalText(100),
  url: z.unknown().optional(),
  image: z.unknown().optional(),
  keywords: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[,，;；\s]+/).filter(Boolean) : v),
    z.array(z.string().trim().min(1).max(50)).max(50).nullish(),
  ),
  time: z.unknown().optional(),
  description: field.optionalText(255),
});

export type ItemInput = {
  title: string;
  price: number | null;
  seller: string | null;
  url: string | null;
  image: string | null;
  keywords: string[];
  time: Date;
  description: string | null;
};

/** `YYYY-MM-DD HH:MM:SS` (local, as the API writes datetimes), ISO 8601, or unix seconds / milliseconds. */
export function parseItemTime(value: unknown, now = new Date()): Date | null | undefined {
  if (value === undefined || value === null || value === '') return now;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    return new Date(value < 1e12 ? value * 1000 : value);
  }
  if (typeof value !== 'string') return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    const date = new Date(y!, mo! - 1, d!, h!, mi!, s || 0);
    return date.getMonth() === mo! - 1 && date.getDate() === d! ? date : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    const date = new Date(value.trim());
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** Validates one item; `prefix` names its place in a batch (`第 2 条 标题:…`). */
export function validateItem(body: unknown, prefix?: { zh: string; en: string }): ItemInput {
  const labels = Object.fromEntries(
    Object.entries(ITEM_LABELS).map(([k, v]) => [
      k,
      prefix ? { zh: `${prefix.zh}${v.zh}`, en: `${prefix.en}${v.en}` } : v,
    ]),
  ) as Record<ItemField, Label>;
  const input = validateBody(itemBody, body, labels);
  const fail = (key: 'badUrl' | 'badTime', name: ItemField) => refuseWith(key, undefined, labels[name]);

  let price: number | null = null;
  if (input.price !== undefined && input.price !== null && input.price !== '') {
    const n =
      typeof input.price === 'number'
        ? input.price
        : typeof input.price === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(input.price)
          ? Number(input.price)
          : Number.NaN;
    if (!Number.isFinite(n)) throw refuse('v.invalid', undefined, labels.price);
    if (n < 0) throw refuse('v.minValue', { min: 0 }, labels.price);
    if (n > MAX_PRICE) throw refuse('v.maxValue', { max: MAX_PRICE }, labels.price);
    price = Math.round(n * 100) / 100;
  }
  const link = (value: unknown, name: 'url' | 'image', allowPath: boolean): string | null => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') throw refuse('v.string', undefined, labels[name]);
    const v = value.trim();
    if (v.length > 1000) throw refuse('v.maxLength', { max: 1000 }, labels[name]);
    const ok = /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v) || (allowPath && /^\/?media\/[^\s]+$/.test(v));
    if (!ok) throw fail('badUrl', name);
    return v;
  };
  const time = parseItemTime(input.time);
  if (!time) throw fail('badTime', 'time');
  return {
    title: input.title,
    price,
    seller: input.seller ?? null,
    url: link(input.url, 'url', false),
    image: link(input.image, 'image', true),
    keywords: [...new Set(input.keywords ?? [])],
    time,
    description: input.description ?? null,
  };
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ORDERABLE = new Set(['id', 'price', 'time', 'create_datetime', 'title', 'seller']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerItemRoutes(app: FastifyInstance, db: Db, config: Config, emitter: Emitter): void {
  const AUTH = { config: { api: true, module: 'items' }, preHandler: [requirePermission(db)] };
  const INGEST = { config: { api: true, module: 'items', auth: 'optional' } } as const;

  /** The poster: the ingest token (null user) or a signed-in user with the Create button. */
  const authorizeIngest = async (request: FastifyRequest): Promise<AuthUser | null> => {
    const header = request.headers.authorization ?? '';
    const apiToken = /^\s*token\s+(\S+)\s*$/i.exec(header);
    if (apiToken) {
      if (!config.ingestToken || !sameSecret(apiToken[1]!, config.ingestToken))
        throw refuseWith('badIngestToken');
      return null;
    }
    const user = request.user;
    if (!user) {
      // The hook ran in optional mode; answer a bad JWT as the required mode would, so clients refresh.
      const credentials = readCredentials(header);
      if (credentials.kind === 'token' && !verifyJwt(credentials.token, config.jwtSecret, 'access')) {
        throw tokenNotValid();
      }
      throw refuse('auth.notProvided');
    }
    const { allowed } = await checkApiPermission(db, user, 'POST', ITEMS_API);
    if (!allowed) throw permissionDenied('POST', ITEMS_API);
    return user;
  };

  const requireViewer = async (request: FastifyRequest) => {
    if (!(await canSeeItems(db, request.user!))) throw refuseWith('permissionDenied');
  };

  app.post(ItemPaths.list, INGEST, async (request) => {
    const poster = await authorizeIngest(request);
    const body = request.body;
    const batch = Array.isArray(body);
    if (batch && body.length > MAX_BATCH) throw refuseWith('tooManyItems', { max: MAX_BATCH });
    if (batch && body.length === 0) throw refuseWith('listEmpty');
    const inputs = batch
      ? body.map((item, i) => validateItem(item, { zh: `第 ${i + 1} 条 `, en: `Item ${i + 1} ` }))
      : [validateItem(body)];
    const audit = {
      creator: poster?.id ?? null,
      modifier: poster ? String(poster.id) : null,
      dept_belong_id: poster?.dept_id == null ? null : String(poster.dept_id),
    };
    const inserted = await db
      .insertInto('items')
      .values(inputs.map((input) => ({ ...input, keywords: JSON.stringify(input.keywords), ...audit })))
      .returning('id')
      .execute();
    const rows = await selectItems(db)
      .where(
        'i.id',
        'in',
        inserted.map((r) => r.id),
      )
      .orderBy('i.id')
      .execute();
    const items = rows.map(toItem);
    emitter.emitItems(await itemViewerIds(db), batch ? items : items[0]!);
    return envelope(request, batch ? items : items[0], 'ok.created');
  });

  app.get(ItemPaths.list, AUTH, async (request) => {
    await requireViewer(request);
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query);
    let q = selectItems(db);
    for (const name of ['title', 'seller'] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '') q = q.where(`i.${name}`, 'ilike', likePattern(v.trim()));
    }
    const keyword = first(query.keyword);
    if (typeof keyword === 'string' && keyword.trim() !== '') {
      q = q.where(sql<boolean>`i.keywords ? ${keyword.trim()}`);
    }
    const search = first(query.search);
    if (typeof search === 'string' && search.trim() !== '') {
      const pattern = likePattern(search.trim());
      q = q.where((eb) =>
        eb.or([
          eb('i.title', 'ilike', pattern),
          eb('i.seller', 'ilike', pattern),
          eb(sql<string>`i.keywords::text`, 'ilike', pattern),
        ]),
      );
    }
    const after = parseLocalDate(first(query.create_datetime_after));
    if (after) q = q.where('i.create_datetime', '>=', after);
    const before = parseLocalDate(first(query.create_datetime_before));
    if (before) q = q.where('i.create_datetime', '<', new Date(before.getTime() + 86400_000));

    const { n } = await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const ordering =
      typeof first(query.ordering) === 'string' ? String(first(query.ordering)).split(',') : [];
    for (const raw of ordering) {
      const name = raw.trim().replace(/^-/, '');
      if (ORDERABLE.has(name))
        q = q.orderBy(sql.ref(`i.${name}`), raw.trim().startsWith('-') ? 'desc' : 'asc');
    }
    const rows = await q
      .orderBy('i.create_datetime', 'desc')
      .orderBy('i.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    return pageEnvelope(request, paging, n, rows.map(toItem));
  });

  app.get(ItemPaths.stats, AUTH, async (request) => {
    await requireViewer(request);
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const row = await db
      .selectFrom('items')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where create_datetime >= ${midnight}))::int`.as('today'),
      ])
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    return envelope(request, { today: row.today, total: row.total });
  });

  const idParam = (request: FastifyRequest) => {
    const id = queryInt((request.params as { id?: string }).id);
    if (id === null) throw badRequestWith('itemNotFound');
    return id;
  };

  app.get(ItemPaths.item(':id'), AUTH, async (request) => {
    await requireViewer(request);
    const row = await selectItems(db).where('i.id', '=', idParam(request)).executeTakeFirst();
    if (!row) throw badRequestWith('itemNotFound');
    return envelope(request, toItem(row));
  });

  app.delete(ItemPaths.item(':id'), AUTH, async (request) => {
    const user = request.user!;
    const done = await db
      .updateTable('items')
      .set({ is_deleted: true, modifier: String(user.id), update_datetime: sql<Date>`now()` })
      .where('id', '=', idParam(request))
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!done.numUpdatedRows) throw badRequestWith('itemNotFound');
    return envelope(request, [], 'ok.deleted');
  });
}
