/**
 * 消息 (business messages): the signed-in user's own in-site messages at `/xy/message/get_message/`
 * (filters `type` and `status`), read-only on the kit; marking read is the page's own buttons.
 */
import { createElement } from 'react';
import { businessMessageRowSchema, SupportPaths } from '../../../../contract/support.ts';
import type { CrudOption, CrudResource, Row } from '../../../crud/types.ts';
import { TypeBadge } from './MessageActions.tsx';

export const MESSAGE_TYPE_KEYS = ['success', 'warning', 'info', 'error'] as const;
export const TYPE_COLORS = ['teal', 'orange', 'blue', 'red'] as const;

export function messageResource(t: (key: string) => string): CrudResource {
  const typeOptions: CrudOption[] = MESSAGE_TYPE_KEYS.map((key, value) => ({
    value,
    label: t(`support:messages.type_${key}`),
    color: TYPE_COLORS[value],
  }));
  const statusOptions: CrudOption[] = [
    { value: 0, label: t('support:messages.unread'), color: 'red' },
    { value: 1, label: t('support:messages.read'), color: 'gray' },
  ];
  return {
    name: 'messages',
    url: SupportPaths.messages,
    row: businessMessageRowSchema,
    title: 'support:messages.title',
    actions: { create: false, update: false, delete: false, batchDelete: false },
    fields: [
      {
        name: 'type',
        label: 'support:messages.type',
        kind: 'select',
        options: typeOptions,
        search: true,
        column: { width: 100, render: (row: Row) => createElement(TypeBadge, { type: row.type }) },
      },
      { name: 'title', label: 'support:messages.message_title', column: { width: 260 } },
      { name: 'message', label: 'support:messages.message', kind: 'textarea', form: { span: 2 } },
      {
        name: 'status',
        label: 'support:messages.status',
        kind: 'select',
        options: statusOptions,
        search: true,
        column: { width: 90 },
      },
      {
        name: 'create_datetime',
        label: 'crud:field.create_datetime',
        kind: 'datetime',
        form: false,
        column: { width: 160 },
      },
    ],
  };
}
