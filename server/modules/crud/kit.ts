// The generic resource kit: one declarative definition per system resource gives it dvadmin's REST shape
// under /api/system/<name>/ (CONTRACT.md, "Generic CRUD resources"):
//
//   GET    <name>/                  paginated list: page/limit, field filters, search=, ordering=,
//                                   create_datetime_after/_before (yyyy-MM-dd); lazy trees by parent
//   POST   <name>/                  create            → 2000 新增成功 and the row
//   GET    <name>/{id}/             retrieve          → 获取成功
//   PUT    <name>/{id}/             update, full body → 更新成功 (PATCH is not routed: 方法 “PATCH” 不被允许。)
//   DELETE <name>/{id}/             soft delete       → 删除成功
//   DELETE <name>/multiple_delete/  {keys:[ids]}      → 删除成功; only rows in scope: 删除成功 (n) when some
//                                   keys were not deleted, a 4000 refusal when none was
//   POST   <name>/export/           .xlsx of the filtered list (when `export` is configured)
//
// Every route is API-permission checked (server/http/permission.ts) and data-scoped (server/http/data-scope.ts)
// unless the definition says otherwise; writes are operation-logged by the global hook. Rows keep the common
// trailing columns: creator/modifier (ids; modifier as text), dept_belong_id (the creator's dept, as text),
// create/update datetimes, soft delete. See server/modules/crud/README.md for how to add a resource.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Generated,
  type Kysely,
  type Nullable,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from 'kysely';
import type { z } from 'zod';
import { ChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { CommonColumns, Database, UsersTable } from '../../db/schema.ts';
import { applyScope, type DataScope, dataScopeOf } from '../../http/data-scope.ts';
import {
  ApiError,
  badRequest,
  envelope,
  type Label,
  listEnvelope,
  localeOf,
  type Paging,
  pageEnvelope,
  parsePaging,
  resolveText,
} from '../../http/envelope.ts';
import { type Locale, type MessageKey, t } from '../../http/messages.ts';
import { isDataScopeLifted, requirePermission } from '../../http/permission.ts';
import type { AuthUser } from '../../http/types.ts';
import { type Labels, validateBody } from '../../http/validate.ts';
import { formatDateTime, parseLocalDate } from '../../lib/time.ts';
import { type Cell, writeXlsx, XLSX_TYPE } from './xlsx.ts';

/**
 * The tables a resource can live on: a generated `id` and the common columns (soft delete, owner, audit).
 * The id is an integer, or text for a bigint (`xy_push`): the kit compares it with integers either way.
 */
export type ResourceTable = {
  [K in keyof Database]: Database[K] extends CommonColumns & { id: Generated<number> | Generated<string> }
    ? K
    : never;
}[keyof Database];
/** A column of table `T`. */
export type Column<T extends keyof Database> = keyof Database[T] & string;
/** What the base query sees: the resource's table as `t`, the creator and modifier joined as `cu`/`mu`. */
export type ResourceDb<T extends ResourceTable> = Database & {
  t: Database[T];
  cu: Nullable<UsersTable>;
  mu: Nullable<UsersTable>;
};
export type ResourceAliases = 't' | 'cu' | 'mu';
/** A base-query row: the table's columns and the creator's and modifier's names. */
export type BaseRow<T extends ResourceTable> = Selectable<Database[T]> & {
  creator_name: string | null;
  modifier_name: string | null;
};
/** The resource's select builder; `R` is the row a resource's `select` makes of the base row. */
export type ResourceSelect<T extends ResourceTable, R = BaseRow<T>> = SelectQueryBuilder<
  ResourceDb<T>,
  ResourceAliases,
  R
>;
export type ApiRow = Record<string, unknown>;
export type Query = Record<string, unknown>;

/** Everything a resource hook may need about the request. */
export type Ctx = {
  request: FastifyRequest;
  user: AuthUser;
  locale: Locale;
  db: Db;
  /** The caller's data scope (already "all" for superusers, resources without scope, lifted requests). */
  scope: DataScope;
};

/** A custom filter: adds conditions only (the selection is the kit's, so it sees the base row). */
export type FilterFn<T extends ResourceTable> = (
  qb: ResourceSelect<T>,
  value: string,
  ctx: Ctx,
) => ResourceSelect<T> | Promise<ResourceSelect<T>>;
/** contains: ilike on text; exact: equality on text; int/bool: parsed equality; isnull: `true`/`false`. */
export type FilterKind<T extends ResourceTable> =
  | 'contains'
  | 'exact'
  | 'int'
  | 'bool'
  | 'isnull'
  | FilterFn<T>;
/** A field the list speaks of: a column, or an API name `columnOf` maps to one. */
export type Field<T extends ResourceTable, M> = Column<T> | (keyof M & string);
/** API field → table column where they differ. */
export type ColumnMap<T extends ResourceTable> = { [field: string]: Column<T> };
/** The built-in filter kinds a column's type admits: `int`/`bool` compare as such, `isnull` needs nulls. */
type KindsFor<V> =
  | 'contains'
  | 'exact'
  | ([V] extends [number | null] ? 'int' : never)
  | ([V] extends [boolean | null] ? 'bool' : never)
  | (null extends V ? 'isnull' : never);
type ColumnKinds<T extends ResourceTable, K> = K extends keyof Selectable<Database[T]>
  ? KindsFor<Selectable<Database[T]>[K]>
  : never;
/**
 * Query parameter → filter. A parameter naming a field (a column, or a `columnOf` key) may take any kind;
 * any other parameter only a custom filter (there is no column for a built-in kind to compare).
 */
export type Filters<T extends ResourceTable, M, F extends string> = {
  [K in F]: K extends NoInfer<Field<T, M>>
    ? ColumnKinds<T, K extends keyof M ? M[K] : K> | FilterFn<T>
    : FilterFn<T>;
};

export type TreeSpec<T extends ResourceTable> = {
  /** The self-referencing column, e.g. `parent_id`; the `parent` query parameter filters on it. */
  parentColumn: Column<T>;
  /** With no filter at all, list only the roots (the areas, as stock dvadmin lists them). */
  rootsByDefault?: boolean;
};

export type ExportColumn = { field: string; header: Label; value?: (row: ApiRow, locale: Locale) => Cell };

/** Column values a resource writes (the kit adds the common ones). */
export type Values<T extends ResourceTable> = Updateable<Database[T]>;

/**
 * A resource on table `T`: `I` is its validated body, `R` the row its `select` makes, `M` its `columnOf`,
 * `F` its filter parameters. All but `T` are inferred (`I` from `body`, `R` from `select`).
 */
export type ResourceDef<
  T extends ResourceTable,
  I = Record<string, unknown>,
  R = BaseRow<T>,
  M extends ColumnMap<T> = Record<never, never>,
  F extends string = never,
> = {
  /** URL segment: /api/system/<name>/. */
  name: string;
  /** The whole list path when it is not /api/system/<name>/ (the business resources: `/xy/<name>/`). */
  base?: string;
  table: T;
  /** Operation-log module name; default `name`. */
  module?: string;
  /** Model name for the duplicate message `具有 <label> 的 <model> 已存在。`. */
  model: Label;
  labels: Labels;
  /** Create/update body (full body on PUT). Absent: read-only resource (list and retrieve only). */
  body?: z.ZodType<I>;
  /** Maps a validated body to column values (common columns are added by the kit). */
  columns?: (input: I, ctx: Ctx, id: number | null) => Values<T> | Promise<Values<T>>;
  /** Extra selections on the base query (the table is aliased `t`); joins it adds stay its own. */
  select?: (qb: ResourceSelect<T>) => SelectQueryBuilder<ResourceDb<T>, ResourceAliases, R>;
  /** The API row from a selected row. Use `head`/`tail` for the common fields. */
  row: (r: R, ctx: Ctx) => ApiRow;
  /** Query parameter → filter; the column is `columnOf[param] ?? param`. */
  filters?: Filters<T, M, F>;
  /** API field → table column where they differ (filters, ordering), e.g. `{parent: 'parent_id'}`. */
  columnOf?: M;
  search?: NoInfer<Field<T, M>>[];
  /**
   * Search through `xy_search_key` (migration 0012) instead of a multibyte ilike: the same matches (the
   * lowercased fields contain the lowercased term), and a trigram index over the key serves CJK terms too.
   * The resource's migration creates that index over `xy_search_key(xy_search_text(<search fields>::text…))`.
   */
  searchKey?: boolean;
  /**
   * Change topics (server/db/changes.ts) after which the list's kept counts, id chunks and rows are computed
   * again — every table the list's filters, joins and `row` read; absent: nothing is kept (every page counts
   * its rows and skips with an offset). With it, a filter's exact total is counted once per change, the
   * ordered ids are kept in chunks of CHUNK (the next chunk seeks from the last row of the one before when
   * the order is on non-null columns, `keyset`), and the API rows by locale and id (`row` must then depend
   * on the row and the locale only).
   */
  listCache?: string[];
  /** Non-null orderable fields a deep page may seek on (besides id, create_datetime, update_datetime). */
  keyset?: NoInfer<Field<T, M>>[];
  /** Fields `ordering=` accepts (`-field` for descending). */
  ordering?: NoInfer<Field<T, M>>[];
  /** Default order after any requested one, e.g. `['sort', 'id']` or `['-create_datetime', '-id']`. */
  defaultOrder?: NoInfer<Field<T, M> | `-${Field<T, M>}`>[];
  /** Live-row uniqueness: `具有 <label> 的 <model> 已存在。` on the field. `where` narrows the check. */
  unique?: (
    | { field: Column<T>; column?: Column<T>; where?: (input: I) => Partial<Selectable<Database[T]>> }
    | { field: string; column: Column<T>; where?: (input: I) => Partial<Selectable<Database[T]>> }
  )[];
  /** Fields referencing live rows of another table: `无效主键 “<v>” － 对象不存在。` when missing. */
  references?: { field: string; table: ResourceTable }[];
  tree?: TreeSpec<T>;
  /** `optional`: unpaginated unless `page` or `limit` is given (the menu list). Default `always`. */
  paginate?: 'always' | 'optional';
  /** Apply the data scope (default true). Global configuration tables set false. */
  dataScope?: boolean;
  /** A row belongs to itself (depts): dept_belong_id = its own id. */
  belongsToSelf?: boolean;
  /** Permission check on every route (default true). */
  permission?: boolean;
  /**
   * `superuser`: only a superuser may create, change or delete rows — for tables that define what the API
   * grants (menu buttons, the API white list): an editor changing them could widen its own rights.
   */
  writes?: 'superuser';
  /** No multiple_delete / delete when false; a read-only resource (no body) deletes only when true. */
  deletable?: boolean;
  export?: { filename: Label; columns: ExportColumn[] };
  /** Extra checks before a write (after validation), e.g. a parent cycle. */
  beforeWrite?: (input: I, ctx: Ctx, id: number | null) => Promise<void>;
  /** After the row is written (same transaction): join tables, derived values. */
  afterWrite?: (trx: Db, id: number, input: I, ctx: Ctx, created: boolean) => Promise<void>;
  /** Before a soft delete, e.g. refuse while children exist. */
  beforeDelete?: (ids: number[], ctx: Ctx) => Promise<void>;
  /** After a create or update has committed, e.g. effects outside the database (closing sockets). */
  afterCommit?: (id: number, input: I, ctx: Ctx, created: boolean) => Promise<void>;
  /** After a soft delete has committed. */
  afterDelete?: (ids: number[], ctx: Ctx) => Promise<void>;
  /** Extra routes; `kit` gives the resource's operations. Registered before the generic ones. */
  routes?: (app: FastifyInstance, kit: Kit<T, I, R>) => void;
};

export type Kit<T extends ResourceTable, I, R = BaseRow<T>> = {
  def: ResourceDef<T, I, R, ColumnMap<T>, string>;
  base: string;
  /** Route options for an extra route: API, module, permission. */
  options: { config: { api: true; module: string }; preHandler?: ReturnType<typeof requirePermission>[] };
  ctx: (request: FastifyRequest) => Promise<Ctx>;
  /** The base query (alias `t`), live rows, data scope applied. */
  query: (ctx: Ctx) => ResourceSelect<T, R>;
  find: (ctx: Ctx, id: number) => Promise<ApiRow | undefined>;
  get: (ctx: Ctx, id: number) => Promise<ApiRow>;
  list: (ctx: Ctx, query: Query) => Promise<ApiRow[]>;
  create: (ctx: Ctx, input: I) => Promise<number>;
  update: (ctx: Ctx, id: number, input: I) => Promise<void>;
  /** Soft-deletes the rows of `ids` inside the caller's scope; answers how many were deleted. */
  remove: (ctx: Ctx, ids: number[]) => Promise<number>;
  validate: (body: unknown) => I;
};

// ——— helpers for resource rows ———

/** The leading common fields, in dvadmin's serializer order. */
export const head = <Id extends number | string>(r: {
  id: Id;
  modifier_name: string | null;
  creator_name: string | null;
  create_datetime: Date;
  update_datetime: Date;
}) => ({
  id: r.id,
  modifier_name: r.modifier_name ?? null,
  creator_name: r.creator_name ?? null,
  create_datetime: formatDateTime(r.create_datetime),
  update_datetime: formatDateTime(r.update_datetime),
});

/** The trailing common fields. */
export const tail = (
  r: Pick<Selectable<CommonColumns>, 'description' | 'modifier' | 'dept_belong_id' | 'creator'>,
) => ({
  description: r.description ?? null,
  modifier: r.modifier ?? null,
  dept_belong_id: r.dept_belong_id ?? null,
  creator: r.creator ?? null,
});

/** `t.modifier` as an integer id (null when it is not one), for the join that names the modifier. */
const MODIFIER_ID = sql`(case when t.modifier ~ '^[0-9]{1,9}$' then t.modifier::int end)`;

/** `(select count(*) from <table> c where c.<parent> = t.id and not deleted)` as `name`. */
export const childCount = <U extends ResourceTable, N extends string = 'child_count'>(
  table: U,
  parentColumn: Column<U>,
  name: N = 'child_count' as N,
) =>
  sql<number>`(select count(*)::int from ${sql.table(table)} c where c.${sql.ref(parentColumn)} = t.id and c.is_deleted = false)`.as(
    name,
  );

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
export const queryText = (v: unknown): string | null => {
  const s = first(v);
  return typeof s === 'string' ? s : typeof s === 'number' ? String(s) : null;
};
export const parseId = (v: unknown): number | null => {
  const s = first(v);
  if (typeof s === 'number') return Number.isSafeInteger(s) && s > 0 ? s : null;
  return typeof s === 'string' && /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null;
};
export const parseBool = (v: unknown): boolean | null => {
  const s = first(v);
  if (s === '1' || s === 'true' || s === 'True' || s === true) return true;
  if (s === '0' || s === 'false' || s === 'False' || s === false) return false;
  return null;
};
export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const notFound = () => badRequest('route.notFound');

/** An error whose text is resolved per locale by the resource (messages outside the shared table). */
export const refuseText = (text: Label, label?: Label) =>
  new ApiError(4000, (locale) => {
    const message = typeof text === 'string' ? text : text[locale];
    if (label === undefined) return message;
    return `${typeof label === 'string' ? label : label[locale]}:${message}`;
  });

export const refuseKey = (key: MessageKey, params: Record<string, string | number>, label?: Label) =>
  new ApiError(4000, (locale) => resolveText(locale, { key, params, label }));

/** A row id: an integer, or text for a bigint. */
type Id = KitTable['id'] extends Generated<infer V> ? V : never;

/** Ids a kept chunk of a list holds (`listCache`). */
export const CHUNK = 1_000;
/** Rows kept by id for the list pages (`listCache`), the oldest dropped first. */
const ROWS_KEPT = 5_000;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** Query keys that are never field filters. */
const RESERVED = new Set([
  'page',
  'limit',
  'search',
  'ordering',
  'lazy',
  'timestamp',
  'sign',
  'create_datetime_after',
  'create_datetime_before',
]);

// ——— the kit ———

/** The kit's own view of every resource table: the common columns (`resource` stands for `def.table`). */
interface KitTable extends CommonColumns {
  id: Generated<number>;
}
type KitDb = Database & {
  resource: KitTable;
  t: KitTable;
  cu: Nullable<UsersTable>;
  mu: Nullable<UsersTable>;
};
type KitSelect<O> = SelectQueryBuilder<KitDb, ResourceAliases, O>;

export function registerResource<
  T extends ResourceTable,
  I = Record<string, unknown>,
  R = BaseRow<T>,
  M extends ColumnMap<T> = Record<never, never>,
  F extends string = never,
>(app: FastifyInstance, db: Db, definition: ResourceDef<T, I, R, M, F>): Kit<T, I, R> {
  // Kysely resolves no column of `Database[T]` while `T` is generic: inside, the kit sees its table as
  // `KitTable` (the columns every resource table has) and reaches the resource's own columns (filters,
  // search, ordering, tree) with `sql.ref`; the definition's own callbacks are checked against `T`.
  const def = definition as unknown as ResourceDef<T, I, R, ColumnMap<T>, string>;
  const kdb = db as unknown as Kysely<KitDb>;
  const table = def.table as string as 'resource';
  const erase = <O>(qb: SelectQueryBuilder<ResourceDb<T>, ResourceAliases, O>) =>
    qb as unknown as KitSelect<O>;
  const typed = <O>(qb: KitSelect<O>) =>
    qb as unknown as SelectQueryBuilder<ResourceDb<T>, ResourceAliases, O>;
  const base = def.base ?? `/api/system/${def.name}/`;
  const module = def.module ?? def.name;
  const permission = def.permission === false ? [] : [requirePermission(db)];
  const options = { config: { api: true as const, module }, preHandler: permission };
  const superuserWrites = async (request: FastifyRequest) => {
    if (request.user?.is_superuser) return;
    const model = def.model;
    throw new ApiError(4000, (locale) =>
      t(locale, 'writes.superuserOnly', { model: typeof model === 'string' ? model : model[locale] }),
    );
  };
  const writeOptions =
    def.writes === 'superuser' ? { ...options, preHandler: [...permission, superuserWrites] } : options;
  const col = (field: string) => def.columnOf?.[field] ?? field;
  const labelOf = (field: string): Label => def.labels[field] ?? field;

  const ctx = async (request: FastifyRequest): Promise<Ctx> => {
    const user = request.user!;
    const scoped = def.dataScope !== false && !isDataScopeLifted(request);
    return {
      request,
      user,
      locale: localeOf(request),
      db,
      scope: scoped ? await dataScopeOf(db, user) : { all: true },
    };
  };

  const query = (c: Ctx): ResourceSelect<T, R> => {
    const selected = kdb
      .selectFrom(`${table} as t`)
      .leftJoin('users as cu', 'cu.id', 't.creator')
      // modifier is text (dvadmin's CharField); compare as an integer so the join uses users' primary key,
      // and a count that needs no modifier_name drops the join altogether.
      .leftJoin('users as mu', (j) => j.on(sql<boolean>`mu.id = ${MODIFIER_ID}`))
      .selectAll('t')
      .select(['cu.name as creator_name', 'mu.name as modifier_name'])
      .where('t.is_deleted', '=', false);
    const own = typed(selected) as unknown as ResourceSelect<T>;
    // Without `select`, `R` is the base row.
    const qb = def.select ? def.select(own) : (own as unknown as ResourceSelect<T, R>);
    return applyScope(qb, c.scope, 't');
  };

  const toRow = (c: Ctx) => (r: R) => def.row(r, c);

  async function applyFilters<O>(qb0: KitSelect<O>, params: Query, c: Ctx): Promise<KitSelect<O>> {
    let qb = qb0;
    for (const [param, kind] of Object.entries(def.filters ?? {})) {
      const value = queryText(params[param]);
      if (value === null || value === '') continue;
      const column = sql.ref(`t.${col(param)}`);
      // A custom filter adds conditions only: the selection it is handed back is the one it was given.
      if (typeof kind === 'function')
        qb = erase(
          await kind(typed(qb) as unknown as ResourceSelect<T>, value, c),
        ) as unknown as KitSelect<O>;
      else if (kind === 'contains') qb = qb.where(sql`${column}::text`, 'ilike', likePattern(value));
      else if (kind === 'exact') qb = qb.where(sql`${column}::text`, '=', value);
      else if (kind === 'int') {
        const n = /^-?\d{1,9}$/.test(value) ? Number(value) : null;
        qb = n === null ? qb.where(sql.lit(false)) : qb.where(column, '=', n);
      } else if (kind === 'bool') {
        const b = parseBool(value);
        if (b !== null) qb = qb.where(column, '=', b);
      } else if (kind === 'isnull') {
        const b = parseBool(value);
        if (b !== null) qb = qb.where(column, b ? 'is' : 'is not', null);
      }
    }
    const id = parseId(params.id);
    if (id !== null) qb = qb.where('t.id', '=', id);
    const search = queryText(params.search)?.trim();
    if (search && def.search?.length) {
      // One ilike over the fields joined by \x01 (which no search term holds) matches exactly when one of
      // them matches, at about half the cost of one ilike per field. xy_search_text is immutable (migration
      // 0006), so the same expression can carry a pg_trgm index (the user list has one).
      const fieldsText = sql.join(
        def.search.map((f) => sql`${sql.ref(`t.${col(f)}`)}::text`),
        sql`, `,
      );
      const term = search.replaceAll('\x01', '');
      qb = def.searchKey
        ? qb.where(sql<boolean>`xy_search_key(xy_search_text(${fieldsText})) like xy_search_pattern(${term})`)
        : qb.where(sql`xy_search_text(${fieldsText})`, 'ilike', likePattern(term));
    }
    const after = parseLocalDate(queryText(params.create_datetime_after));
    if (after) qb = qb.where('t.create_datetime', '>=', after);
    const before = parseLocalDate(queryText(params.create_datetime_before));
    if (before) qb = qb.where('t.create_datetime', '<', new Date(before.getTime() + 86_400_000));
    if (def.tree) {
      const parentColumn = sql.ref(`t.${def.tree.parentColumn}`);
      const hasFilter = Object.keys(params).some((k) => !RESERVED.has(k) && queryText(params[k]));
      const lazy = parseBool(params.lazy) === true;
      const parent = queryText(params.parent);
      // lazy=1 without a parent: the roots (other filters narrow them); rootsByDefault: the roots while
      // nothing at all is filtered or searched (a filter or search lists matching rows at every level).
      const noParent = (parent === null || parent === '') && !(def.tree.parentColumn in params);
      if (noParent && !search && (lazy || (def.tree.rootsByDefault && !hasFilter))) {
        qb = qb.where(parentColumn, 'is', null);
      }
    }
    return qb;
  }

  /** The list's order as columns: the requested fields, the default order, then id (duplicates dropped). */
  function orderOf(ordering: unknown): { column: string; desc: boolean }[] {
    const order: { column: string; desc: boolean }[] = [];
    const requested = queryText(ordering)?.split(',') ?? [];
    for (const raw of [...requested, ...(def.defaultOrder ?? ['id'])]) {
      const name = raw.trim().replace(/^-/, '');
      const allowed =
        def.ordering?.includes(name) || def.defaultOrder?.some((d) => d.replace(/^-/, '') === name);
      if (!name || !allowed || order.some((o) => o.column === col(name))) continue;
      order.push({ column: col(name), desc: raw.trim().startsWith('-') });
    }
    if (!order.some((o) => o.column === 'id')) order.push({ column: 'id', desc: false });
    return order;
  }

  function applyOrdering<O>(qb0: KitSelect<O>, ordering: unknown): KitSelect<O> {
    let qb = qb0;
    for (const { column, desc } of orderOf(ordering))
      qb = qb.orderBy(sql.ref(`t.${column}`), desc ? 'desc' : 'asc');
    return qb;
  }

  // ——— counts, pages and rows kept until a change (`listCache`) ———
  const feed = changeFeedOf(db);
  const topics = Object.fromEntries((def.listCache ?? []).map((topic) => [topic, 'all' as const]));
  const cached = <V>(max: number, keep?: (value: V) => boolean) =>
    def.listCache ? new ChangeCache<V>(feed, topics, { max, keep }) : undefined;
  const counts = cached<number>(1_000);
  const chunks = cached<Id[]>(1_000);
  const rowCache = cached<ApiRow | null>(ROWS_KEPT, (row) => row !== null);
  const seekable = new Set(['id', 'create_datetime', 'update_datetime', ...(def.keyset ?? []).map(col)]);
  const keyOf = (qb: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
    const compiled = qb.compile();
    return `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
  };

  /** The filtered rows' exact count (kept until a change with `listCache`). */
  const countOf = async <O>(filtered: KitSelect<O>): Promise<number> => {
    const qb = filtered.clearSelect().clearOrderBy().select(sql<number>`count(*)::int`.as('n'));
    const load = async () => Number((await qb.executeTakeFirstOrThrow()).n);
    return counts ? counts.get(keyOf(qb), load) : load();
  };

  /**
   * Rows after the anchor in `order`: c1 ≤ v1 and (c1 < v1 or (c2 ≤ v2 and (c2 < v2 or …))) for descending
   * columns (≥/> ascending), v the anchor row's own values (read by id, so timestamps keep their precision).
   * The leading `c1 ≤ v1` bounds an index scan in that order.
   */
  const after = (order: { column: string; desc: boolean }[], anchor: Id): RawBuilder<boolean> => {
    const value = (column: string) =>
      sql`(select a.${sql.ref(column)} from ${sql.table(table)} a where a.id = ${anchor})`;
    const [head, ...rest] = order;
    if (!head) return sql<boolean>`true`;
    const ref = sql.ref(`t.${head.column}`);
    const strict = sql`${ref} ${sql.raw(head.desc ? '<' : '>')} ${value(head.column)}`;
    if (!rest.length) return sql<boolean>`${strict}`;
    const loose = sql`${ref} ${sql.raw(head.desc ? '<=' : '>=')} ${value(head.column)}`;
    return sql<boolean>`(${loose} and (${strict} or ${after(rest, anchor)}))`;
  };

  /**
   * Chunk `k` of the ordered ids: rows k·CHUNK … (k+1)·CHUNK − 1. When chunk k − 1 is kept and the order is
   * on non-null columns it seeks from that chunk's last row (keyset: paging on costs no more than page 1);
   * otherwise it skips k·CHUNK rows once, and is then kept like the others.
   */
  const chunk = <O>(
    ordered: KitSelect<O & { id: Id }>,
    order: { column: string; desc: boolean }[],
    k: number,
  ) => {
    const key = keyOf(ordered);
    return chunks!.get(`${k}\n${key}`, async () => {
      const previous =
        k > 0 && order.every((o) => seekable.has(o.column)) ? chunks!.peek(`${k - 1}\n${key}`) : undefined;
      const last = previous ? (await previous).at(-1) : undefined;
      const qb = last === undefined ? ordered.offset(k * CHUNK) : ordered.where(after(order, last));
      return (await qb.limit(CHUNK).execute()).map((r) => r.id);
    });
  };

  /**
   * One page's ids and the filtered total. With `listCache` the ordered ids are kept in chunks of CHUNK and a
   * page is a slice of one or two of them; the total is the first chunk's length when it is not full, the
   * kept count otherwise. Without it (or while nothing can be kept), the page's ids are read with an offset
   * and the rows counted.
   */
  const page = async <O>(filtered: KitSelect<O>, ordering: unknown, paging: Paging) => {
    const ordered = applyOrdering(filtered.clearSelect().select('t.id'), ordering);
    // Nothing can be kept while the change feed is not live (PostgreSQL's listener reconnecting): read just
    // the page then, not whole chunks.
    if (!chunks || !feed?.live) {
      const total = await countOf(filtered);
      if (paging.offset >= total) return { total, ids: [] };
      const rows = await ordered.limit(paging.limit).offset(paging.offset).execute();
      return { total, ids: rows.map((r) => r.id) };
    }
    const order = orderOf(ordering);
    const first = await chunk(ordered, order, 0);
    const total = first.length < CHUNK ? first.length : await countOf(filtered);
    const ids: Id[] = [];
    const end = Math.min(paging.offset + paging.limit, total);
    for (let k = Math.floor(paging.offset / CHUNK); k * CHUNK < end; k++) {
      const part = k === 0 ? first : await chunk(ordered, order, k);
      ids.push(...part.slice(Math.max(0, paging.offset - k * CHUNK), end - k * CHUNK));
    }
    return { total, ids };
  };

  /**
   * The API rows of `ids` in that order, selected with the resource's joins. With `listCache` an API row is
   * kept by locale and id until a change (so `row` may depend on the locale only; the ids came from the
   * caller's scoped list, so whose rows they are was settled there).
   */
  const rowsOf = async (c: Ctx, ids: Id[], ordering: unknown): Promise<ApiRow[]> => {
    if (!ids.length) return [];
    const load = async (wanted: Id[]) =>
      (await applyOrdering(
        erase(query(c)).where('t.id', 'in', wanted),
        ordering,
      ).execute()) as unknown as R[];
    if (!rowCache || !feed?.live) return (await load(ids)).map(toRow(c));
    const missing: Id[] = [];
    let batch: Promise<Map<Id, ApiRow>> | undefined;
    const loadBatch = () => {
      batch ??= Promise.resolve().then(async () => {
        const rows = await load(missing);
        return new Map(rows.map((r) => [(r as { id: Id }).id, def.row(r, c)]));
      });
      return batch;
    };
    const rows = await Promise.all(
      ids.map((id) =>
        rowCache.get(`${c.locale}\n${id}`, () => {
          missing.push(id);
          return loadBatch().then((found) => found.get(id) ?? null);
        }),
      ),
    );
    return rows.filter((r) => r !== null);
  };

  const find = async (c: Ctx, id: number) => {
    const r = await erase(query(c)).where('t.id', '=', id).executeTakeFirst();
    return r ? def.row(r, c) : undefined;
  };
  const get = async (c: Ctx, id: number) => {
    const row = await find(c, id);
    if (!row) throw notFound();
    return row;
  };
  const list = async (c: Ctx, params: Query) => {
    const filtered = await applyFilters(erase(query(c)), params, c);
    const rows = await applyOrdering(filtered, params.ordering).execute();
    return rows.map(toRow(c));
  };

  const validate = (body: unknown): I => {
    if (!def.body) throw notFound();
    return validateBody(def.body, body, def.labels) as I;
  };

  async function checkUnique(input: I, id: number | null): Promise<void> {
    for (const u of def.unique ?? []) {
      const value = (input as Record<string, unknown>)[u.field];
      if (value === undefined || value === null || value === '') continue;
      let qb = kdb
        .selectFrom(table)
        .select('id')
        .where(sql.ref(u.column ?? u.field), '=', value)
        .where('is_deleted', '=', false);
      for (const [k, v] of Object.entries(u.where?.(input) ?? {}))
        qb = qb.where(sql.ref(k), v === null ? 'is' : '=', v);
      if (id !== null) qb = qb.where('id', '<>', id);
      if (await qb.executeTakeFirst()) throw duplicate(u.field);
    }
  }
  const duplicate = (field: string) =>
    new ApiError(4000, (locale) => {
      const label = labelOf(field);
      const text = typeof label === 'string' ? label : label[locale];
      const model = typeof def.model === 'string' ? def.model : def.model[locale];
      return resolveText(locale, { key: 'v.unique', params: { label: text, model }, label });
    });

  async function checkReferences(input: I): Promise<void> {
    for (const ref of def.references ?? []) {
      const raw = (input as Record<string, unknown>)[ref.field];
      const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined && v !== null);
      for (const value of new Set(values)) {
        const found = await kdb
          .selectFrom(ref.table as 'resource')
          .select('id')
          .where('id', '=', value as number)
          .where('is_deleted', '=', false)
          .executeTakeFirst();
        if (!found) throw refuseKey('v.pkMissing', { value: String(value) }, labelOf(ref.field));
      }
    }
  }

  // The values were checked against `T` by `columns`; here they only pass through.
  const defined = (values: Values<T>) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Updateable<KitTable>;

  async function create(c: Ctx, input: I): Promise<number> {
    await def.beforeWrite?.(input, c, null);
    await checkReferences(input);
    await checkUnique(input, null);
    const values = defined(await def.columns!(input, c, null));
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        const { id } = await (trx as unknown as Kysely<KitDb>)
          .insertInto(table)
          .values({
            dept_belong_id: c.user.dept_id === null ? null : String(c.user.dept_id),
            ...values,
            creator: c.user.id,
            modifier: String(c.user.id),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (def.belongsToSelf) {
          await (trx as unknown as Kysely<KitDb>)
            .updateTable(table)
            .set({ dept_belong_id: String(id) })
            .where('id', '=', id)
            .execute();
        }
        await def.afterWrite?.(trx, id, input, c, true);
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error) && def.unique?.[0]) throw duplicate(def.unique[0].field);
      throw error;
    }
    await def.afterCommit?.(id, input, c, true);
    return id;
  }

  async function update(c: Ctx, id: number, input: I): Promise<void> {
    await def.beforeWrite?.(input, c, id);
    await checkReferences(input);
    await checkUnique(input, id);
    const values = defined(await def.columns!(input, c, id));
    try {
      await db.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<KitDb>)
          .updateTable(table)
          .set({ ...values, modifier: String(c.user.id), update_datetime: sql`now()` })
          .where('id', '=', id)
          .where('is_deleted', '=', false)
          .execute();
        await def.afterWrite?.(trx, id, input, c, false);
      });
    } catch (error) {
      if (isUniqueViolation(error) && def.unique?.[0]) throw duplicate(def.unique[0].field);
      throw error;
    }
    await def.afterCommit?.(id, input, c, false);
  }

  async function remove(c: Ctx, ids: number[]): Promise<number> {
    // Only rows inside the caller's scope can be deleted.
    const visible = await erase(query(c)).clearSelect().select('t.id').where('t.id', 'in', ids).execute();
    const live = visible.map((r) => r.id);
    if (!live.length) return 0;
    await def.beforeDelete?.(live, c);
    await kdb
      .updateTable(table)
      .set({ is_deleted: true, modifier: String(c.user.id), update_datetime: sql`now()` })
      .where('id', 'in', live)
      .execute();
    await def.afterDelete?.(live, c);
    return live.length;
  }

  const kit: Kit<T, I, R> = {
    def,
    base,
    options,
    ctx,
    query,
    find,
    get,
    list,
    create,
    update,
    remove,
    validate,
  };
  const idOf = (request: FastifyRequest) => {
    const id = parseId((request.params as { id?: string }).id);
    if (id === null) throw notFound();
    return id;
  };

  def.routes?.(app, kit);

  app.get(base, options, async (request) => {
    const params = request.query as Query;
    const c = await ctx(request);
    const filtered = await applyFilters(erase(query(c)), params, c);
    const lazy = def.tree && parseBool(params.lazy) === true;
    const optional = def.paginate === 'optional' && params.page === undefined && params.limit === undefined;
    if (lazy || optional) {
      const rows = await applyOrdering(filtered, params.ordering).execute();
      return listEnvelope(request, rows.map(toRow(c)), 'ok.success');
    }
    const paging = parsePaging(params);
    // The page's ids first, on the table alone (the planner drops the unused joins and walks an index in
    // order), then the rows with their joins and subqueries for those ids only: a deep page no longer
    // builds every skipped row.
    const { total, ids } = await page(filtered, params.ordering, paging);
    return pageEnvelope(request, paging, total, await rowsOf(c, ids, params.ordering));
  });

  app.get(`${base}:id/`, options, async (request) => {
    const c = await ctx(request);
    return envelope(request, await get(c, idOf(request)));
  });

  if (def.export) {
    const spec = def.export;
    app.post(`${base}export/`, options, async (request, reply) => {
      const c = await ctx(request);
      const body =
        request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
      const rows = await list(c, { ...(body as Query), ...(request.query as Query) });
      const header = spec.columns.map((column) =>
        typeof column.header === 'string' ? column.header : column.header[c.locale],
      );
      const cells = rows.map((row) => spec.columns.map((column) => exportCell(column, row, c.locale)));
      const filename = typeof spec.filename === 'string' ? spec.filename : spec.filename[c.locale];
      return sendXlsx(reply, filename, writeXlsx([header, ...cells], filename));
    });
  }

  if (def.body) {
    app.post(base, writeOptions, async (request) => {
      const c = await ctx(request);
      const id = await create(c, validate(request.body));
      return envelope(request, await get({ ...c, scope: { all: true } }, id), 'ok.created');
    });

    app.put(`${base}:id/`, writeOptions, async (request) => {
      const c = await ctx(request);
      const id = idOf(request);
      if (!(await find(c, id))) throw notFound();
      await update(c, id, validate(request.body));
      return envelope(request, await get({ ...c, scope: { all: true } }, id), 'ok.updated');
    });
  }

  // Read-only resources (no body) delete only when they say so (`deletable: true`: device data, push data).
  if (def.deletable === false || (!def.body && def.deletable !== true)) return kit;

  app.delete(`${base}multiple_delete/`, writeOptions, async (request) => {
    const body = request.body as { keys?: unknown } | undefined;
    if (!body || !Array.isArray(body.keys) || body.keys.length === 0) throw badRequest('v.keysMissing');
    const keys = body.keys.map((k) => parseId(typeof k === 'number' ? k : String(k)));
    if (keys.some((k) => k === null)) throw refuseKey('v.integer', {}, 'keys');
    const c = await ctx(request);
    const wanted = new Set(keys as number[]);
    // Keys that are unknown, already deleted or outside the caller's scope are not deleted: say how many were.
    const deleted = await remove(c, [...wanted]);
    if (deleted === 0) throw refuseKey('delete.none', { count: wanted.size });
    if (deleted < wanted.size) {
      return {
        ...listEnvelope(request, [], 'ok.deleted'),
        msg: t(c.locale, 'delete.partial', { deleted, skipped: wanted.size - deleted }),
      };
    }
    return listEnvelope(request, [], 'ok.deleted');
  });

  app.delete(`${base}:id/`, writeOptions, async (request) => {
    const c = await ctx(request);
    const id = idOf(request);
    if (!(await find(c, id))) throw notFound();
    await remove(c, [id]);
    return envelope(request, [], 'ok.deleted');
  });

  return kit;
}

function exportCell(column: ExportColumn, row: ApiRow, locale: Locale): Cell {
  if (column.value) return column.value(row, locale);
  const v = row[column.field];
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return v as Cell;
}

/** Sends a workbook as dvadmin does: `Content-Disposition: attachment;filename=<urlencoded>.xlsx`. */
export function sendXlsx(reply: FastifyReply, filename: string, data: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment;filename=${encodeURIComponent(filename)}.xlsx`)
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(data);
}
