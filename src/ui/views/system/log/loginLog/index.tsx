import { Resources } from '../../../../../contract/resources.ts';
import { crudView } from '../../../../crud/app-env.tsx';
import { commonFields } from '../../../../crud/common.ts';
import { READ_ONLY } from '../../options.ts';

/** 登录日志 (menu component `system/log/loginLog/index`): read only. */
export default crudView((t) => ({
  name: 'loginLog',
  url: Resources.loginLog.path,
  row: Resources.loginLog.row,
  title: 'system:loginLog.title',
  ordering: '-create_datetime',
  actions: READ_ONLY,
  fields: [
    { name: 'username', label: 'system:loginLog.username', search: true },
    { name: 'ip', label: 'system:loginLog.ip', search: true },
    { name: 'browser', label: 'system:loginLog.browser' },
    { name: 'os', label: 'system:loginLog.os' },
    {
      name: 'status',
      label: 'system:loginLog.status',
      kind: 'select',
      search: true,
      options: [
        { value: true, label: t('loginLog.ok') },
        { value: false, label: t('loginLog.failed') },
      ],
    },
    { name: 'failure_reason', label: 'system:loginLog.failure_reason' },
    {
      name: 'agent',
      label: 'system:loginLog.agent',
      kind: 'textarea',
      column: { hidden: true },
      form: { span: 2 },
    },
    ...commonFields({ belongForm: false }).filter((f) => f.name !== 'description'),
  ],
}));
