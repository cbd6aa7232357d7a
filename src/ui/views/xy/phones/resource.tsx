// /phones (手机): the devices running the marketplace app and our agent. Operators edit name, serial, model,
// account and remark; heartbeats write online, last seen, battery, network and app version.
import { Pipeline } from '../../../../contract/pipeline.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';
import { StateBadge } from '../pipeline/StateBadge.tsx';

export function phoneResource(t: (key: string) => string): CrudResource {
  const readOnly = { form: false } as const;
  return {
    name: 'phones',
    url: Pipeline.phone.path,
    row: Pipeline.phone.row,
    title: 'pipeline:phone.title',
    ordering: '-create_datetime',
    fields: [
      { name: 'name', label: 'pipeline:phone.name', search: true, form: { required: true, maxLength: 64 } },
      {
        name: 'serial',
        label: 'pipeline:phone.serial',
        search: true,
        form: { required: true, maxLength: 64 },
      },
      { name: 'model', label: 'pipeline:phone.model', form: { maxLength: 64 } },
      { name: 'account', label: 'pipeline:phone.account', form: { maxLength: 64 } },
      {
        name: 'online',
        label: 'pipeline:phone.online',
        ...readOnly,
        options: [
          { value: true, label: t('phone.state_online'), color: 'teal' },
          { value: false, label: t('phone.state_offline'), color: 'gray' },
        ],
        search: true,
        column: {
          width: 100,
          render: (row) => (
            <StateBadge
              label={t(row.online ? 'phone.state_online' : 'phone.state_offline')}
              color={row.online ? 'teal' : 'gray'}
              testId={`online-${row.id}`}
            />
          ),
        },
      },
      {
        name: 'last_seen',
        label: 'pipeline:phone.last_seen',
        kind: 'datetime',
        ...readOnly,
        column: { width: 160 },
      },
      {
        name: 'battery',
        label: 'pipeline:phone.battery',
        ...readOnly,
        column: { width: 70, render: (row) => (row.battery == null ? '' : `${String(row.battery)}%`) },
      },
      { name: 'network', label: 'pipeline:phone.network', ...readOnly, column: { width: 70 } },
      { name: 'app_version', label: 'pipeline:phone.app_version', ...readOnly, column: { width: 90 } },
      { name: 'remark', label: 'pipeline:phone.remark', form: { span: 2, maxLength: 255 } },
      ...commonFields(),
    ],
  };
}
