import { useSelector } from '@xstate/react';
import { selectTaskError } from '../../machines/crud/selectors.ts';
import type { useTaskActor } from './actors.ts';
import { Failure } from './Failure.tsx';

/** A task chart's failure, compact, while it is in its failed state: its reason, 重试 and dismiss. */
export function TaskFailure({ task, testId }: { task: ReturnType<typeof useTaskActor>; testId?: string }) {
  const error = useSelector(task, selectTaskError);
  if (!error) return null;
  return (
    <Failure
      compact
      reason={error}
      onRetry={() => task.send({ type: 'task.retry' })}
      onDismiss={() => task.send({ type: 'task.dismissed' })}
      {...(testId ? { testId } : {})}
    />
  );
}
