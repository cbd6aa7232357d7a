// The live item feed, /xy/items/:
//   POST /xy/items/        one listing (object) or up to 100 (array), through the ingest pipeline
//                          (server/modules/pipeline/ingest.ts: dedupe → blacklist → filters → store). Accepted
//                          with `Authorization: Token <t>` — a phone's token, an ingest token (xy_ingest_token)
//                          or the deprecated global INGEST_TOKEN — or from a signed-in user holding the items
//                          Create button. Answers one verdict per listing; stored items, and the rows a
//                          duplicate updated (new price, last_seen), are pushed as `items` to every user
//                          allowed to see items (the live list updates those rows in place).
//   GET  /xy/items/        paginated, newest first; filters search, title, seller, keyword, task, seller_ref,
//                          min_price / max_price (inclusive), date range; `total` is exact up to 1,000 matches
//                          (or the page's end), the planner's estimate beyond (listTotal)
//   POST /xy/items/export/ .xlsx of the filtered list (the Export button), at most EXPORT_MAX rows
//   GET  /xy/items/stats/  {today, total} for the workbench
//   GET  /xy/items/{id}/, DELETE /xy/items/{id}/
// Requests are signed like every API call (the secret is public at /app-config.js; the token authenticates).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { readCredentials, tokenNotValid } from '../../http/auth.ts';
import {
  envelope,
  type Label,
  localeOf,
  type Paging,
  pageEnvelope,
  parsePaging,
  refuse,
} from '../../http/envelope.ts';
import { verifyJwt } from '../../http/jwt.ts';
import { checkApiPermission, permissionDenied, requirePermission } from '../../http/permission.ts';
import { field, validateBody } from '../../http/validate.ts';
import { parseLocalDate } from '../../lib/time.ts';
import type { Emitter } from '../../realtime/index.ts';
import { sendXlsx } from '../crud/kit.ts';
import { writeXlsx } from '../crud/xlsx.ts';
import { queryInt } from '../message/routes.ts';
import { badRequestWith, refuseWith } from '../message/texts.ts';
import { type BatchContext, ingest, type Poster, readBatch } from '../pipeline/ingest.ts';
import type { PipelineRuntime } from '../pipeline/runtime.ts';
import { refusePipeline } from '../pipeline/texts.ts';
import { ingestTokenByToken, phoneByToken } from '../pipeline/tokens.ts';
import { canSeeItems, ITEMS_API, itemViewerIds, selectItems, toItem } from './queries.ts';

export const ItemPaths = {
  list: ITEMS_API,
  stats: `${ITEMS_API}stats/`,
  item: (id: number | string) => `${ITEMS_API}${id}/`,
  export: `${ITEMS_API}export/`,
} as const;

/** The list counts its matches exactly up to this many (deeper pages count to their end), then estimates. */
const COUNT_CAP = 1_000;

/** The most rows one export writes (newest first). */
const EXPORT_MAX = 10_000;

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
  seller_id: { zh: '卖家 ID', en: 'Seller id' },
  task: { zh: '任务', en: 'Task' },
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
  seller_id: field.optionalText(100),
  task: field.optionalInteger(1),
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
  /** The marketplace's seller id (the seller is keyed by its name when absent). */
  seller_id: string | null;
  task: number | null;
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
  // The field labels only name a refused field: built on a refusal, not for each of 100 listings.
  const labelsOf = () =>
    Object.fromEntries(
      Object.entries(ITEM_LABELS).map(([k, v]) => [
        k,
        prefix ? { zh: `${prefix.zh}${v.zh}`, en: `${prefix.en}${v.en}` } : v,
      ]),
    ) as Record<ItemField, Label>;
  const parsed = itemBody.safeParse(body);
  const input = parsed.success ? parsed.data : validateBody(itemBody, body, labelsOf());
  const label = (name: ItemField) => labelsOf()[name];
  const fail = (key: 'badUrl' | 'badTime', name: ItemField) => refuseWith(key, undefined, label(name));

  let price: number | null = null;
  if (input.price !== undefined && input.price !== null && input.price !== '') {
    const n =
      typeof input.price === 'number'
        ? input.price
        : typeof input.price === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(input.price)
          ? Number(input.price)
          : Number.NaN;
    if (!Number.isFinite(n)) throw refuse('v.invalid', undefined, label('price'));
    if (n < 0) throw refuse('v.minValue', { min: 0 }, label('price'));
    if (n > MAX_PRICE) throw refuse('v.maxValue', { max: MAX_PRICE }, label('price'));
    price = Math.round(n * 100) / 100;
  }
  const link = (value: unknown, name: 'url' | 'image', allowPath: boolean): string | null => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') throw refuse('v.string', undefined, label(name));
    const v = value.trim();
    if (v.length > 1000) throw refuse('v.maxLength', { max: 1000 }, label(name));
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
    seller_id: input.seller_id || null,
    task: input.task ?? null,
  };
}

const itemPrefix = (i: number) => ({ zh: `第 ${i + 1} 条 `, en: `Item ${i + 1} ` });

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ORDERABLE = new Set(['id', 'price', 'time', 'create_datetime', 'title', 'seller', 'last_seen']);
const ITEM_SEARCH_TEXT = sql<string>`(i.title || ' ' || coalesce(i.seller, '') || ' ' || i.keywords::text)`;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerItemRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  emitter: Emitter,
  runtime: PipelineRuntime,
): void {
  const AUTH = { config: { api: true, module: 'items' }, preHandler: [requirePermission(db)] };
  const INGEST = { config: { api: true, module: 'items', auth: 'optional', machine: true } } as const;

  /** The poster: a phone, an ingest token, the global INGEST_TOKEN, or a signed-in user with Create. */
  const authorizeIngest = async (request: FastifyRequest): Promise<Poster> => {
    const header = request.headers.authorization ?? '';
    const apiToken = /^\s*token\s+(\S+)\s*$/i.exec(header);
    if (apiToken) {
      const token = apiToken[1]!;
      const phone = await phoneByToken(db, token);
      if (phone) return { kind: 'phone', phone };
      const holder = await ingestTokenByToken(db, token);
      if (holder) return { kind: 'token', holder };
      // Deprecated: the one global token from the environment.
      if (config.ingestToken && sameSecret(token, config.ingestToken)) return { kind: 'env' };
      throw refuseWith('badIngestToken');
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
    return { kind: 'user', user };
  };

  /** Every listing's task must exist — and, for a phone, be assigned to it (`tasks`: the batch's read). */
  const checkTasks = (poster: Poster, inputs: ItemInput[], batch: boolean, tasks: BatchContext['tasks']) => {
    for (const [i, l] of inputs.entries()) {
      if (l.task === null) continue;
      const label = () =>
        batch
          ? {
              zh: `${itemPrefix(i).zh}${ITEM_LABELS.task.zh}`,
              en: `${itemPrefix(i).en}${ITEM_LABELS.task.en}`,
            }
          : ITEM_LABELS.task;
      if (!tasks.has(l.task)) throw refusePipeline('taskMissing', label());
      if (poster.kind === 'phone' && tasks.get(l.task) !== poster.phone.id) {
        throw refusePipeline('taskNotOfPhone', label());
      }
    }
  };

  app.post(ItemPaths.list, INGEST, async (request) => {
    const poster = await authorizeIngest(request);
    const body = request.body;
    const batch = Array.isArray(body);
    if (batch && body.length > MAX_BATCH) throw refuseWith('tooManyItems', { max: MAX_BATCH });
    if (batch && body.length === 0) throw refuseWith('listEmpty');
    // One bad listing rejects the whole batch, naming it: nothing of the batch is stored.
    const inputs = batch ? body.map((item, i) => validateItem(item, itemPrefix(i))) : [validateItem(body)];
    // The batch's one read (tasks, dedupe, rule versions) serves the task check and the ingest.
    const context = await readBatch(db, inputs);
    checkTasks(poster, inputs, batch, context.tasks);
    const result = await ingest({ db, rules: runtime.rules, clock: runtime.clock }, poster, inputs, context);
    const ids = [...new Set([...result.stored, ...result.updated])];
    const byId = new Map(result.rows.map((r) => [r.id, toItem(r)]));
    // Stored rows, then the rows duplicates updated (same id, new price and last_seen) — to the viewers, when
    // anyone can receive them (the recipients' query is skipped while no socket is connected).
    const pushed = ids.map((id) => byId.get(id)).filter((i) => i !== undefined);
    if (pushed.length && emitter.listening()) {
      emitter.emitItems(await itemViewerIds(db), batch ? pushed : pushed[0]!);
    }
    const answers = result.verdicts.map((v, i) => {
      const item = v.id === null ? undefined : byId.get(v.id);
      const l = inputs[i]!;
      const base = item ?? {
        id: null,
        title: l.title,
        price: l.price,
        seller: l.seller ?? l.seller_id,
        url: l.url,
        task: l.task,
      };
      return { ...base, verdict: v.verdict, reason: v.reason, rule: v.rule };
    });
    return envelope(request, batch ? answers : answers[0], 'ok.created');
  });

  const requireViewer = async (request: FastifyRequest) => {
    if (!(await canSeeItems(db, request.user!))) throw refuseWith('permissionDenied');
  };

  /** The list's filters over selectItems (the list and the export). */
  const filtered = (query: Record<string, unknown>) => {
    let q = selectItems(db);
    for (const name of ['title', 'seller'] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '') q = q.where(`i.${name}`, 'ilike', likePattern(v.trim()));
    }
    const keyword = first(query.keyword);
    if (typeof keyword === 'string' && keyword.trim() !== '') {
      q = q.where(sql<boolean>`i.keywords ? ${keyword.trim()}`);
    }
    for (const [name, column] of [
      ['task', 'i.task_id'],
      ['seller_ref', 'i.seller_ref'],
    ] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '') {
        q = /^\d{1,9}$/.test(v.trim()) ? q.where(column, '=', Number(v)) : q.where(sql.lit(false));
      }
    }
    for (const [name, op] of [
      ['min_price', '>='],
      ['max_price', '<='],
    ] as const) {
      const v = first(query[name]);
      if (typeof v === 'string' && v.trim() !== '') {
        // A bound that is not a number matches nothing (as an unknown task id does).
        q = /^\d{1,10}(\.\d+)?$/.test(v.trim()) ? q.where('i.price', op, v.trim()) : q.where(sql.lit(false));
      }
    }
    const search = first(query.search);
    if (typeof search === 'string' && search.trim() !== '') {
      // The expression of the trigram index items_search_trgm_idx (migration 0007): title, seller, keywords.
      q = q.where(ITEM_SEARCH_TEXT, 'ilike', likePattern(search.trim()));
    }
    const after = parseLocalDate(first(query.create_datetime_after));
    if (after) q = q.where('i.create_datetime', '>=', after);
    const before = parseLocalDate(first(query.create_datetime_before));
    if (before) q = q.where('i.create_datetime', '<', new Date(before.getTime() + 86400_000));
    return q;
  };

  /**
   * The list's `total` without counting every match on every page: a short page tells it exactly; otherwise
   * the matches are counted up to COUNT_CAP (or this page's end, when deeper), and past that the planner's
   * estimate is answered (never below what was counted).
   */
  const listTotal = async (q: ReturnType<typeof filtered>, paging: Paging, got: number): Promise<number> => {
    if (got > 0 && got < paging.limit) return paging.offset + got;
    const cap = Math.max(COUNT_CAP, paging.offset + paging.limit);
    const matches = q
      .clearSelect()
      .select(sql.lit(1).as('one'))
      .limit(cap + 1);
    const { n } = await db
      .selectFrom(matches.as('m'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (n <= cap) return n;
    const compiled = q.clearSelect().select(sql.lit(1).as('one')).compile();
    const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const json = plan.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return Math.max(n, Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0));
  };

  app.get(ItemPaths.list, AUTH, async (request) => {
    await requireViewer(request);
    const query = request.query as Record<string, unknown>;
    const paging = parsePaging(query);
    let q = filtered(query);
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
    return pageEnvelope(
      request,
      paging,
      await listTotal(filtered(query), paging, rows.length),
      rows.map(toItem),
    );
  });

  app.post(ItemPaths.export, AUTH, async (request, reply) => {
    await requireViewer(request);
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
    const query = { ...(body as Record<string, unknown>), ...(request.query as Record<string, unknown>) };
    const rows = await filtered(query)
      .orderBy('i.create_datetime', 'desc')
      .orderBy('i.id', 'desc')
      .limit(EXPORT_MAX)
      .execute();
    const zh = localeOf(request) === 'zh';
    const columns = [
      ['title', '标题', 'Title'],
      ['price', '价格', 'Price'],
      ['seller', '卖家', 'Seller'],
      ['task_name', '任务', 'Task'],
      ['url', '链接', 'URL'],
      ['first_seen', '首次发现', 'First seen'],
      ['last_seen', '最后发现', 'Last seen'],
    ] as const;
    const cells = rows.map(toItem).map((r) => columns.map(([f]) => r[f] ?? null));
    const name = zh ? '商品' : 'items';
    return sendXlsx(reply, name, writeXlsx([columns.map((c) => (zh ? c[1] : c[2])), ...cells], name));
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
