import type { EffectError, Reason } from '../shared/effects.ts';

/** A row of any resource: an id and its fields (the resource's zod schema in src/contract checks them). */
export type Row = Record<string, unknown> & { id: RowId };
export type RowId = number | string;
export type FormValues = Record<string, unknown>;

/* ---------- the list chart ---------- */

/** The table's request: paging, ordering (`field`, `-field`, '' = the resource's default), search form. */
export type ListQuery = {
  page: number;
  limit: number;
  ordering: string;
  /** Search form values by field name; `create_datetime` is `[from, to]` in yyyy-MM-dd. */
  filters: FormValues;
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_QUERY: ListQuery = { page: 1, limit: 10, ordering: '', filters: {} };

/**
 * What `fetchPage` resolves with. `children`: rows whose children came with the page (a tree built from a
 * whole list), by `String(id)`; they show on expand without a request.
 */
export type ListPage = { rows: Row[]; total: number; children?: Record<string, Row[]> };

/** The lazily loaded children of one expanded tree row. */
export type ChildrenEntry =
  | { status: 'loading'; rows: Row[] }
  | { status: 'ready'; rows: Row[] }
  | { status: 'failed'; rows: Row[]; error: Reason };

export type ListContext = {
  query: ListQuery;
  rows: Row[];
  total: number;
  /** Why the last page load failed (states `failed`, `reloadFailed`). */
  error: Reason | null;
  /** Expanded tree rows, in the order they were opened. */
  expanded: RowId[];
  /** Children by row id (`String(id)`). */
  children: Record<string, ChildrenEntry>;
  /** Rows whose children wait for `fetchChildren` (one request at a time, first in first out). */
  childQueue: RowId[];
  /** The row whose children `fetchChildren` is loading now. */
  childLoading: RowId | null;
  /** Selected rows (checkboxes), as `String(id)`. */
  selected: string[];
  /** The rows a delete is about (states `deleting`, `deleteFailed`). */
  deleting: RowId[];
  /** Why the last delete failed. */
  deleteError: Reason | null;
};

export type ListInput = { query?: Partial<ListQuery> } | undefined;

export type ListEvent =
  /** Try the failed load again (first load or reload). */
  | { type: 'list.retry' }
  /** Load the current page again (after a save, an import, a click on 刷新); old rows stay visible. */
  | { type: 'list.reload' }
  | { type: 'list.pageChanged'; page: number }
  /** A new page size: back to page 1. */
  | { type: 'list.limitChanged'; limit: number }
  /** The search form was submitted (or reset with `{}`): back to page 1. */
  | { type: 'list.searched'; filters: FormValues }
  /** A sortable header was clicked: ascending → descending → the default. */
  | { type: 'list.sorted'; field: string }
  | { type: 'row.expanded'; id: RowId }
  | { type: 'row.collapsed'; id: RowId }
  /** Try a row's failed children load again. */
  | { type: 'row.childrenRetried'; id: RowId }
  | { type: 'selection.changed'; selected: string[] }
  /** Delete these rows (one: `DELETE <path><id>/`; several: `multiple_delete/`). */
  | { type: 'list.deleteRequested'; ids: RowId[] }
  | { type: 'list.deleteRetried' }
  | { type: 'list.deleteDismissed' };

export type FetchPageInput = { query: ListQuery };
/** The row whose children to load (`row`: the row itself when the chart has it, e.g. for its `code`). */
export type FetchChildrenInput = { id: RowId; row?: Row | undefined };
export type DeleteRowsInput = { ids: RowId[] };

/* ---------- the form chart ---------- */

/**
 * What `submitForm` rejects with: `fieldErrors` are the server's messages placed on their fields (dvadmin's
 * `"<label>:<message>"` or an object msg keyed by field), `message` is the whole text.
 */
export type FormError = EffectError & { fieldErrors?: Record<string, string> };

/** What `fetchRecord` resolves with: the form's values and, for pages that need it, the whole record. */
export type LoadedRecord = { values: FormValues; record?: unknown };

/** What `submitForm` resolves with: the server's message, and a fresh record when the form stays open. */
export type SubmitResult = { message?: string; reloaded?: LoadedRecord } | undefined;

export type FormContext = {
  /** Every value typed so far (kept through a failed submit). */
  values: FormValues;
  /** The loaded record (config rows, a role's menus), when the form has one. */
  record: unknown;
  /** The server's messages on their fields. */
  fieldErrors: Record<string, string>;
  /** The last failure (load or submit). */
  error: Reason | null;
  /** The server's message of the last successful submit. */
  savedMessage: string | null;
};

export type FormInput = {
  /** Start by loading the record (`fetchRecord`); else edit `values` at once. */
  load?: boolean;
  values?: FormValues;
};

export type FormEvent =
  /** The user changed fields: the whole values, and which fields changed (their server errors clear). */
  | { type: 'form.changed'; values: FormValues; fields?: string[] }
  /** Save (the view validated required fields first). */
  | { type: 'form.submitted'; values: FormValues }
  /** Try the failed load again. */
  | { type: 'form.retry' };

/* ---------- the task chart ---------- */

/** One effect the user starts and may retry: a download, an import, a password reset, a small load. */
export type TaskInput<TInput = unknown> = { run?: TInput } | undefined;

export type TaskContext = {
  /** What the task was last started with (a retry runs it again). */
  input: unknown;
  output: unknown;
  error: Reason | null;
};

export type TaskEvent =
  | { type: 'task.run'; input?: unknown }
  | { type: 'task.retry' }
  | { type: 'task.dismissed' };
