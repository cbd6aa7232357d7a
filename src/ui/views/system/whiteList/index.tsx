import { Resources } from '../../../../contract/resources.ts';
import { crudView } from '../../../crud/app-env.tsx';
import { commonFields } from '../../../crud/common.ts';
import { METHOD_OPTIONS } from '../options.ts';

/** API白名单 (menu component `system/whiteList/index`): requests any signed-in user may make. */
export default crudView(() => ({
  name: 'whiteList',
  url: Resources.apiWhiteList.path,
  row: Resources.apiWhiteList.row,
  title: 'system:whiteList.title',
  ordering: '-create_datetime',
  fields: [
    { name: 'url', label: 'system:whiteList.url', search: true, form: { required: true, span: 2 } },
    {
      name: 'method',
      label: 'system:whiteList.method',
      kind: 'select',
      options: METHOD_OPTIONS,
      initial: 0,
      search: true,
    },
    {
      name: 'enable_datasource',
      label: 'system:whiteList.enable_datasource',
      kind: 'radio',
      dict: 'button_whether_bool',
      initial: true,
    },
    ...commonFields({ belongForm: false }),
  ],
}));
