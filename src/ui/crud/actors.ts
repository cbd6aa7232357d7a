import { useActorRef } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { formMachine } from '../../machines/crud/form.machine.ts';
import { taskMachine } from '../../machines/crud/task.machine.ts';
import type { FormInput } from '../../machines/crud/types.ts';
import {
  type CrudFormDeps,
  createCrudFormImplementations,
  createTaskImplementations,
  type TaskDeps,
} from '../../services/implementations/crud.ts';

/** The latest value of something a long-lived actor's effects call (closures over the page's state). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * A form chart for this component's life: `deps` may change on every render (the effects read the latest
 * ones); the input is read once, when the form opens.
 */
export function useFormActor(deps: CrudFormDeps, input: FormInput) {
  const latest = useLatest(deps);
  const logic = useMemo(
    () =>
      formMachine.provide(
        createCrudFormImplementations({
          submit: (values, signal) => latest.current.submit(values, signal),
          fetchRecord: (signal) => {
            const fetch = latest.current.fetchRecord;
            if (!fetch) return Promise.reject(new Error('this form loads no record'));
            return fetch(signal);
          },
          get labels() {
            return latest.current.labels;
          },
          onSaved: (message) => latest.current.onSaved?.(message),
        }),
      ),
    [latest],
  );
  return useActorRef(logic, { input });
}

/** A task chart for this component's life; `run: input` starts it at once. */
export function useTaskActor<TInput, TOutput>(deps: TaskDeps<TInput, TOutput>, start?: { run: TInput }) {
  const latest = useLatest(deps);
  const logic = useMemo(
    () =>
      taskMachine.provide(
        createTaskImplementations<TInput, TOutput>({
          run: (input, signal) => latest.current.run(input, signal),
          onSucceeded: (output) => latest.current.onSucceeded?.(output),
        }),
      ),
    [latest],
  );
  return useActorRef(logic, { input: start });
}
