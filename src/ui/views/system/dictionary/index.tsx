import { Resources } from '../../../../contract/resources.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';
import type { CrudOption, CrudResource } from '../../../crud/types.ts';

const DICT_URL = Resources.dictionary.path;

/** Groups (the roots) a new item can belong to; stock dvadmin lists groups and items together. */
async function groups(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; label: string; parent?: number | null }[] }>(DICT_URL, {
    limit: 999,
  });
  return (env.data?.data ?? [])
    .filter((g) => g.parent === null || g.parent === undefined)
    .map((g) => ({ value: g.id, label: g.label, color: 'gray' }));
}

const TYPES = ['text', 'number', 'date', 'datetime', 'time', 'file', 'boolean', 'images'];

/**
 * 字典管理 (menu component `system/dictionary/index`): the groups with their items, built by `parent` from
 * the whole list (stock dvadmin answers groups and items in one flat list).
 */
export const dictionaryResource = (t: (key: string) => string): CrudResource => ({
  name: 'dictionary',
  url: DICT_URL,
  row: Resources.dictionary.row,
  title: 'system:dictionary.title',
  tree: { load: 'whole' },
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
});

export default crudView(dictionaryResource);
