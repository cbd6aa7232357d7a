// /tasks (任务): what to watch — keywords, price range, region, interval, the phone that runs it; the
// pipeline writes last run and items found. The enabled switch toggles inline (EnabledSwitch).
import { Pipeline } from '../../../../contract/pipeline.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';
import { enabledSwitchField } from '../pipeline/EnabledSwitch.tsx';
import { loadPhones, TASK_BODY } from '../pipeline/options.ts';

export function taskResource(t: (key: string) => string): CrudResource {
  return {
    name: 'tasks',
    url: Pipeline.task.path,
    row: Pipeline.task.row,
    title: 'pipeline:task.title',
    ordering: '-create_datetime',
    actions: { export: true },
    fields: [
      { name: 'name', label: 'pipeline:task.name', search: true, form: { required: true, maxLength: 64 } },
      {
        name: 'keywords',
        label: 'pipeline:task.keywords',
        kind: 'tags',
        search: { param: 'keyword' },
        form: { required: true, span: 2 },
        column: { width: 200 },
      },
      { name: 'min_price', label: 'pipeline:task.min_price', kind: 'number', column: { width: 90 } },
      { name: 'max_price', label: 'pipeline:task.max_price', kind: 'number', column: { width: 90 } },
      { name: 'region', label: 'pipeline:task.region', search: true, form: { maxLength: 64 } },
      {
        name: 'interval_s',
        label: 'pipeline:task.interval_s',
        kind: 'number',
        initial: 300,
        column: { width: 90 },
      },
      {
        name: 'phone',
        label: 'pipeline:task.phone',
        kind: 'select',
        loadOptions: (http) => loadPhones(http),
        search: true,
        column: { width: 120, render: (row) => (row.phone_name as string | null) ?? '' },
      },
      enabledSwitchField({
        label: 'pipeline:task.enabled',
        labelText: t('task.enabled'),
        url: Pipeline.task.path,
        fields: TASK_BODY,
      }),
      {
        name: 'last_run_at',
        label: 'pipeline:task.last_run_at',
        kind: 'datetime',
        form: false,
        column: { width: 160, sortable: true },
      },
      {
        name: 'items_found',
        label: 'pipeline:task.items_found',
        form: false,
        column: { width: 90, sortable: true },
      },
      ...commonFields(),
    ],
  };
}
