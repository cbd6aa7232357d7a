// 拉黑 / 解除拉黑: a row action (the Update button's permission). Blacklisting asks the reason in a modal;
// lifting asks to confirm. Each is one partial PUT on a crudTask (busy / failed + retry), then the list
// reloads.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pipeline } from '../../../../contract/pipeline.ts';
import { ResourcePaths } from '../../../../contract/resources.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { ConfirmButton } from '../../../crud/ConfirmButton.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import type { CrudActionContext, Row } from '../../../crud/types.ts';

type Change = { blacklisted: boolean; blacklist_reason?: string };

export function BlacklistButton({ row, ctx }: { row: Row; ctx: CrudActionContext }) {
  const { t } = useTranslation('pipeline');
  const [asking, setAsking] = useState(false);
  const form = useForm({ initialValues: { reason: '' } });
  const task = useTaskActor<Change, void>({
    run: async (change, signal) => {
      await ctx.http.put(ResourcePaths.item(Pipeline.seller.path, row.id), change, { signal });
    },
    onSucceeded: () => {
      setAsking(false);
      ctx.reload();
    },
  });
  const running = useSelector(task, selectIsRunning);
  const error = useSelector(task, selectTaskError);
  const failure = error && (
    <Failure
      compact
      reason={error}
      onRetry={() => task.send({ type: 'task.retry' })}
      onDismiss={() => task.send({ type: 'task.dismissed' })}
      testId={`blacklist-failed-${row.id}`}
    />
  );
  const name = String(row.name ?? row.seller_id ?? '');
  return (
    <Permission value="Update">
      {row.blacklisted ? (
        <ConfirmButton
          size="compact-xs"
          variant="subtle"
          color="teal"
          loading={running}
          label={t('seller.unblacklist')}
          question={t('seller.unblacklist_confirm')}
          onConfirm={() => task.send({ type: 'task.run', input: { blacklisted: false } })}
        />
      ) : (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAsking(true)}>
          {t('seller.blacklist')}
        </Button>
      )}
      {!asking && failure}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('seller.blacklist_title', { name })}
        centered
      >
        <form
          onSubmit={form.onSubmit(({ reason }) =>
            task.send({ type: 'task.run', input: { blacklisted: true, blacklist_reason: reason.trim() } }),
          )}
        >
          <Stack gap="sm">
            <Text fz="sm">{t('seller.blacklist_hint')}</Text>
            <Textarea
              label={t('seller.blacklist_reason')}
              maxLength={200}
              rows={3}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            {failure}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('crud:cancel')}
              </Button>
              <Button type="submit" color="red" loading={running}>
                {t('seller.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Permission>
  );
}
