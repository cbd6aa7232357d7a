// /itemFilters (商品过滤): rules that drop listings before they are stored — exclude words, include words, a
// price range — for one task or (no task) every task. Hits are counted by the ingest.
import { Pipeline } from '../../../../contract/pipeline.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';
import { enabledSwitchField } from '../pipeline/EnabledSwitch.tsx';
import { FILTER_BODY, loadTasks } from '../pipeline/options.ts';

export function filterResource(t: (key: string) => string): CrudResource {
  return {
    name: 'item_filters',
    url: Pipeline.itemFilter.path,
    row: Pipeline.itemFilter.row,
    title: 'pipeline:itemFilter.title',
    ordering: '-create_datetime',
    fields: [
      {
        name: 'name',
        label: 'pipeline:itemFilter.name',
        search: true,
        form: { required: true, maxLength: 64 },
      },
      {
        name: 'task',
        label: 'pipeline:itemFilter.task',
        kind: 'select',
        loadOptions: (http) => loadTasks(http),
        search: true,
        column: { width: 140, render: (row) => (row.task_name as string | null) ?? t('common.all_tasks') },
      },
      {
        name: 'exclude_words',
        label: 'pipeline:itemFilter.exclude_words',
        kind: 'tags',
        initial: [],
        form: { span: 2 },
        column: { width: 180 },
      },
      {
        name: 'include_words',
        label: 'pipeline:itemFilter.include_words',
        kind: 'tags',
        initial: [],
        form: { span: 2 },
        column: { width: 180 },
      },
      { name: 'min_price', label: 'pipeline:itemFilter.min_price', kind: 'number', column: { width: 90 } },
      { name: 'max_price', label: 'pipeline:itemFilter.max_price', kind: 'number', column: { width: 90 } },
      enabledSwitchField({
        label: 'pipeline:itemFilter.enabled',
        labelText: t('itemFilter.enabled'),
        url: Pipeline.itemFilter.path,
        fields: FILTER_BODY,
      }),
      { name: 'hits', label: 'pipeline:itemFilter.hits', form: false, column: { width: 70, sortable: true } },
      ...commonFields(),
    ],
  };
}
