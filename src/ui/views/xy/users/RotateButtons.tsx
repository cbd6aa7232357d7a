// Row actions of /users: rotate the webhook secret or the API key (the seeded `Rotate` button), on the task
// chart — busy while it runs, its failure shown with a retry; a new API key is handed up to be shown once.
import { Group } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { customerRowSchema, DeliveryPaths } from '../../../../contract/delivery.ts';
import { selectIsRunning } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { TaskFailure } from '../../../crud/TaskFailure.tsx';
import type { CrudActionContext, Row } from '../../../crud/types.ts';

type What = 'webhook_secret' | 'api_key';

export function RotateButtons({
  row,
  ctx,
  onApiKey,
}: {
  row: Row;
  ctx: CrudActionContext;
  onApiKey(key: string): void;
}) {
  const { t } = useTranslation('delivery');
  const task = useTaskActor<What, { what: What; key: string | null }>({
    run: async (what, signal) => {
      const answer = await ctx.http.data(
        { url: DeliveryPaths.rotate(row.id), method: 'POST', data: { what }, signal },
        customerRowSchema,
      );
      return { what, key: answer.api_key ?? null };
    },
    onSucceeded: ({ what, key }) => {
      if (what === 'api_key' && key) onApiKey(key);
      ctx.reload();
    },
  });
  const running = useSelector(task, selectIsRunning);
  const rotate = (what: What) => task.send({ type: 'task.run', input: what });
  return (
    <Permission value="Rotate">
      <Group gap={2} wrap="nowrap">
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="orange"
          disabled={running}
          label={t('customer.rotate_secret')}
          question={t('customer.rotate_secret_confirm')}
          onConfirm={() => rotate('webhook_secret')}
        />
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="orange"
          disabled={running}
          label={t('customer.rotate_key')}
          question={t('customer.rotate_key_confirm')}
          onConfirm={() => rotate('api_key')}
        />
      </Group>
      <TaskFailure task={task} />
    </Permission>
  );
}
