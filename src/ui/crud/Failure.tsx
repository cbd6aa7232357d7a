import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectDeleteError, selectLoadError } from '../../machines/crud/selectors.ts';
import type { Reason } from '../../machines/shared/effects.ts';
import type { CrudListActor } from './useCrudList.ts';

/** A failure shown where it happened, with its retry (and a dismiss when there is one). */
export function Failure({
  reason,
  onRetry,
  onDismiss,
  compact,
  testId,
}: {
  reason: Reason;
  onRetry(): void;
  onDismiss?: () => void;
  /** Inline text instead of a box (a tree row, a select). */
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('crud');
  const text = reason.text ?? t(reason.key);
  const buttons = (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
        {t('retry')}
      </Button>
      {onDismiss && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onDismiss}>
          {t('close')}
        </Button>
      )}
    </Group>
  );
  if (compact)
    return (
      <Group gap={8} wrap="nowrap" role="alert" data-testid={testId}>
        <Text fz="xs" c="red">
          {text}
        </Text>
        {buttons}
      </Group>
    );
  return (
    <Alert color="red" variant="light" p="xs" mb="sm" role="alert" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">{text}</Text>
        {buttons}
      </Group>
    </Alert>
  );
}

/**
 * A list's own failures, each with its way out: the load (retry) and a delete (retry or dismiss). Every list
 * page on the kit's list chart shows them the same way.
 */
export function ListFailures({ list }: { list: CrudListActor }) {
  const loadError = useSelector(list, selectLoadError);
  const deleteError = useSelector(list, selectDeleteError);
  return (
    <>
      {loadError && (
        <Failure
          reason={loadError}
          onRetry={() => list.send({ type: 'list.retry' })}
          testId="crud-load-failed"
        />
      )}
      {deleteError && (
        <Failure
          reason={deleteError}
          onRetry={() => list.send({ type: 'list.deleteRetried' })}
          onDismiss={() => list.send({ type: 'list.deleteDismissed' })}
          testId="crud-delete-failed"
        />
      )}
    </>
  );
}
