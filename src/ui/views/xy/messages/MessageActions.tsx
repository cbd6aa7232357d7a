/**
 * The messages page's own buttons (permission `Update`): mark one message read (`PUT {id}/read/`) and mark
 * every unread one read (`PUT read_all/`). Each runs on a crudTask chart (busy while it runs, its failure
 * shown with a retry); after it the list reloads and the header's unread badge asks again.
 */
import { Badge, Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readAllResultSchema, SupportPaths } from '../../../../contract/support.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { showNotice, TOAST_DURATION_MS } from '../../../../services/notify.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { Failure } from '../../../crud/Failure.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { TaskFailure } from '../../../crud/TaskFailure.tsx';
import type { CrudActionContext, Row } from '../../../crud/types.ts';
import type { UnreadLink } from '../../../messages/useUnreadCount.ts';

export type { UnreadLink };

const KEYS = ['success', 'warning', 'info', 'error'] as const;
const COLORS = ['teal', 'orange', 'blue', 'red'] as const;

export function TypeBadge({ type }: { type: unknown }) {
  const { t } = useTranslation('support');
  const index = typeof type === 'number' && type >= 0 && type <= 3 ? type : 2;
  return (
    <Badge size="sm" variant="light" radius="sm" color={COLORS[index]}>
      {t(`messages.type_${KEYS[index]}`)}
    </Badge>
  );
}

export function MarkReadButton({
  row,
  ctx,
  unread,
}: {
  row: Row;
  ctx: CrudActionContext;
  unread: UnreadLink;
}) {
  const { t } = useTranslation('support');
  const task = useTaskActor<void, void>({
    run: async (_, signal) => {
      await ctx.http.put(SupportPaths.messageRead(row.id), { id: row.id, status: 1 }, { signal });
    },
    onSucceeded: () => {
      unread.refresh();
      ctx.reload();
    },
  });
  const running = useSelector(task, selectIsRunning);
  const _error = useSelector(task, selectTaskError);
  if (row.status !== 0) return null;
  return (
    <Permission value="Update">
      <Button
        size="compact-xs"
        variant="subtle"
        loading={running}
        data-testid={`message-read-${row.id}`}
        onClick={() => task.send({ type: 'task.run' })}
      >
        {t('messages.mark_read')}
      </Button>
      <TaskFailure task={task} />
    </Permission>
  );
}

export function MarkAllReadButton({
  http,
  ctx,
  unread,
}: {
  http: HttpClient;
  ctx: CrudActionContext;
  unread: UnreadLink;
}) {
  const { t } = useTranslation('support');
  // A message that arrives (or is read from its notification) elsewhere shows here at once. The kit hands
  // a new ctx each render: the subscription stays and calls the latest reload.
  const reload = useRef(ctx.reload);
  reload.current = ctx.reload;
  useEffect(() => unread.onMessagesChanged(() => reload.current()), [unread]);
  const task = useTaskActor<void, number>({
    run: async (_, signal) => {
      const result = await http.data(
        { method: 'PUT', url: SupportPaths.messagesReadAll, data: {}, signal },
        readAllResultSchema,
      );
      return result.count;
    },
    onSucceeded: (count) => {
      showNotice({
        kind: 'success',
        message: t('messages.all_marked', { count }),
        durationMs: TOAST_DURATION_MS,
      });
      unread.refresh();
      ctx.reload();
    },
  });
  const running = useSelector(task, selectIsRunning);
  const error = useSelector(task, selectTaskError);
  return (
    <Permission value="Update">
      <Button
        size="sm"
        variant="light"
        loading={running}
        data-testid="messages-read-all"
        onClick={() => task.send({ type: 'task.run' })}
      >
        {t('messages.mark_all_read')}
      </Button>
      {error && (
        <Failure
          compact
          reason={error}
          onRetry={() => task.send({ type: 'task.retry' })}
          onDismiss={() => task.send({ type: 'task.dismissed' })}
          testId="messages-read-all-failed"
        />
      )}
    </Permission>
  );
}
