import { md5Hex } from '../../../../contract/password.ts';
import { Resources } from '../../../../contract/resources.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { commonFields } from '../../../crud/common.ts';
import { formFields } from '../../../crud/query.ts';
import type { CrudOption, CrudResource, FormValues, Row } from '../../../crud/types.ts';

export const USER_URL = Resources.user.path;

async function roleOptions(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; name: string }[] }>(Resources.role.path, { limit: 999 });
  return (env.data?.data ?? []).map((r) => ({ label: r.name, value: r.id }));
}

const roleNames = (row: Row) =>
  ((row.role_info as { name?: string }[] | undefined) ?? []).map((r) => r.name).join('、');

/** 用户管理: labels match the server's (用户账号, 用户姓名…) so validation messages find their field. */
export function userResource(dept: string | null): CrudResource {
  const resource: CrudResource = {
    name: 'user',
    url: USER_URL,
    row: Resources.user.row,
    title: 'system:user.title',
    actions: { export: true },
    params: dept ? { dept } : {},
    ordering: '-create_datetime',
    fields: [
      {
        name: 'avatar',
        label: 'system:user.avatar',
        kind: 'avatar',
        column: { width: 60 },
        form: { span: 2 },
      },
      { name: 'username', label: 'system:user.username', search: true, form: { required: true } },
      { name: 'name', label: 'system:user.name', search: true, form: { required: true } },
      {
        name: 'password',
        label: 'system:user.password',
        kind: 'password',
        column: false,
        form: { createOnly: true },
      },
      {
        name: 'dept',
        label: 'system:user.dept',
        kind: 'dept',
        form: { required: true },
        column: { render: (row) => String(row.dept_name ?? '') },
      },
      {
        name: 'role',
        label: 'system:user.role',
        kind: 'multiselect',
        loadOptions: roleOptions,
        form: { required: true },
        column: { render: roleNames },
      },
      { name: 'mobile', label: 'system:user.mobile', search: true },
      { name: 'email', label: 'system:user.email', column: { hidden: true } },
      { name: 'gender', label: 'system:user.gender', kind: 'radio', dict: 'gender', initial: 1 },
      {
        name: 'user_type',
        label: 'system:user.user_type',
        kind: 'radio',
        dict: 'user_type',
        initial: 0,
        column: { hidden: true },
      },
      {
        name: 'is_active',
        label: 'system:user.is_active',
        kind: 'radio',
        dict: 'button_status_bool',
        initial: true,
        search: true,
      },
      ...commonFields(),
    ],
    toForm: (row) => ({
      ...row,
      role: Array.isArray(row.role)
        ? row.role
        : ((row.role_info as { id: number }[] | undefined) ?? []).map((r) => r.id),
    }),
    toBody: (values, mode) => {
      const body: FormValues = {};
      for (const f of formFields(resource, mode)) body[f.name] = values[f.name] ?? null;
      // The password travels as md5 hex; left empty, the server uses base.default_password.
      if (typeof body.password === 'string' && body.password) body.password = md5Hex(body.password);
      else delete body.password;
      return body;
    },
  };
  return resource;
}
