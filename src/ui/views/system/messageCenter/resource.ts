import { Resources } from '../../../../contract/resources.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudOption, CrudResource, FormValues } from '../../../crud/types.ts';
import { MessageContentInput } from '../../../messages/HtmlContent.tsx';
import { READ_ONLY } from '../options.ts';

export const CENTER_URL = Resources.messageCenter.path;

async function users(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; name: string; username: string }[] }>(
    Resources.user.path,
    {
      limit: 999,
    },
  );
  return (env.data?.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.name} (${u.username})`,
    color: 'gray',
  }));
}
async function roles(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; name: string }[] }>(Resources.role.path, { limit: 999 });
  return (env.data?.data ?? []).map((r) => ({ value: r.id, label: r.name, color: 'gray' }));
}

const TARGET_FIELD = ['target_user', 'target_role', 'target_dept'] as const;

/** 我的发布: messages I sent; a new one goes to users, roles, departments or everyone (`target_type` 0–3). */
export function sentResource(t: (key: string) => string): CrudResource {
  const when = (type: number) => (values: FormValues) => values.target_type === type;
  return {
    name: 'messageCenter',
    url: CENTER_URL,
    row: Resources.messageCenter.row,
    title: 'system:messageCenter.title',
    ordering: '-create_datetime',
    fields: [
      {
        name: 'title',
        label: 'system:messageCenter.msg_title',
        search: true,
        form: { required: true, span: 2 },
      },
      {
        name: 'target_type',
        label: 'system:messageCenter.target_type',
        kind: 'radio',
        initial: 0,
        form: { required: true, span: 2 },
        options: [0, 1, 2, 3].map((v) => ({
          value: v,
          label: t(`messageCenter.targets.${v}`),
          color: 'gray',
        })),
      },
      {
        name: 'target_user',
        label: 'system:messageCenter.target_user',
        kind: 'multiselect',
        loadOptions: users,
        column: false,
        form: { span: 2, when: when(0) },
      },
      {
        name: 'target_role',
        label: 'system:messageCenter.target_role',
        kind: 'multiselect',
        loadOptions: roles,
        column: false,
        form: { span: 2, when: when(1) },
      },
      {
        name: 'target_dept',
        label: 'system:messageCenter.target_dept',
        kind: 'depts',
        column: false,
        form: { span: 2, when: when(2) },
      },
      {
        name: 'content',
        label: 'system:messageCenter.content',
        kind: 'textarea',
        column: { hidden: true },
        form: { required: true, span: 2 },
        // Stored rich text (stock: `<p>…</p>`) is shown rendered and sanitised when viewing.
        input: MessageContentInput,
      },
      ...commonFields({ belongForm: false }),
    ],
    toBody: (values) => {
      const body: FormValues = {
        title: values.title,
        content: values.content,
        target_type: values.target_type,
        description: values.description ?? null,
      };
      const target = TARGET_FIELD[Number(values.target_type)];
      if (target) body[target] = values[target] ?? [];
      return body;
    },
  };
}

/** 我的接收: messages addressed to me, with their read state (opening one marks it read). */
export function receivedResource(t: (key: string) => string): CrudResource {
  return {
    name: 'messageReceived',
    url: Resources.messageReceived.path,
    row: Resources.messageReceived.row,
    title: 'system:messageCenter.title',
    ordering: '-create_datetime',
    actions: { ...READ_ONLY, view: true },
    fields: [
      { name: 'title', label: 'system:messageCenter.msg_title', search: true, form: { span: 2 } },
      {
        name: 'is_read',
        label: 'system:messageCenter.is_read',
        kind: 'select',
        search: true,
        form: false,
        options: [
          { value: true, label: t('messageCenter.read'), color: 'teal' },
          { value: false, label: t('messageCenter.unread'), color: 'red' },
        ],
      },
      { name: 'creator_name', label: 'system:messageCenter.sender', form: false },
      {
        name: 'content',
        label: 'system:messageCenter.content',
        kind: 'textarea',
        column: false,
        form: { span: 2 },
        input: MessageContentInput,
      },
      {
        name: 'create_datetime',
        label: 'crud:field.create_datetime',
        kind: 'datetime',
        form: false,
        column: { sortable: true },
      },
    ],
  };
}
