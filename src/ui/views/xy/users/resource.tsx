// The /users resource: the customers' fields, columns and form (expiry marks, masked secret, robot secret).
import { Badge, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { customerRowSchema, DeliveryPaths, WEBHOOK_TYPES } from '../../../../contract/delivery.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource, FormValues, Row } from '../../../crud/types.ts';
import { Secret } from '../delivery/Secret.tsx';
import { namedOptions } from '../shared/options.ts';
import { expiryOf } from './expiry.ts';

/** Robots that sign with their own 加签 secret, which the operator may paste in. */
const ROBOT_SIGNED = new Set(['dingtalk', 'feishu']);
const BODY_FIELDS = [
  'name',
  'contact',
  'remark',
  'enabled',
  'expire_date',
  'tasks',
  'webhook_url',
  'webhook_type',
];

function ExpiryCell({ row }: { row: Row }) {
  const { t } = useTranslation('delivery');
  const day = typeof row.expire_date === 'string' ? row.expire_date : null;
  const expiry = expiryOf(day);
  return (
    <Group gap={4} wrap="nowrap">
      <span>{day ?? t('customer.no_expiry')}</span>
      {expiry.state === 'expired' && (
        <Badge size="sm" color="red" variant="light" data-testid="expiry-badge">
          {t('customer.expired')}
        </Badge>
      )}
      {expiry.state === 'expiring' && (
        <Badge size="sm" color="orange" variant="light" data-testid="expiry-badge">
          {expiry.days === 0 ? t('customer.expiring_today') : t('customer.expiring', { days: expiry.days })}
        </Badge>
      )}
    </Group>
  );
}

export function customerResource(t: TFunction): CrudResource {
  return {
    name: 'customers',
    url: DeliveryPaths.customers,
    row: customerRowSchema,
    title: 'delivery:customer.title',
    ordering: '-create_datetime',
    actions: { export: true },
    fields: [
      {
        name: 'name',
        label: 'delivery:customer.name',
        search: true,
        form: { required: true, maxLength: 100 },
      },
      { name: 'contact', label: 'delivery:customer.contact', form: { maxLength: 100 } },
      {
        name: 'enabled',
        label: 'delivery:customer.enabled',
        kind: 'switch',
        initial: true,
        search: true,
        options: [
          { label: t('delivery:customer.on'), value: true, color: 'teal' },
          { label: t('delivery:customer.off'), value: false, color: 'gray' },
        ],
        column: { width: 80 },
      },
      {
        name: 'expire_date',
        label: 'delivery:customer.expire_date',
        kind: 'date',
        column: { width: 170, sortable: true, render: (row) => <ExpiryCell row={row} /> },
      },
      {
        name: 'tasks',
        label: 'delivery:customer.tasks',
        kind: 'multiselect',
        initial: [],
        loadOptions: (http) => namedOptions(http, DeliveryPaths.tasks),
        form: { span: 2 },
      },
      {
        name: 'webhook_type',
        label: 'delivery:customer.webhook_type',
        kind: 'select',
        initial: 'json',
        search: true,
        options: WEBHOOK_TYPES.map((v) => ({
          label: t(`delivery:webhook_type.${v}`),
          value: v,
          color: 'blue',
        })),
        column: { width: 100 },
      },
      { name: 'webhook_url', label: 'delivery:customer.webhook_url', form: { span: 2, maxLength: 1000 } },
      {
        name: 'robot_secret',
        label: 'delivery:customer.robot_secret',
        kind: 'password',
        column: false,
        form: { span: 2, maxLength: 100, when: (v) => ROBOT_SIGNED.has(String(v.webhook_type)) },
      },
      {
        name: 'webhook_secret',
        label: 'delivery:customer.webhook_secret',
        form: false,
        column: {
          width: 230,
          render: (row) => <Secret value={row.webhook_secret as string | null} testId="webhook-secret" />,
        },
      },
      {
        name: 'api_key',
        label: 'delivery:customer.api_key',
        form: false,
        column: { width: 130, render: (row) => <Secret value={row.api_key as string | null} /> },
      },
      {
        name: 'pushes',
        label: 'delivery:customer.pushes',
        form: false,
        column: { width: 80, sortable: true },
      },
      {
        name: 'last_push_at',
        label: 'delivery:customer.last_push_at',
        kind: 'datetime',
        form: false,
        column: { width: 160, sortable: true },
      },
      {
        name: 'remark',
        label: 'delivery:customer.remark',
        kind: 'textarea',
        form: { span: 2, maxLength: 500 },
      },
      ...commonFields({ belongForm: false }),
    ],
    toForm: (row) => ({
      ...row,
      robot_secret: ROBOT_SIGNED.has(String(row.webhook_type)) ? (row.webhook_secret ?? '') : '',
    }),
    toBody: (values: FormValues) => {
      const body: FormValues = Object.fromEntries(BODY_FIELDS.map((f) => [f, values[f] ?? null]));
      body.description = values.description ?? null;
      body.tasks = Array.isArray(values.tasks) ? values.tasks : [];
      body.enabled = Boolean(values.enabled);
      if (ROBOT_SIGNED.has(String(values.webhook_type)) && values.robot_secret)
        body.webhook_secret = values.robot_secret;
      return body;
    },
  };
}
