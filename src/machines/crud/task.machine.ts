/**
 * Task: one effect the user starts and may retry, with a visible outcome — a small load (the department
 * tree of a select, a field's options), a download, an import, a password reset to the default. One actor
 * per task, owned by the view that shows it.
 *
 * Lifecycle: `idle` until `task.run` (with its input), or at once when the input says `run`. `running`
 * invokes `runTask` → `succeeded` (its output kept; `notifySucceeded`) or `failed` (the reason kept;
 * `task.retry` runs the same input again, `task.dismissed` → `idle`). From either outcome `task.run` starts
 * again. Not modelled: progress, cancelling (leaving the view stops the actor, which aborts the request).
 */
import { assign, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type { TaskContext, TaskEvent, TaskInput } from './types.ts';

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

export const taskMachine = setup({
  types: {
    context: {} as TaskContext & { autoRun: boolean },
    events: {} as TaskEvent,
    input: {} as TaskInput,
  },
  actors: {
    runTask: notProvided<unknown, unknown>('runTask'),
  },
  actions: {
    /** A success toast, a saved file, a reload of the list: whatever the view asked for. */
    notifySucceeded: (_, _params: { output: unknown }) => {},
    storeInput: assign({
      input: ({ context, event }) => (event.type === 'task.run' ? event.input : context.input),
    }),
    startedAutomatically: assign({ autoRun: false }),
    storeOutput: assign({ output: (_, output: unknown) => output, error: null }),
    storeError: assign({ error: (_, error: unknown) => reasonFromError(error, 'crud:task_failed') }),
    clearError: assign({ error: null }),
  },
  guards: {
    isAutoRun: ({ context }) => context.autoRun,
  },
}).createMachine({
  id: 'crudTask',
  context: ({ input }) => ({
    autoRun: input !== undefined && 'run' in input,
    input: input?.run,
    output: undefined,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'isAutoRun', target: 'running', actions: 'startedAutomatically' },
      on: { 'task.run': { target: 'running', actions: 'storeInput' } },
    },
    running: {
      invoke: {
        id: 'runTask',
        src: 'runTask',
        input: ({ context }: { context: TaskContext }) => context.input,
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'storeOutput', params: outputOf },
            { type: 'notifySucceeded', params: (args) => ({ output: outputOf(args) }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: errorOf } },
      },
    },
    succeeded: {
      on: { 'task.run': { target: 'running', actions: 'storeInput' } },
    },
    failed: {
      on: {
        'task.retry': 'running',
        'task.run': { target: 'running', actions: 'storeInput' },
        'task.dismissed': { target: 'idle', actions: 'clearError' },
      },
    },
  },
});

export type TaskMachine = typeof taskMachine;
