/** Fixtures of the CRUD kit's charts for their generated paths (tests/machines/support/paths.ts). */
import { formMachine } from '../../../src/machines/crud/form.machine.ts';
import { listMachine } from '../../../src/machines/crud/list.machine.ts';
import { taskMachine } from '../../../src/machines/crud/task.machine.ts';
import type {
  FormContext,
  FormEvent,
  ListContext,
  ListEvent,
  TaskContext,
  TaskEvent,
} from '../../../src/machines/crud/types.ts';
import type { ChartFixture } from '../support/paths.ts';

const serverError = { message: '服务器开小差了' };

// One tree row is enough to expand, collapse, fail and retry its children; the query events carry fixed
// payloads, so the query takes finitely many values.
const listEvents: ListEvent[] = [
  { type: 'list.retry' },
  { type: 'list.reload' },
  { type: 'list.pageChanged', page: 2 },
  { type: 'list.limitChanged', limit: 20 },
  { type: 'list.searched', filters: { name: 'a' } },
  { type: 'list.sorted', field: 'sort' },
  { type: 'row.expanded', id: 1 },
  { type: 'row.collapsed', id: 1 },
  { type: 'row.childrenRetried', id: 1 },
  { type: 'selection.changed', selected: ['1'] },
  { type: 'list.deleteRequested', ids: [1] },
  { type: 'list.deleteRetried' },
  { type: 'list.deleteDismissed' },
];

export const listFixture: ChartFixture = {
  machine: listMachine,
  events: listEvents,
  actors: {
    fetchPage: { done: [{ rows: [{ id: 1, name: 'a' }], total: 1 }], error: [serverError] },
    fetchChildren: { done: [[{ id: 11, parent: 1 }]], error: [serverError] },
    deleteRows: { done: [undefined], error: [serverError] },
  },
  // What the guards read: the queue of rows waiting for children and each row's children status.
  summarize: (c: ListContext) => ({
    queue: c.childQueue.map(String),
    loadingChild: c.childLoading,
    children: Object.fromEntries(Object.entries(c.children).map(([id, entry]) => [id, entry.status])),
  }),
};

const formEvents: FormEvent[] = [
  { type: 'form.changed', values: { name: 'b' }, fields: ['name'] },
  { type: 'form.submitted', values: { name: 'b' } },
  { type: 'form.retry' },
];

export const formFixture: ChartFixture = {
  machine: formMachine,
  // a form that loads its record (edit) and one that starts with values (create)
  inputs: [{ load: true }, { values: { name: 'a' } }],
  events: formEvents,
  actors: {
    fetchRecord: { done: [{ values: { name: 'a' }, record: { id: 1 } }], error: [serverError] },
    submitForm: {
      done: [{ message: '更新成功' }],
      error: [{ message: '名称:已存在', fieldErrors: { name: '已存在' } }],
    },
  },
  // `load` is what the guard reads; the rest keeps each step's prediction honest.
  summarize: (c: FormContext & { load: boolean }) => ({
    load: c.load,
    values: c.values,
    fieldErrors: c.fieldErrors,
  }),
};

const taskEvents: TaskEvent[] = [
  { type: 'task.run', input: 'a' },
  { type: 'task.retry' },
  { type: 'task.dismissed' },
];

export const taskFixture: ChartFixture = {
  machine: taskMachine,
  // started by the user, and started at once by its input
  inputs: [undefined, { run: 'b' }],
  events: taskEvents,
  actors: { runTask: { done: ['ok'], error: [serverError] } },
  summarize: (c: TaskContext & { autoRun: boolean }) => ({ autoRun: c.autoRun, input: c.input }),
};
