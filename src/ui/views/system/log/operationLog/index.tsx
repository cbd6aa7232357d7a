import { Resources } from '../../../../../contract/resources.ts';
import { crudView } from '../../../../crud/app-env.tsx';
import { commonFields } from '../../../../crud/common.ts';
import { READ_ONLY } from '../../options.ts';

/** 操作日志 (menu component `system/log/operationLog/index`): read only; 详情 shows request and response. */
export default crudView((t) => ({
  name: 'operationLog',
  url: Resources.operationLog.path,
  row: Resources.operationLog.row,
  title: 'system:operationLog.title',
  ordering: '-create_datetime',
  actions: READ_ONLY,
  fields: [
    { name: 'request_modular', label: 'system:operationLog.request_modular', search: true },
    { name: 'request_path', label: 'system:operationLog.request_path', search: true, form: { span: 2 } },
    { name: 'request_method', label: 'system:operationLog.request_method', search: true },
    { name: 'request_msg', label: 'system:operationLog.request_msg' },
    { name: 'request_ip', label: 'system:operationLog.request_ip' },
    { name: 'request_browser', label: 'system:operationLog.request_browser', column: { hidden: true } },
    { name: 'request_os', label: 'system:operationLog.request_os', column: { hidden: true } },
    { name: 'response_code', label: 'system:operationLog.response_code' },
    {
      name: 'status',
      label: 'system:operationLog.status',
      kind: 'select',
      options: [
        { value: true, label: t('loginLog.ok') },
        { value: false, label: t('loginLog.failed') },
      ],
    },
    {
      name: 'request_body',
      label: 'system:operationLog.request_body',
      kind: 'textarea',
      column: false,
      form: { span: 2 },
    },
    {
      name: 'json_result',
      label: 'system:operationLog.json_result',
      kind: 'textarea',
      column: false,
      form: { span: 2 },
    },
    ...commonFields({ belongForm: false }).filter((f) => f.name !== 'description'),
  ],
}));
