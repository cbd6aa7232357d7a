import { Resources } from '../../../../contract/resources.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';

/** 部门管理: a lazy tree by `parent` (DVAdmin团队 → 技术部, 运营部); labels match the server's messages. */
export const deptResource: CrudResource = {
  name: 'dept',
  url: Resources.dept.path,
  row: Resources.dept.row,
  title: 'system:dept.title',
  tree: true,
  actions: { export: false },
  fields: [
    {
      name: 'name',
      label: 'system:dept.name',
      search: true,
      form: { required: true },
      column: { width: 200 },
    },
    { name: 'key', label: 'system:dept.key', search: true, column: { width: 120 } },
    { name: 'parent', label: 'system:dept.parent', kind: 'dept', column: false },
    { name: 'sort', label: 'system:dept.sort', kind: 'number', initial: 1, column: { width: 80 } },
    { name: 'owner', label: 'system:dept.owner', column: { width: 100 } },
    { name: 'phone', label: 'system:dept.phone', column: { width: 120 } },
    { name: 'email', label: 'system:dept.email', column: { width: 160, hidden: true } },
    {
      name: 'status',
      label: 'system:dept.status',
      kind: 'radio',
      dict: 'button_status_bool',
      initial: true,
      search: true,
      column: { width: 90 },
    },
    ...commonFields(),
  ],
};
