import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listMachine } from '../../../src/machines/crud/list.machine.ts';
import {
  selectChildren,
  selectIsLoading,
  selectIsReloading,
  selectLoadError,
  selectLoadFailed,
  selectRows,
} from '../../../src/machines/crud/selectors.ts';
import type {
  DeleteRowsInput,
  FetchChildrenInput,
  FetchPageInput,
  ListPage,
  Row,
} from '../../../src/machines/crud/types.ts';
import { controllable, recordEffects, settle } from '../support/fakes.ts';

const page = (...ids: number[]): ListPage => ({
  rows: ids.map((id) => ({ id, name: `row ${id}` })),
  total: 40,
});

function start() {
  const fetchPage = controllable<ListPage, FetchPageInput>();
  const fetchChildren = controllable<Row[], FetchChildrenInput>();
  const deleteRows = controllable<void, DeleteRowsInput>();
  const effects = recordEffects(['notifyDeleted']);
  const actor = createActor(
    listMachine.provide({
      actors: {
        fetchPage: fetchPage.logic,
        fetchChildren: fetchChildren.logic,
        deleteRows: deleteRows.logic,
      },
      actions: effects.actions,
    }),
    { input: {} },
  ).start();
  return { actor, fetchPage, fetchChildren, deleteRows, effects, snap: () => actor.getSnapshot() };
}

describe('crudList: the first load', () => {
  it('shows loading with no rows, then the page', async () => {
    const t = start();
    expect(selectIsLoading(t.snap())).toBe(true);
    expect(t.fetchPage.last.input.query).toEqual({ page: 1, limit: 10, ordering: '', filters: {} });
    t.fetchPage.last.resolve(page(1, 2));
    await settle();
    expect(t.snap().matches({ data: 'ready' })).toBe(true);
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('a failed first load shows failed with the server message, and list.retry loads again', async () => {
    const t = start();
    t.fetchPage.last.reject({ message: '服务器开小差了' });
    await settle();
    expect(selectLoadFailed(t.snap())).toBe(true);
    expect(t.snap().matches({ data: 'failed' })).toBe(true);
    expect(selectLoadError(t.snap())).toEqual({ key: 'crud:load_failed', text: '服务器开小差了' });
    expect(selectRows(t.snap())).toEqual([]);

    t.actor.send({ type: 'list.retry' });
    expect(t.fetchPage.calls).toHaveLength(2);
    expect(selectIsLoading(t.snap())).toBe(true);
    t.fetchPage.last.resolve(page(1));
    await settle();
    expect(t.snap().matches({ data: 'ready' })).toBe(true);
    expect(selectLoadError(t.snap())).toBeNull();
  });

  it('a failure without a message keeps the chart’s own key', async () => {
    const t = start();
    t.fetchPage.last.reject(new Error(''));
    await settle();
    expect(selectLoadError(t.snap())).toEqual({ key: 'crud:load_failed' });
  });
});

describe('crudList: reloads', () => {
  async function ready() {
    const t = start();
    t.fetchPage.last.resolve(page(1, 2));
    await settle();
    return t;
  }

  it('a reload keeps the old rows on screen until the new ones arrive', async () => {
    const t = await ready();
    t.actor.send({ type: 'list.pageChanged', page: 2 });
    expect(selectIsReloading(t.snap())).toBe(true);
    expect(selectIsLoading(t.snap())).toBe(false);
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([1, 2]);
    expect(t.fetchPage.last.input.query.page).toBe(2);
    t.fetchPage.last.resolve(page(11, 12));
    await settle();
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([11, 12]);
  });

  it('a failed reload keeps the old rows, shows the reason, and list.retry reloads', async () => {
    const t = await ready();
    t.actor.send({ type: 'list.reload' });
    t.fetchPage.last.reject({ message: 'timeout' });
    await settle();
    expect(t.snap().matches({ data: 'reloadFailed' })).toBe(true);
    expect(selectLoadFailed(t.snap())).toBe(true);
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([1, 2]);
    t.actor.send({ type: 'list.retry' });
    expect(selectIsReloading(t.snap())).toBe(true);
    expect(t.fetchPage.calls).toHaveLength(3);
  });

  it('a query change during a load aborts that request and loads the new query', async () => {
    const t = start();
    const first = t.fetchPage.last;
    t.actor.send({ type: 'list.searched', filters: { name: 'adm' } });
    expect(first.signal.aborted).toBe(true);
    expect(t.fetchPage.calls).toHaveLength(2);
    expect(t.fetchPage.last.input.query).toMatchObject({ page: 1, filters: { name: 'adm' } });
    // the aborted request settling late changes nothing
    first.resolve(page(99));
    await settle();
    expect(selectIsLoading(t.snap())).toBe(true);
    t.fetchPage.last.resolve(page(3));
    await settle();
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([3]);
  });

  it('a query change during a reload aborts it too, and paging resets to 1 on a new page size', async () => {
    const t = await ready();
    t.actor.send({ type: 'list.pageChanged', page: 3 });
    const reload = t.fetchPage.last;
    t.actor.send({ type: 'list.limitChanged', limit: 50 });
    expect(reload.signal.aborted).toBe(true);
    expect(t.fetchPage.last.input.query).toMatchObject({ page: 1, limit: 50 });
    expect(selectRows(t.snap()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('ordering cycles ascending → descending → default', async () => {
    const t = await ready();
    const orderings: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.actor.send({ type: 'list.sorted', field: 'sort' });
      orderings.push(t.fetchPage.last.input.query.ordering);
      t.fetchPage.last.resolve(page(1));
      await settle();
    }
    expect(orderings).toEqual(['sort', '-sort', '']);
  });
});

describe('crudList: tree children', () => {
  async function tree() {
    const t = start();
    t.fetchPage.last.resolve(page(1, 2));
    await settle();
    return t;
  }

  it('loads expanded rows one request at a time, in the order they were opened', async () => {
    const t = await tree();
    t.actor.send({ type: 'row.expanded', id: 1 });
    t.actor.send({ type: 'row.expanded', id: 2 });
    expect(t.fetchChildren.calls.map((c) => c.input.id)).toEqual([1]);
    expect(selectChildren(t.snap())['2']?.status).toBe('loading');
    t.fetchChildren.last.resolve([{ id: 11 }]);
    await settle();
    expect(t.fetchChildren.calls.map((c) => c.input.id)).toEqual([1, 2]);
    expect(selectChildren(t.snap())['1']).toEqual({ status: 'ready', rows: [{ id: 11 }] });
  });

  it('a failed child load retries only that row', async () => {
    const t = await tree();
    t.actor.send({ type: 'row.expanded', id: 1 });
    t.fetchChildren.last.resolve([{ id: 11 }]);
    await settle();
    t.actor.send({ type: 'row.expanded', id: 2 });
    t.fetchChildren.last.reject({ message: '加载失败' });
    await settle();
    expect(selectChildren(t.snap())['2']).toEqual({
      status: 'failed',
      rows: [],
      error: { key: 'crud:children_failed', text: '加载失败' },
    });
    expect(selectChildren(t.snap())['1']?.status).toBe('ready');

    // a retry of a row that did not fail does nothing
    t.actor.send({ type: 'row.childrenRetried', id: 1 });
    expect(t.fetchChildren.calls).toHaveLength(2);
    t.actor.send({ type: 'row.childrenRetried', id: 2 });
    expect(t.fetchChildren.calls.map((c) => c.input.id)).toEqual([1, 2, 2]);
    expect(t.fetchPage.calls).toHaveLength(1);
    t.fetchChildren.last.resolve([{ id: 21 }]);
    await settle();
    expect(selectChildren(t.snap())['2']).toEqual({ status: 'ready', rows: [{ id: 21 }] });
    expect(selectChildren(t.snap())['1']).toEqual({ status: 'ready', rows: [{ id: 11 }] });
  });

  it('a new page of other rows forgets the old rows’ children, and a late answer does not bring them back', async () => {
    const t = await tree();
    t.actor.send({ type: 'row.expanded', id: 1 });
    t.actor.send({ type: 'list.pageChanged', page: 2 });
    t.fetchPage.last.resolve(page(3, 4));
    await settle();
    expect(selectChildren(t.snap())).toEqual({});
    t.fetchChildren.last.resolve([{ id: 11 }]);
    await settle();
    expect(selectChildren(t.snap())).toEqual({});
    expect(t.snap().context.expanded).toEqual([]);
    expect(t.fetchChildren.calls).toHaveLength(1);
  });

  it('after an edit or a delete (a reload) an open row stays open and shows its children again, open rows below it too', async () => {
    const t = await tree();
    t.actor.send({ type: 'row.expanded', id: 1 });
    t.fetchChildren.last.resolve([{ id: 11 }, { id: 12 }]);
    await settle();
    t.actor.send({ type: 'row.expanded', id: 11 });
    t.fetchChildren.last.resolve([{ id: 111 }]);
    await settle();
    t.actor.send({ type: 'row.expanded', id: 2 });
    t.fetchChildren.last.resolve([]);
    await settle();

    // 12 was deleted under 1, and row 2 is gone from the page
    t.actor.send({ type: 'list.reload' });
    t.fetchPage.last.resolve(page(1, 3));
    await settle();
    expect(t.snap().context.expanded).toEqual([1, 11]);
    expect(t.fetchChildren.calls.at(-1)?.input).toEqual({ id: 1, row: { id: 1, name: 'row 1' } });
    expect(selectChildren(t.snap())['1']?.status).toBe('loading');
    t.fetchChildren.last.resolve([{ id: 11 }]);
    await settle();
    // its open child loads its own children again once it is there
    expect(t.fetchChildren.calls.at(-1)?.input.id).toBe(11);
    t.fetchChildren.last.resolve([{ id: 111 }, { id: 112 }]);
    await settle();
    expect(selectChildren(t.snap())).toEqual({
      '1': { status: 'ready', rows: [{ id: 11 }] },
      '11': { status: 'ready', rows: [{ id: 111 }, { id: 112 }] },
    });
    expect(t.fetchChildren.calls).toHaveLength(5);
  });

  it('children that came with the page show on expand without a request', async () => {
    const t = start();
    t.fetchPage.last.resolve({ rows: [{ id: 1 }], total: 1, children: { '1': [{ id: 11 }], '11': [] } });
    await settle();
    t.actor.send({ type: 'row.expanded', id: 1 });
    t.actor.send({ type: 'row.expanded', id: 11 });
    expect(selectChildren(t.snap())['1']).toEqual({ status: 'ready', rows: [{ id: 11 }] });
    t.actor.send({ type: 'list.reload' });
    t.fetchPage.last.resolve({
      rows: [{ id: 1 }],
      total: 1,
      children: { '1': [{ id: 11 }, { id: 12 }], '11': [] },
    });
    await settle();
    expect(t.snap().context.expanded).toEqual([1, 11]);
    expect(selectChildren(t.snap())['1']?.rows).toHaveLength(2);
    expect(t.fetchChildren.calls).toHaveLength(0);
  });
});

describe('crudList: delete', () => {
  it('deletes, clears the selection and reloads; a failure keeps the rows with a retry', async () => {
    const t = start();
    t.fetchPage.last.resolve(page(1, 2));
    await settle();
    t.actor.send({ type: 'selection.changed', selected: ['1', '2'] });
    t.actor.send({ type: 'list.deleteRequested', ids: [1, 2] });
    expect(t.deleteRows.last.input).toEqual({ ids: [1, 2] });
    t.deleteRows.last.reject({ message: '无权限' });
    await settle();
    expect(t.snap().matches({ data: 'deleteFailed' })).toBe(true);
    expect(t.snap().context.deleteError).toEqual({ key: 'crud:delete_failed', text: '无权限' });
    expect(selectRows(t.snap())).toHaveLength(2);

    t.actor.send({ type: 'list.deleteRetried' });
    expect(t.deleteRows.calls).toHaveLength(2);
    t.deleteRows.last.resolve();
    await settle();
    expect(t.effects.order).toEqual(['notifyDeleted']);
    expect(t.snap().context.selected).toEqual([]);
    expect(selectIsReloading(t.snap())).toBe(true);
  });
});
