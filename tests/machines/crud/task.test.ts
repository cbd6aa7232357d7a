import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectIsRunning, selectTaskError, selectTaskOutput } from '../../../src/machines/crud/selectors.ts';
import { taskMachine } from '../../../src/machines/crud/task.machine.ts';
import type { TaskInput } from '../../../src/machines/crud/types.ts';
import { controllable, recordEffects, settle } from '../support/fakes.ts';

function start(input?: TaskInput) {
  const runTask = controllable<unknown, unknown>();
  const effects = recordEffects(['notifySucceeded'], {
    notifySucceeded: (p: { output: unknown }) => String(p.output),
  });
  const actor = createActor(
    taskMachine.provide({ actors: { runTask: runTask.logic }, actions: effects.actions }),
    { input },
  ).start();
  return { actor, runTask, effects, snap: () => actor.getSnapshot() };
}

describe('crudTask', () => {
  it('waits for task.run, runs with its input and keeps the output', async () => {
    const t = start();
    expect(t.snap().value).toBe('idle');
    t.actor.send({ type: 'task.run', input: { id: 4 } });
    expect(selectIsRunning(t.snap())).toBe(true);
    expect(t.runTask.last.input).toEqual({ id: 4 });
    t.runTask.last.resolve('file.xlsx');
    await settle();
    expect(selectTaskOutput(t.snap())).toBe('file.xlsx');
    expect(t.effects.order).toEqual(['notifySucceeded:file.xlsx']);
  });

  it('starts at once when its input says run (a select’s options), once', async () => {
    const t = start({ run: 'depts' });
    expect(selectIsRunning(t.snap())).toBe(true);
    expect(t.runTask.last.input).toBe('depts');
    t.runTask.last.reject({ message: 'down' });
    await settle();
    t.actor.send({ type: 'task.dismissed' });
    expect(t.snap().value).toBe('idle');
    expect(t.runTask.calls).toHaveLength(1);
  });

  it('a failure is shown with its reason and task.retry runs the same input again', async () => {
    const t = start();
    t.actor.send({ type: 'task.run', input: 'a' });
    t.runTask.last.reject({ message: '导入失败' });
    await settle();
    expect(selectTaskError(t.snap())).toEqual({ key: 'crud:task_failed', text: '导入失败' });
    t.actor.send({ type: 'task.retry' });
    expect(t.runTask.calls.map((c) => c.input)).toEqual(['a', 'a']);
    t.runTask.last.resolve('ok');
    await settle();
    expect(t.snap().value).toBe('succeeded');
    expect(selectTaskError(t.snap())).toBeNull();
  });
});
