// First-run data, modelled on a fresh dvadmin: three users (password admin123456), two roles, three depts,
// the system and business menus with their buttons, the dictionaries and the settings. Runs in one
// transaction, only on an empty database.
import { sql, type Transaction } from 'kysely';
import { md5Hex } from '../../src/contract/password.ts';
import { hashPassword } from '../lib/password.ts';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';
import { seedAdminButtons } from './seed-data/admin-buttons.ts';
import { DICTIONARIES } from './seed-data/dictionaries.ts';
import { MENUS, type MenuSeed, menuColumns, PUBLIC_ROLE_GRANTS } from './seed-data/menus.ts';
import { seedMessages } from './seed-data/messages.ts';
import { SETTINGS } from './seed-data/settings.ts';

type Trx = Transaction<Database>;

export const SEED_PASSWORD = 'admin123456';
const SEED_LOCK = 7_242_001;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Seeds when the database has no users; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  // Hash outside the transaction: scrypt is slow and PGlite's single connection would be held meanwhile.
  const md5 = md5Hex(SEED_PASSWORD);
  const hashes = await Promise.all([hashPassword(md5), hashPassword(md5), hashPassword(md5)]);
  await db.transaction().execute(async (trx) => {
    // Two processes starting together on an empty PostgreSQL must not both seed: serialise on a lock
    // (held until commit) and look again.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await isDatabaseEmpty(trx))) return;
    await seedAll(trx, hashes as [string, string, string]);
  });
  return true;
}

async function seedAll(trx: Trx, [superHash, adminHash, testHash]: [string, string, string]): Promise<void> {
  const dept = async (name: string, key: string, sort: number, parent_id: number | null) => {
    const { id } = await trx
      .insertInto('dept')
      .values({ name, key, sort, parent_id, owner: '', phone: '', email: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A dept belongs to itself, so data scope by dept covers dept rows too (as dvadmin does on create).
    await trx
      .updateTable('dept')
      .set({ dept_belong_id: String(id) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const root = await dept('DVAdmin团队', 'dvadmin', 1, null);
  await dept('运营部', 'operation', 2, root);
  const tech = await dept('技术部', 'technology', 1, root);

  const role = (name: string, key: string, sort: number, admin: boolean, data_range: number) =>
    trx
      .insertInto('role')
      .values({ name, key, sort, admin, data_range, status: true })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const adminRole = await role('管理员', 'admin', 1, true, 3);
  const publicRole = await role('用户', 'public', 2, false, 1);

  const user = async (
    username: string,
    name: string,
    password: string,
    dept_id: number,
    superuser: boolean,
  ) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        username,
        name,
        password,
        dept_id,
        is_superuser: superuser,
        email: 'dvadmin@django-vue-admin.com',
        mobile: superuser ? '13333333333' : '18888888888',
        avatar: '',
        gender: 1,
        dept_belong_id: String(dept_id),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const superId = await user('superadmin', '超级管理员', superHash, root, true);
  const adminId = await user('admin', '管理员', adminHash, root, false);
  const testId = await user('test', '测试人员', testHash, tech, false);
  await trx
    .insertInto('user_role')
    .values([
      { user_id: superId, role_id: adminRole },
      { user_id: adminId, role_id: adminRole },
      { user_id: testId, role_id: publicRole },
    ])
    .execute();

  await seedMenus(trx, adminRole, publicRole);
  await seedAdminButtons(trx, adminRole);
  await seedDictionaries(trx);
  await seedSettings(trx);
  await seedApiWhiteList(trx);
  await seedMessages(trx, superId);
}

async function seedMenus(trx: Trx, adminRole: number, publicRole: number): Promise<void> {
  const insert = async (menu: MenuSeed, parent_id: number | null): Promise<void> => {
    const { id } = await trx
      .insertInto('menu')
      .values({ parent_id, ...menuColumns(menu) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('role_menu').values({ role_id: adminRole, menu_id: id }).execute();
    const grant = PUBLIC_ROLE_GRANTS[menu.path || menu.name];
    if (grant) await trx.insertInto('role_menu').values({ role_id: publicRole, menu_id: id }).execute();
    for (const b of menu.buttons ?? []) {
      const row = await trx
        .insertInto('menu_button')
        .values({ menu_id: id, name: b.name, value: b.value, api: b.api, method: b.method })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roles = [adminRole, ...(grant?.includes(b.value) ? [publicRole] : [])];
      await trx
        .insertInto('role_menu_button')
        .values(roles.map((role_id) => ({ role_id, menu_button_id: row.id })))
        .execute();
    }
    for (const child of menu.children ?? []) await insert(child, id);
  };
  for (const menu of MENUS) await insert(menu, null);
}

async function seedDictionaries(trx: Trx): Promise<void> {
  let groupSort = 1;
  for (const group of DICTIONARIES) {
    const { id } = await trx
      .insertInto('dictionary')
      .values({ label: group.label, value: group.value, sort: groupSort++, type: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    let sort = 1;
    for (const c of group.children) {
      await trx
        .insertInto('dictionary')
        .values({ ...c, parent_id: id, is_value: true, sort: sort++ })
        .execute();
    }
  }
}

async function seedSettings(trx: Trx): Promise<void> {
  let groupSort = 0;
  for (const group of SETTINGS) {
    const { id } = await trx
      .insertInto('system_config')
      .values({ title: group.title, key: group.key, sort: groupSort++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    let sort = 0;
    for (const s of group.children) {
      await trx
        .insertInto('system_config')
        .values({
          parent_id: id,
          title: s.title,
          key: s.key,
          value: JSON.stringify(s.value),
          sort: sort++,
          form_item_type: s.formItemType,
        })
        .execute();
    }
  }
}

/** Endpoints every signed-in user may call whatever their buttons: their own profile, menus, messages. */
async function seedApiWhiteList(trx: Trx): Promise<void> {
  const entries: [string, number][] = [
    ['/api/system/user/user_info/', 0],
    ['/api/system/user/update_user_info/', 2],
    ['/api/system/user/{id}/change_password/', 2],
    ['/api/system/menu/web_router/', 0],
    ['/api/system/dept/all_dept/', 0],
    ['/api/system/dept_lazy_tree/', 0],
    ['/api/system/message_center/get_self_receive/', 0],
    ['/xy/message/get_message/', 0],
    ['/xy/message/{id}/read/', 2],
  ];
  await trx
    .insertInto('api_white_list')
    .values(entries.map(([url, method]) => ({ url, method })))
    .execute();
}
