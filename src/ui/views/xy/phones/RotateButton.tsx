// 轮换令牌: a row action (the Update button's permission, as the server checks it) — confirm, POST
// rotate_token on a crudTask (busy / failed + retry), then the new token shown once like a new phone's.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { PipelinePaths, rotatedTokenSchema } from '../../../../contract/pipeline.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudActionContext, Row } from '../../../crud/types.ts';

type Props = { row: Row; ctx: CrudActionContext; onToken(token: string): void };

export function RotateButton({ row, ctx, onToken }: Props) {
  const { t } = useTranslation('pipeline');
  const task = useTaskActor<void, string>({
    run: async (_, signal) => {
      const env = await ctx.http.post(PipelinePaths.rotateToken(row.id), {}, { signal });
      return rotatedTokenSchema.parse(env.data).token;
    },
    onSucceeded: onToken,
  });
  const running = useSelector(task, selectIsRunning);
  const error = useSelector(task, selectTaskError);
  return (
    <Permission value="Update">
      <ConfirmButton
        size="compact-xs"
        variant="subtle"
        color="orange"
        loading={running}
        label={t('phone.rotate')}
        question={t('phone.rotate_confirm')}
        onConfirm={() => task.send({ type: 'task.run' })}
      />
      {error && (
        <Failure
          compact
          reason={error}
          onRetry={() => task.send({ type: 'task.retry' })}
          onDismiss={() => task.send({ type: 'task.dismissed' })}
          testId={`rotate-failed-${row.id}`}
        />
      )}
    </Permission>
  );
}
