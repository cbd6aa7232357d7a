import { Resources } from '../../../../contract/resources.ts';
import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';

/**
 * 地区管理 (menu component `system/areas/index`): the provinces (`level=1`, paged), each area's children by
 * its code (`pcode=<code>`) on expand, as dvadmin defines the area tree (`pcode_count` says which have some).
 */
export const areasResource = (): CrudResource => ({
  name: 'areas',
  url: Resources.area.path,
  row: Resources.area.row,
  title: 'system:areas.title',
  tree: { load: 'lazy', roots: { level: 1 }, children: (row) => ({ pcode: row.code }) },
  fields: [
    { name: 'name', label: 'system:areas.name', search: true, form: { required: true } },
    { name: 'code', label: 'system:areas.code', search: true, form: { required: true } },
    { name: 'level', label: 'system:areas.level', kind: 'number', form: { required: true } },
    { name: 'pinyin', label: 'system:areas.pinyin' },
    { name: 'initials', label: 'system:areas.initials' },
    { name: 'pcode', label: 'system:areas.pcode', column: { hidden: true } },
    {
      name: 'enable',
      label: 'system:areas.enable',
      kind: 'radio',
      dict: 'button_status_bool',
      initial: true,
    },
    ...commonFields({ belongForm: false }),
  ],
});

export default crudView(areasResource);
