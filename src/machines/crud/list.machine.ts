/**
 * CRUD list: one table of a resource (the CRUD kit, src/ui/crud; one actor per table, owned by its page).
 *
 * Regions (parallel):
 * - `data`: the rows of the current query. `loading` (the first load: no rows yet) → `ready`, or `failed`
 *   with the reason and `list.retry`. From `ready`, a new query (`list.pageChanged`, `list.limitChanged`,
 *   `list.searched`, `list.sorted`) or `list.reload` → `reloading`: the old rows stay on screen while the
 *   new ones load; a failed reload → `reloadFailed` (old rows, the reason, `list.retry`). A query change
 *   while a load runs restarts it (the old request is aborted). `list.deleteRequested` → `deleting`
 *   (`deleteRows`: one id `DELETE <path><id>/`, several `multiple_delete/`), then `reloading` with the
 *   selection cleared, or `deleteFailed` (the rows stay; `list.deleteRetried`, `list.deleteDismissed`).
 * - `children`: lazy tree rows. `row.expanded` queues a row whose children are not loaded (or failed);
 *   `loading` runs `fetchChildren` for the head of the queue, one request at a time, and records each
 *   row's children as loading / ready / failed (with its reason; `row.childrenRetried` queues it again).
 *   A page may bring some rows' children with it (a tree built from a whole list): those expand at once.
 *   Each new page of rows keeps the expanded rows it still shows and loads their children again (an edit
 *   or a delete under an open row reloads the page: the row stays open with its fresh children); the
 *   others are forgotten with their children: they belonged to the old rows.
 *
 * The selection (checkboxes) lives here too, so a delete can clear it. Effects are placeholders bound by
 * src/services/implementations/crud.ts. Every state and transition is taken by the generated paths.
 * Not modelled: the search form's typing (the view's form state), exports and imports (task chart).
 */
import { assign, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import { key, queued, reopenBelow, reopened, rowById } from './tree-rows.ts';
import {
  type ChildrenEntry,
  DEFAULT_QUERY,
  type DeleteRowsInput,
  type FetchChildrenInput,
  type FetchPageInput,
  type ListContext,
  type ListEvent,
  type ListInput,
  type ListPage,
  type Row,
  type RowId,
} from './types.ts';

/** `onError` params (annotated: inference does not reach there). */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** The next ordering when a sortable header is clicked: ascending → descending → default. */
export function nextOrdering(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
}

const queryChange = (target: string, reenter: boolean) =>
  ({
    'list.pageChanged': { target, reenter, actions: 'setPage' },
    'list.limitChanged': { target, reenter, actions: 'setLimit' },
    'list.searched': { target, reenter, actions: 'setFilters' },
    'list.sorted': { target, reenter, actions: 'setOrdering' },
  }) as const;

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
  },
  actors: {
    /** One page of rows for the query; rejects with an `EffectError`. */
    fetchPage: notProvided<ListPage, FetchPageInput>('fetchPage'),
    /** The children of a tree row (`lazy=1&parent=<id>`). */
    fetchChildren: notProvided<Row[], FetchChildrenInput>('fetchChildren'),
    deleteRows: notProvided<void, DeleteRowsInput>('deleteRows'),
  },
  actions: {
    /** 删除成功 toast. */
    notifyDeleted: () => {},
    setPage: assign({
      query: ({ context, event }) =>
        event.type === 'list.pageChanged' ? { ...context.query, page: event.page } : context.query,
    }),
    setLimit: assign({
      query: ({ context, event }) =>
        event.type === 'list.limitChanged'
          ? { ...context.query, page: 1, limit: event.limit }
          : context.query,
    }),
    setFilters: assign({
      query: ({ context, event }) =>
        event.type === 'list.searched'
          ? { ...context.query, page: 1, filters: event.filters }
          : context.query,
    }),
    setOrdering: assign({
      query: ({ context, event }) =>
        event.type === 'list.sorted'
          ? { ...context.query, ordering: nextOrdering(context.query.ordering, event.field) }
          : context.query,
    }),
    storePage: assign(({ context }, page: ListPage) => ({
      rows: page.rows,
      total: page.total,
      error: null,
      ...reopened(context, page),
    })),
    storeError: assign({ error: (_, error: unknown) => reasonFromError(error, 'crud:load_failed') }),
    expand: assign(({ context, event }) => {
      if (event.type !== 'row.expanded') return {};
      const id = event.id;
      const expanded = context.expanded.some((e) => key(e) === key(id))
        ? context.expanded
        : [...context.expanded, id];
      const entry = context.children[key(id)];
      if (entry && entry.status !== 'failed') return { expanded };
      return { expanded, ...queued(context, id) };
    }),
    collapse: assign({
      expanded: ({ context, event }) =>
        event.type === 'row.collapsed'
          ? context.expanded.filter((e) => key(e) !== key(event.id))
          : context.expanded,
    }),
    retryChildren: assign(({ context, event }) =>
      event.type === 'row.childrenRetried' ? queued(context, event.id) : {},
    ),
    storeChildren: assign(({ context }, rows: Row[]) =>
      reopenBelow({ ...context, ...settled(context, { status: 'ready', rows }) }, rows),
    ),
    storeChildrenError: assign(({ context }, error: unknown) =>
      settled(context, { status: 'failed', rows: [], error: reasonFromError(error, 'crud:children_failed') }),
    ),
    select: assign({
      selected: ({ context, event }) =>
        event.type === 'selection.changed' ? event.selected : context.selected,
    }),
    storeDeleting: assign({
      deleting: ({ context, event }) =>
        event.type === 'list.deleteRequested' ? event.ids : context.deleting,
    }),
    storeDeleteError: assign({
      deleteError: (_, error: unknown) => reasonFromError(error, 'crud:delete_failed'),
    }),
    clearDeleting: assign({ deleting: [], deleteError: null }),
    clearSelection: assign({ selected: [] }),
    takeQueuedChild: assign(({ context }) => ({
      childLoading: context.childQueue[0] ?? null,
      childQueue: context.childQueue.slice(1),
    })),
  },
  guards: {
    hasQueuedChildren: ({ context }) => context.childQueue.length > 0,
    isChildrenFailed: ({ context, event }) =>
      event.type === 'row.childrenRetried' && context.children[key(event.id)]?.status === 'failed',
  },
}).createMachine({
  id: 'crudList',
  type: 'parallel',
  context: ({ input }) => ({
    query: { ...DEFAULT_QUERY, ...input?.query },
    rows: [],
    total: 0,
    error: null,
    expanded: [],
    children: {},
    childQueue: [],
    childLoading: null,
    selected: [],
    deleting: [],
    deleteError: null,
  }),
  on: {
    'selection.changed': { actions: 'select' },
    'row.expanded': { actions: 'expand' },
    'row.collapsed': { actions: 'collapse' },
    'row.childrenRetried': { guard: 'isChildrenFailed', actions: 'retryChildren' },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeError', params: errorOf } },
          },
          on: queryChange('loading', true),
        },
        failed: {
          on: { 'list.retry': 'loading', 'list.reload': 'loading', ...queryChange('loading', false) },
        },
        ready: {
          on: {
            'list.reload': 'reloading',
            ...queryChange('reloading', false),
            'list.deleteRequested': { target: 'deleting', actions: 'storeDeleting' },
          },
        },
        // Old rows stay visible; the view shows the table as reloading.
        reloading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            onError: {
              target: 'reloadFailed',
              actions: { type: 'storeError', params: errorOf },
            },
          },
          on: { 'list.reload': { target: 'reloading', reenter: true }, ...queryChange('reloading', true) },
        },
        reloadFailed: {
          on: {
            'list.retry': 'reloading',
            'list.reload': 'reloading',
            ...queryChange('reloading', false),
            'list.deleteRequested': { target: 'deleting', actions: 'storeDeleting' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteRows',
            src: 'deleteRows',
            input: ({ context }) => ({ ids: context.deleting }),
            onDone: { target: 'reloading', actions: ['notifyDeleted', 'clearDeleting', 'clearSelection'] },
            onError: {
              target: 'deleteFailed',
              actions: { type: 'storeDeleteError', params: errorOf },
            },
          },
        },
        deleteFailed: {
          on: {
            'list.deleteRetried': 'deleting',
            'list.deleteDismissed': { target: 'ready', actions: 'clearDeleting' },
          },
        },
      },
    },
    children: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasQueuedChildren', target: 'loading' },
        },
        loading: {
          entry: 'takeQueuedChild',
          invoke: {
            id: 'fetchChildren',
            src: 'fetchChildren',
            input: ({ context }) => ({
              id: context.childLoading as RowId,
              row: rowById(context, context.childLoading as RowId),
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeChildren', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: { type: 'storeChildrenError', params: errorOf },
            },
          },
        },
      },
    },
  },
});

/** The row being loaded settled; a row forgotten meanwhile (a new page of rows) is not brought back. */
function settled(context: ListContext, entry: ChildrenEntry): Partial<ListContext> {
  const id = context.childLoading;
  if (id === null || !(key(id) in context.children)) return { childLoading: null };
  return { childLoading: null, children: { ...context.children, [key(id)]: entry } };
}

export type ListMachine = typeof listMachine;
