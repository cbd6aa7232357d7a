/**
 * Binds the CRUD kit's charts (src/machines/crud) to the one http client and the contract's paths:
 * - `createCrudListImplementations(deps)` for `listMachine.provide(…)`: `fetchPage`, `fetchChildren`,
 *   `deleteRows`, `notifyDeleted`;
 * - `createCrudFormImplementations(deps)` for `formMachine.provide(…)`: `fetchRecord`, `submitForm` (its
 *   failures carry the server's field errors), `notifySaved`;
 * - `createTaskImplementations(deps)` for `taskMachine.provide(…)`: `runTask`, `notifySucceeded`.
 * Every effect passes the actor's `signal` through and rejects with an `EffectFailure` (a `FormFailure`
 * for forms), so the charts route failures to their failed states. The http client has already toasted
 * and logged the server's message; the charts keep it on screen with a retry.
 */

import { fromPromise } from 'xstate';
import type { z } from 'zod';
import type { Envelope } from '../../contract/index.ts';
import { anyRowSchema, ResourcePaths } from '../../contract/resources.ts';
import type { FormMachine } from '../../machines/crud/form.machine.ts';
import type { ListMachine } from '../../machines/crud/list.machine.ts';
import type { TaskMachine } from '../../machines/crud/task.machine.ts';
import type {
  FetchChildrenInput,
  FetchPageInput,
  FormError,
  FormValues,
  ListPage,
  ListQuery,
  LoadedRecord,
  Row,
  RowId,
  SubmitResult,
} from '../../machines/crud/types.ts';
import { fetchPage, MAX_PAGE_SIZE } from '../api/list.ts';
import { buildTree, type TreeNode, type TreeRow } from '../api/tree.ts';
import { isApiError } from '../http/errors.ts';
import type { HttpClient, NotifyFn, TranslateFn } from '../http/types.ts';
import { EffectFailure, NOTICE_DURATION_MS, normalised, toEffectFailure } from './effects.ts';

type ListImplementations = Parameters<ListMachine['provide']>[0];
type FormImplementations = Parameters<FormMachine['provide']>[0];
type TaskImplementations = Parameters<TaskMachine['provide']>[0];

/**
 * How a tree's rows come (CONTRACT.md; stock dvadmin 2.1 defines each tree its own way):
 * - `whole`: the whole list in one request (`limit=999`), built by `parent` here — stock's menus (one flat
 *   list, children included) and dictionaries (groups and items mixed);
 * - `lazy`: the roots (`roots`: extra query of that request), then each row's children on expand
 *   (`children(row)`: their query) — departments by `parent`, areas by `pcode`.
 */
export type TreeLoad =
  | { load: 'whole' }
  | { load: 'lazy'; roots?: Record<string, unknown>; children(row: Row): Record<string, unknown> };

export type CrudListDeps = {
  http: HttpClient;
  /** The resource's list path (`Resources.<name>.path`). */
  path: string;
  /** The row schema (`Resources.<name>.row`); default: any row with an id. */
  row?: z.ZodType;
  /** A tree resource: how its rows come. */
  tree?: TreeLoad | undefined;
  /** The list request's query parameters for a chart query (the kit's `listParams`). */
  params(query: ListQuery): Record<string, unknown>;
  /** Fixed parameters every request carries (children loads too). */
  fixedParams?(): Record<string, unknown>;
  notify: NotifyFn;
  t: TranslateFn;
};

const hasFilters = (query: ListQuery) =>
  Object.values(query.filters).some(
    (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length),
  );

/** A tree's rows as roots, and the children each row already has in the list (by `String(id)`). */
export function treePage(rows: readonly Row[]): { rows: Row[]; children: Record<string, Row[]> } {
  const children: Record<string, Row[]> = {};
  const strip = (node: TreeNode<Row & TreeRow>): Row => {
    const { children: below, ...row } = node;
    children[String(node.id)] = below.map(strip);
    return row as Row;
  };
  return { rows: buildTree(rows as (Row & TreeRow)[]).map(strip), children };
}

/**
 * One page of an answer. A backend that does not page this list (stock dvadmin's dept roots and menus,
 * the reference server's lazy levels) answers every row with placeholder `page`/`limit`/`total`: the
 * page is cut here, and `total` counts the rows.
 */
function pageOf(answer: { limit: number; total: number; data: Row[] }, query: ListQuery): ListPage {
  const rows = answer.data;
  if (rows.length <= Math.min(answer.limit, query.limit))
    return { rows, total: Math.max(answer.total, rows.length) };
  const start = (query.page - 1) * query.limit;
  return { rows: rows.slice(start, start + query.limit), total: rows.length };
}

export function createCrudListImplementations(deps: CrudListDeps) {
  const row = deps.row ?? anyRowSchema;
  const list = (params: Record<string, unknown>, signal: AbortSignal) =>
    fetchPage(deps.http, deps.path, row, params, { signal }) as Promise<{
      limit: number;
      total: number;
      data: Row[];
    }>;
  /** The whole list as a tree: its roots paged here, every row's children with them. */
  const whole = async (params: Record<string, unknown>, query: ListQuery, signal: AbortSignal) => {
    const answer = await list({ ...params, page: 1, limit: MAX_PAGE_SIZE }, signal);
    const tree = treePage(answer.data);
    const start = (query.page - 1) * query.limit;
    return {
      rows: tree.rows.slice(start, start + query.limit),
      total: tree.rows.length,
      children: tree.children,
    };
  };
  return {
    actors: {
      fetchPage: fromPromise<ListPage, FetchPageInput>(({ input, signal }) =>
        normalised(async () => {
          const params = deps.params(input.query);
          const tree = deps.tree;
          if (tree?.load === 'whole') return whole(params, input.query, signal);
          // A search looks at every level (the matches nest where their parents match too).
          const filtered = hasFilters(input.query);
          const answer = await list(tree && !filtered ? { ...params, ...tree.roots } : params, signal);
          if (!tree) return pageOf(answer, input.query);
          // A user whose data scope hides the top of the tree gets no roots: show what they may see as a
          // tree whose roots are the rows with an invisible parent.
          if (!answer.data.length && !filtered) return whole(params, input.query, signal);
          // A backend that answers the roots with their children (a flat list) gets them nested.
          const page = pageOf(answer, input.query);
          const nested = treePage(page.rows);
          const loaded = Object.fromEntries(
            Object.entries(nested.children).filter(([, rows]) => rows.length),
          );
          return { ...page, rows: nested.rows, children: loaded };
        }),
      ),
      fetchChildren: fromPromise<Row[], FetchChildrenInput>(({ input, signal }) =>
        normalised(async () => {
          const tree = deps.tree;
          const own = tree?.load === 'lazy' && input.row ? tree.children(input.row) : { parent: input.id };
          const params = { ...own, limit: MAX_PAGE_SIZE, ...deps.fixedParams?.() };
          return (await list(params, signal)).data;
        }),
      ),
      deleteRows: fromPromise<void, { ids: RowId[] }>(({ input, signal }) =>
        normalised(async () => {
          const [only] = input.ids;
          if (input.ids.length === 1 && only !== undefined)
            await deps.http.delete(ResourcePaths.item(deps.path, only), undefined, { signal });
          else
            await deps.http.delete(ResourcePaths.multipleDelete(deps.path), { keys: input.ids }, { signal });
        }),
      ),
    },
    actions: {
      notifyDeleted: () =>
        deps.notify({ kind: 'success', message: deps.t('crud:deleted'), durationMs: NOTICE_DURATION_MS }),
    },
  } satisfies ListImplementations;
}

/* ---------- forms ---------- */

/** A failed submit: the server's message and its field errors (`fieldErrors` by field name). */
export class FormFailure extends EffectFailure implements FormError {
  override name = 'FormFailure';
  readonly fieldErrors: Record<string, string>;
  constructor(error: unknown, fieldErrors: Record<string, string>) {
    const failure = toEffectFailure(error);
    super(failure.message, failure.transient, error);
    this.fieldErrors = fieldErrors;
  }
}

const FIELD_MESSAGE = /^([^:：]{1,40})[:：]\s*(.+)$/s;

/**
 * The server's validation messages placed on their fields. dvadmin answers `"<label>:<message>"` (label in
 * the user's language, full-width colon too) or an object msg `{<field or label>: [messages]}`; `labels`
 * lists each field's labels (every language). Messages naming no field are left out (the whole message
 * stays in the chart's `error`).
 */
export function serverFieldErrors(
  error: unknown,
  labels: Record<string, readonly string[]>,
): Record<string, string> {
  if (!isApiError(error) || error.kind !== 'body') return {};
  const fieldOf = (name: string): string | undefined => {
    const wanted = name.trim().toLowerCase();
    if (wanted in labels) return wanted;
    for (const [field, list] of Object.entries(labels))
      if (field.toLowerCase() === wanted || list.some((l) => l.trim().toLowerCase() === wanted)) return field;
    return undefined;
  };
  const out: Record<string, string> = {};
  const msg = (error.body as Partial<Envelope> | undefined)?.msg;
  if (msg && typeof msg === 'object' && !Array.isArray(msg)) {
    for (const [name, value] of Object.entries(msg)) {
      const field = fieldOf(name);
      if (field) out[field] = Array.isArray(value) ? value.map(String).join(' ') : String(value);
    }
    if (Object.keys(out).length) return out;
  }
  for (const part of error.message.split(/;\s*/)) {
    const match = FIELD_MESSAGE.exec(part.trim());
    const field = match?.[1] ? fieldOf(match[1]) : undefined;
    if (field && match?.[2]) out[field] = match[2].trim();
  }
  return out;
}

export type CrudFormDeps = {
  /** Loads the record to edit (e.g. `GET <path><id>/`); needed when the form starts with `load: true`. */
  fetchRecord?(signal: AbortSignal): Promise<LoadedRecord>;
  /** Saves the values; its message (and a fresh record, for forms that stay open) go to the chart. */
  submit(values: FormValues, signal: AbortSignal): Promise<SubmitResult>;
  /** Field labels (every language) so `"<label>:<message>"` finds its field. */
  labels?: Record<string, readonly string[]>;
  /** Saved: toast the server's message (or 保存成功) and close, reload… */
  onSaved?(message: string | null): void;
};

export function createCrudFormImplementations(deps: CrudFormDeps) {
  return {
    actors: {
      fetchRecord: fromPromise<LoadedRecord>(({ signal }) =>
        normalised(async () => {
          if (!deps.fetchRecord) throw new Error('this form loads no record');
          return deps.fetchRecord(signal);
        }),
      ),
      submitForm: fromPromise<SubmitResult, { values: FormValues }>(async ({ input, signal }) => {
        try {
          return await deps.submit(input.values, signal);
        } catch (error) {
          throw new FormFailure(error, serverFieldErrors(error, deps.labels ?? {}));
        }
      }),
    },
    actions: {
      notifySaved: (_: unknown, { message }: { message: string | null }) => deps.onSaved?.(message),
    },
  } satisfies FormImplementations;
}

/** The server's message of an envelope, when it is text. */
export const envelopeMessage = (env: Envelope<unknown>): string | undefined =>
  typeof env.msg === 'string' && env.msg ? env.msg : undefined;

/** `GET <path><id>/` as form values. */
export async function fetchResourceRecord(
  http: HttpClient,
  path: string,
  id: RowId,
  signal: AbortSignal,
): Promise<Row> {
  const env = await http.get<Row>(ResourcePaths.item(path, id), undefined, { signal });
  return env.data;
}

/**
 * Create (`POST <path>`) or update (`PUT <path><id>/`, full body) a record: the form's result, and the
 * server's answer (`data`) for pages that show something of it.
 */
export async function saveResource(
  http: HttpClient,
  path: string,
  id: RowId | undefined,
  body: FormValues,
  signal: AbortSignal,
): Promise<{ result: SubmitResult; data: unknown }> {
  const env =
    id === undefined
      ? await http.post(path, body, { signal })
      : await http.put(ResourcePaths.item(path, id), body, { signal });
  const message = envelopeMessage(env);
  return { result: message ? { message } : {}, data: env.data };
}

/* ---------- tasks ---------- */

export type TaskDeps<TInput, TOutput> = {
  run(input: TInput, signal: AbortSignal): Promise<TOutput>;
  onSucceeded?(output: TOutput): void;
};

export function createTaskImplementations<TInput = unknown, TOutput = unknown>(
  deps: TaskDeps<TInput, TOutput>,
) {
  return {
    actors: {
      runTask: fromPromise<unknown, unknown>(({ input, signal }) =>
        normalised(() => deps.run(input as TInput, signal)),
      ),
    },
    actions: {
      notifySucceeded: (_: unknown, { output }: { output: unknown }) => deps.onSucceeded?.(output as TOutput),
    },
  } satisfies TaskImplementations;
}
