import type { CrudField } from './types.ts';

/** Seed §3: the common trailing columns of every CRUD table. */
export const DESCRIPTION_MAX = 200;

export function commonFields(options: { belongForm?: boolean } = {}): CrudField[] {
  return [
    {
      name: 'description',
      label: 'crud:field.description',
      kind: 'textarea',
      form: { span: 2, maxLength: DESCRIPTION_MAX },
      column: { width: 160 },
    },
    { name: 'creator_name', label: 'crud:field.creator_name', form: false, column: { hidden: true } },
    { name: 'modifier_name', label: 'crud:field.modifier_name', form: false, column: { width: 100 } },
    {
      name: 'dept_belong_id',
      label: 'crud:field.dept_belong_id',
      kind: 'dept',
      form: options.belongForm === false ? false : {},
      column: { width: 120, hidden: true },
    },
    {
      name: 'update_datetime',
      label: 'crud:field.update_datetime',
      kind: 'datetime',
      form: false,
      column: { width: 160, sortable: true },
    },
    {
      name: 'create_datetime',
      label: 'crud:field.create_datetime',
      kind: 'datetime',
      form: false,
      search: true,
      column: { width: 160, sortable: true },
    },
  ];
}
