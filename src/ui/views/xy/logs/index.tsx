// /logs (日志), read-only: what the pipeline did — ingest batches (stored / dropped), task runs, phones going
// online or offline. Filters type, task, phone; the search box looks in the message.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_TYPES, Pipeline } from '../../../../contract/pipeline.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { READ_ONLY } from '../../system/options.ts';
import { loadPhones, loadTasks } from '../pipeline/options.ts';

const TYPE_COLOR = { ingest: 'brand', task_run: 'grape', phone: 'orange' } as const;

export function logResource(t: (key: string) => string): CrudResource {
  return {
    name: 'logs',
    url: Pipeline.log.path,
    row: Pipeline.log.row,
    title: 'pipeline:log.title',
    ordering: '-create_datetime',
    actions: { ...READ_ONLY, export: true },
    fields: [
      {
        name: 'type',
        label: 'pipeline:log.type',
        options: LOG_TYPES.map((v) => ({ value: v, label: t(`log.type_${v}`), color: TYPE_COLOR[v] })),
        search: true,
        column: { width: 100 },
      },
      {
        name: 'task',
        label: 'pipeline:log.task',
        kind: 'select',
        loadOptions: (http) => loadTasks(http),
        search: true,
        column: { width: 140, render: (row) => (row.task_name as string | null) ?? '' },
      },
      {
        name: 'phone',
        label: 'pipeline:log.phone',
        kind: 'select',
        loadOptions: (http) => loadPhones(http),
        search: true,
        column: { width: 120, render: (row) => (row.phone_name as string | null) ?? '' },
      },
      { name: 'stored', label: 'pipeline:log.stored', column: { width: 70, sortable: true } },
      { name: 'dropped', label: 'pipeline:log.dropped', column: { width: 70, sortable: true } },
      { name: 'message', label: 'pipeline:log.message', search: { param: 'search' } },
      {
        name: 'create_datetime',
        label: 'pipeline:log.time',
        kind: 'datetime',
        search: true,
        column: { width: 160, sortable: true },
      },
    ],
  };
}

export function LogsView() {
  const { t } = useTranslation('pipeline');
  const resource = useMemo(() => logResource(t), [t]);
  return <CrudPage resource={resource} />;
}

/** 日志 (menu component `xy/logs/index`). */
export default function LogsRoute() {
  return (
    <AppCrudEnv>
      <LogsView />
    </AppCrudEnv>
  );
}
