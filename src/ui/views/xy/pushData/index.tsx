// /pushData (menu component `xy/pushData/index`): the push history, one row per delivery attempt — read,
// delete, and 立即重试 (the seeded `Retry` button: the delivery gets an attempt due at once).
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveryPaths, PUSH_STATUSES, pushRowSchema } from '../../../../contract/delivery.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { Permission } from '../../../crud/permission.tsx';
import { TaskFailure } from '../../../crud/TaskFailure.tsx';
import type { CrudActionContext, CrudResource, Row } from '../../../crud/types.ts';
import { namedOptions } from '../shared/options.ts';

const STATUS_COLOR: Record<(typeof PUSH_STATUSES)[number], string> = {
  pending: 'blue',
  success: 'teal',
  failed: 'red',
};

export function pushResource(t: TFunction): CrudResource {
  return {
    name: 'push_data',
    url: DeliveryPaths.pushData,
    row: pushRowSchema,
    title: 'delivery:push.title',
    ordering: '-create_datetime',
    detail: true,
    actions: { create: false, update: false, export: true },
    fields: [
      { name: 'customer_name', label: 'delivery:push.customer', column: { width: 120 } },
      {
        name: 'customer',
        label: 'delivery:push.customer',
        kind: 'select',
        loadOptions: (http) => namedOptions(http, DeliveryPaths.customers),
        search: true,
        column: false,
        form: false,
      },
      { name: 'item_title', label: 'delivery:push.item', column: { width: 200 } },
      { name: 'task_name', label: 'delivery:push.task', column: { width: 120 } },
      {
        name: 'event',
        label: 'delivery:push.event',
        search: true,
        options: [
          { label: t('delivery:push.event_item'), value: 'item', color: 'gray' },
          { label: t('delivery:push.event_feedback_reply'), value: 'feedback_reply', color: 'grape' },
        ],
        column: { width: 90 },
      },
      { name: 'attempt', label: 'delivery:push.attempt', column: { width: 70, sortable: true } },
      {
        name: 'status',
        label: 'delivery:push.status',
        search: true,
        options: PUSH_STATUSES.map((s) => ({
          label: t(`delivery:push.status_${s}`),
          value: s,
          color: STATUS_COLOR[s],
        })),
        column: { width: 90, sortable: true },
      },
      { name: 'http_status', label: 'delivery:push.http_status', column: { width: 90, sortable: true } },
      { name: 'latency_ms', label: 'delivery:push.latency_ms', column: { width: 100, sortable: true } },
      {
        name: 'error',
        label: 'delivery:push.error',
        kind: 'textarea',
        form: { span: 2 },
        column: { width: 220 },
      },
      {
        name: 'next_retry_at',
        label: 'delivery:push.next_retry_at',
        kind: 'datetime',
        column: { width: 160, sortable: true },
      },
      {
        name: 'delivery_id',
        label: 'delivery:push.delivery_id',
        form: { span: 2 },
        column: { hidden: true, width: 280 },
      },
      {
        name: 'response',
        label: 'delivery:push.response',
        kind: 'textarea',
        form: { span: 2 },
        column: false,
      },
      {
        name: 'create_datetime',
        label: 'crud:field.create_datetime',
        kind: 'datetime',
        search: true,
        column: { width: 160, sortable: true },
      },
    ],
  };
}

/** 立即重试 on the task chart: busy while it runs, its failure shown with a retry; the list reloads after. */
function RetryButton({ row, ctx }: { row: Row; ctx: CrudActionContext }) {
  const { t } = useTranslation('delivery');
  const task = useTaskActor<void, void>({
    run: async (_, signal) => {
      await ctx.http.post(DeliveryPaths.retry(row.id), {}, { signal });
    },
    onSucceeded: () => ctx.reload(),
  });
  const running = useSelector(task, selectIsRunning);
  const _error = useSelector(task, selectTaskError);
  if (row.status === 'success') return null;
  return (
    <Permission value="Retry">
      <Button
        size="compact-xs"
        variant="subtle"
        color="orange"
        loading={running}
        onClick={() => task.send({ type: 'task.run' })}
      >
        {t('push.retry')}
      </Button>
      <TaskFailure task={task} />
    </Permission>
  );
}

export function PushDataPage() {
  const { t } = useTranslation('delivery');
  const resource = useMemo<CrudResource>(
    () => ({ ...pushResource(t), rowActions: (row, ctx) => <RetryButton row={row} ctx={ctx} /> }),
    [t],
  );
  return <CrudPage resource={resource} />;
}

export default function PushDataRoute() {
  return (
    <AppCrudEnv>
      <PushDataPage />
    </AppCrudEnv>
  );
}
