import { Resources } from '../../../../contract/resources.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource, FormValues, Row } from '../../../crud/types.ts';

export const ROLE_URL = Resources.role.path;
const WRITABLE = ['name', 'key', 'sort', 'status', 'admin', 'data_range', 'remark', 'dept', 'description'];

/** The role's writable fields, as a PUT sends them (menus and buttons are left as they are). */
export function roleBody(values: FormValues | Row): FormValues {
  const body: FormValues = {};
  for (const name of WRITABLE) body[name] = values[name] ?? null;
  if (body.data_range !== 4) body.dept = [];
  return body;
}

/** 角色管理: data scope 0–4 (4 = the custom departments, shown only then). */
export function roleResource(t: (key: string) => string): CrudResource {
  return {
    name: 'role',
    url: ROLE_URL,
    row: Resources.role.row,
    title: 'system:role.title',
    fields: [
      { name: 'name', label: 'system:role.name', search: true, form: { required: true } },
      { name: 'key', label: 'system:role.key', search: true, form: { required: true } },
      { name: 'sort', label: 'system:role.sort', kind: 'number', initial: 1 },
      {
        name: 'status',
        label: 'system:role.status',
        kind: 'radio',
        dict: 'button_status_bool',
        initial: true,
        search: true,
      },
      {
        name: 'admin',
        label: 'system:role.admin',
        kind: 'radio',
        dict: 'button_whether_bool',
        initial: false,
      },
      {
        name: 'data_range',
        label: 'system:role.data_range',
        kind: 'select',
        initial: 0,
        options: [0, 1, 2, 3, 4].map((v) => ({
          value: v,
          label: t(`system:role.range.${v}`),
          color: 'gray',
        })),
      },
      {
        name: 'dept',
        label: 'system:role.dept',
        kind: 'depts',
        column: false,
        form: { span: 2, when: (values) => values.data_range === 4 },
      },
      {
        name: 'remark',
        label: 'system:role.remark',
        kind: 'textarea',
        column: { hidden: true },
        form: { span: 2 },
      },
      ...commonFields(),
    ],
    toBody: (values) => roleBody(values),
  };
}
