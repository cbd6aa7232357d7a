import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';

/** 地区管理 (menu component `system/areas/index`): provinces first, their children loaded on expand. */
export default crudView(() => ({
  name: 'areas',
  url: '/api/system/area/',
  title: 'system:areas.title',
  tree: true,
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
}));
