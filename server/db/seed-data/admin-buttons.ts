// Buttons for the system-administration endpoints beyond plain CRUD (the CRUD kit's multiple_delete and
// export, role permissions, user import, config save). Seeded after the menus and granted to role 管理员, so
// the server-side permission check lets that role use them; other roles get them through role permissions.
// (Dept export has no seeded button: the dept page's buttons are fixed by the web_router contract tests.)
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type ExtraButton = { path: string; name: string; value: string; api: string; method: 0 | 1 | 2 | 3 };

const sys = (res: string) => `/api/system/${res}/`;
const GET = 0;
const POST = 1;
const PUT = 2;
const DELETE = 3;

const multipleDelete = (path: string, res: string): ExtraButton => ({
  path,
  name: '批量删除',
  value: 'Delete',
  api: `${sys(res)}multiple_delete/`,
  method: DELETE,
});
const exportButton = (path: string, res: string): ExtraButton => ({
  path,
  name: '导出',
  value: 'Export',
  api: `${sys(res)}export/`,
  method: POST,
});

export const ADMIN_BUTTONS: ExtraButton[] = [
  multipleDelete('/menu', 'menu'),
  multipleDelete('/menuButton', 'menu_button'),
  multipleDelete('/role', 'role'),
  multipleDelete('/user', 'user'),
  multipleDelete('/dictionary', 'dictionary'),
  multipleDelete('/areas', 'area'),
  multipleDelete('/apiWhiteList', 'api_white_list'),
  multipleDelete('/config', 'system_config'),
  exportButton('/role', 'role'),
  exportButton('/loginLog', 'login_log'),
  exportButton('/operationLog', 'operation_log'),
  {
    path: '/role',
    name: '权限详情',
    value: 'Retrieve',
    api: `${sys('role')}{id}/roleId_get_menu/`,
    method: GET,
  },
  { path: '/user', name: '导入模板', value: 'Import', api: `${sys('user')}import/`, method: GET },
  { path: '/config', name: '保存', value: 'Save', api: `${sys('system_config')}save_content/`, method: PUT },
];

export async function seedAdminButtons(trx: Transaction<Database>, adminRole: number): Promise<void> {
  for (const b of ADMIN_BUTTONS) {
    const menu = await trx
      .selectFrom('menu')
      .select('id')
      .where('web_path', '=', b.path)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!menu) continue;
    const { id } = await trx
      .insertInto('menu_button')
      .values({ menu_id: menu.id, name: b.name, value: b.value, api: b.api, method: b.method })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('role_menu_button').values({ role_id: adminRole, menu_button_id: id }).execute();
  }
}
