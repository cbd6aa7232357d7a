import type { HttpClient } from '../../../../services/http/types.ts';
import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';
import type { CrudOption } from '../../../crud/types.ts';

const DICT_URL = '/api/system/dictionary/';

/** Groups (the roots) a new item can belong to. */
async function groups(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; label: string }[] }>(DICT_URL, { lazy: 1, limit: 999 });
  return (env.data?.data ?? []).map((g) => ({ value: g.id, label: g.label, color: 'gray' }));
}

const TYPES = ['text', 'number', 'date', 'datetime', 'time', 'file', 'boolean', 'images'];

/** 字典管理 (menu component `system/dictionary/index`): the groups, their items on expand. */
export default crudView((t) => ({
  name: 'dictionary',
  url: DICT_URL,
  title: 'system:dictionary.title',
  tree: true,
  fields: [
    { name: 'label', label: 'system:dictionary.label', search: true, form: { required: true } },
    { name: 'value', label: 'system:dictionary.value', search: true, form: { required: true } },
    { name: 'parent', label: 'system:dictionary.parent', kind: 'select', loadOptions: groups, column: false },
    {
      name: 'type',
      label: 'system:dictionary.type',
      kind: 'select',
      initial: 0,
      options: TYPES.map((name, value) => ({ value, label: t(`dictionary.types.${name}`), color: 'gray' })),
    },
    { name: 'color', label: 'system:dictionary.color', column: { render: (row) => String(row.color ?? '') } },
    { name: 'sort', label: 'system:dictionary.sort', kind: 'number', initial: 1 },
    {
      name: 'status',
      label: 'system:dictionary.status',
      kind: 'radio',
      dict: 'button_status_bool',
      initial: true,
      search: true,
    },
    {
      name: 'remark',
      label: 'system:dictionary.remark',
      kind: 'textarea',
      column: { hidden: true },
      form: { span: 2 },
    },
    ...commonFields({ belongForm: false }),
  ],
}));
