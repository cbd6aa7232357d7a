/**
 * The demo's data set, built from the reference server's first-run seed (server/db/seed-data: plain data,
 * no server dependency) so the demo shows what a fresh install shows: the system menus with their
 * buttons, the dictionaries, the settings, the areas and a few listings. Three mock accounts (seed §6):
 * `admin` sees everything, `editor` a content subset, `user1` a minimal menu. All use DEMO_PASSWORD.
 */
import { areaRows } from '../../server/db/seed-data/areas.ts';
import { DICTIONARIES } from '../../server/db/seed-data/dictionaries.ts';
import { MENUS, type MenuSeed, menuColumns } from '../../server/db/seed-data/menus.ts';
import { SAMPLE_ITEMS } from '../../server/db/seed-data/messages.ts';
import { SETTINGS } from '../../server/db/seed-data/settings.ts';

export const DEMO_PASSWORD = 'admin123456';
export const DEMO_ACCOUNTS = ['admin', 'editor', 'user1'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

export type Row = Record<string, unknown> & { id: number };

/** `YYYY-MM-DD HH:MM:SS`, local time (CONTRACT.md). */
export function formatDateTime(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(
    date.getMinutes(),
  )}:${p(date.getSeconds())}`;
}

/** The business catalog's pages have no views in this console yet: the demo leaves them out. */
const DEMO_MENU_ROOTS = MENUS.filter((m) => m.name !== '业务管理');

/**
 * Role grants by menu (catalog name or page path) → button values. The superuser role needs none.
 * editor: content pages; user1: departments read-only.
 */
export const ROLE_GRANTS: Record<number, Record<string, string[]>> = {
  2: {
    系统管理: [],
    '/dept': ['Search', 'Retrieve', 'Create', 'Update'],
    '/messageCenter': ['Search', 'Retrieve', 'Create', 'Update', 'Delete'],
    常规配置: [],
    '/dictionary': ['Search', 'Retrieve', 'Update'],
    '/areas': ['Search', 'Retrieve', 'Create', 'Update', 'Delete'],
    '/file': ['Search', 'Retrieve', 'Update', 'Delete'],
  },
  3: { 系统管理: [], '/dept': ['Search', 'Retrieve'] },
};

const METHOD_CODES = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;
export function methodCode(method: string): number {
  return METHOD_CODES[method.toUpperCase() as keyof typeof METHOD_CODES] ?? -1;
}

export type DemoData = {
  dept: Row[];
  role: Row[];
  user: Row[];
  menu: Row[];
  menu_button: Row[];
  /** role id → granted menu ids / button ids. */
  roleMenus: Map<number, Set<number>>;
  roleButtons: Map<number, Set<number>>;
  dictionary: Row[];
  area: Row[];
  file: Row[];
  api_white_list: Row[];
  system_config: Row[];
  login_log: Row[];
  operation_log: Row[];
  message_center: Row[];
  /** Per-user received messages (message centre) and unread popups (`/xy/message/`). */
  inbox: Row[];
  popups: Row[];
  items: Row[];
};

/** A fresh data set (the demo keeps it in memory: a reload starts again from here). */
export function createDemoData(now: Date = new Date()): DemoData {
  const stamp = formatDateTime(now);
  const trail = (creator = 1) => ({
    description: '',
    creator: creator,
    creator_name: '管理员',
    modifier: String(creator),
    modifier_name: '管理员',
    dept_belong_id: '1',
    create_datetime: stamp,
    update_datetime: stamp,
  });

  const dept: Row[] = [
    { id: 1, name: 'DVAdmin团队', key: 'dvadmin', sort: 1, parent: null },
    { id: 2, name: '运营部', key: 'operation', sort: 2, parent: 1 },
    { id: 3, name: '技术部', key: 'technology', sort: 1, parent: 1 },
    { id: 4, name: '内容组', key: 'content', sort: 3, parent: 2 },
  ].map((d) => ({ owner: '', phone: '', email: '', status: true, ...d, ...trail() }));

  const role: Row[] = [
    { id: 1, name: '管理员', key: 'admin', sort: 1, admin: true, data_range: 3 },
    { id: 2, name: '编辑', key: 'editor', sort: 2, admin: false, data_range: 1 },
    { id: 3, name: '用户', key: 'user', sort: 3, admin: false, data_range: 0 },
  ].map((r) => ({ status: true, dept: [], remark: '', ...r, ...trail() }));

  const user: Row[] = [
    {
      id: 1,
      username: 'admin',
      name: '管理员',
      dept: 1,
      role: [1],
      is_superuser: true,
      mobile: '13333333333',
    },
    {
      id: 2,
      username: 'editor',
      name: '内容编辑',
      dept: 4,
      role: [2],
      is_superuser: false,
      mobile: '13500000002',
    },
    {
      id: 3,
      username: 'user1',
      name: '普通用户',
      dept: 3,
      role: [3],
      is_superuser: false,
      mobile: '13500000003',
    },
  ].map((u) => ({
    email: `${u.username}@example.com`,
    gender: 1,
    avatar: '',
    user_type: 0,
    is_active: true,
    ...u,
    ...trail(),
  }));

  const menu: Row[] = [];
  const menu_button: Row[] = [];
  const roleMenus = new Map<number, Set<number>>([
    [1, new Set()],
    [2, new Set()],
    [3, new Set()],
  ]);
  const roleButtons = new Map<number, Set<number>>([
    [1, new Set()],
    [2, new Set()],
    [3, new Set()],
  ]);
  const addMenu = (seed: MenuSeed, parent: number | null) => {
    const id = menu.length + 1;
    menu.push({
      id,
      parent,
      ...menuColumns(seed),
      status: true,
      ...trail(),
    });
    roleMenus.get(1)?.add(id);
    const grants = [2, 3].map((roleId) => [roleId, ROLE_GRANTS[roleId]?.[seed.path || seed.name]] as const);
    for (const [roleId, grant] of grants) if (grant) roleMenus.get(roleId)?.add(id);
    for (const b of seed.buttons ?? []) {
      const buttonId = menu_button.length + 1;
      menu_button.push({
        id: buttonId,
        menu: id,
        name: b.name,
        value: b.value,
        api: b.api,
        method: b.method,
      });
      roleButtons.get(1)?.add(buttonId);
      for (const [roleId, grant] of grants)
        if (grant?.includes(b.value)) roleButtons.get(roleId)?.add(buttonId);
    }
    for (const child of seed.children ?? []) addMenu(child, id);
  };
  for (const seed of DEMO_MENU_ROOTS) addMenu(seed, null);

  const dictionary: Row[] = [];
  for (const [g, group] of DICTIONARIES.entries()) {
    const groupId = dictionary.length + 1;
    dictionary.push({
      id: groupId,
      label: group.label,
      value: group.value,
      parent: null,
      type: 0,
      color: null,
      sort: g + 1,
      status: true,
      is_value: false,
      remark: '',
      ...trail(),
    });
    for (const [i, child] of group.children.entries()) {
      dictionary.push({
        id: dictionary.length + 1,
        ...child,
        parent: groupId,
        sort: i + 1,
        status: true,
        is_value: true,
        remark: '',
        ...trail(),
      });
    }
  }

  const areaList = areaRows();
  const areaId = new Map(areaList.map((a, i) => [a.code, i + 1]));
  const area: Row[] = areaList.map((a, i) => ({
    id: i + 1,
    ...a,
    parent: a.pcode ? (areaId.get(a.pcode) ?? null) : null,
    enable: true,
    ...trail(),
  }));

  const system_config: Row[] = [];
  for (const [g, group] of SETTINGS.entries()) {
    const groupId = system_config.length + 1;
    system_config.push({
      id: groupId,
      parent: null,
      title: group.title,
      key: group.key,
      value: null,
      sort: g,
      form_item_type: 0,
      status: true,
      ...trail(),
    });
    for (const [i, s] of group.children.entries()) {
      system_config.push({
        id: system_config.length + 1,
        parent: groupId,
        title: s.title,
        key: s.key,
        // The demo signs in without a captcha.
        value: group.key === 'base' && s.key === 'captcha_state' ? false : s.value,
        sort: i,
        form_item_type: s.formItemType,
        placeholder: '',
        status: true,
        ...trail(),
      });
    }
  }
  const siteName = system_config.find((c) => c.key === 'site_name');
  if (siteName) siteName.value = '企业级后台管理系统 · 演示';

  const api_white_list: Row[] = [
    ['/api/system/user/user_info/', 0],
    ['/api/system/user/update_user_info/', 2],
    ['/api/system/user/{id}/change_password/', 2],
    ['/api/system/menu/web_router/', 0],
    ['/api/system/dept/all_dept/', 0],
    ['/api/system/dept_lazy_tree/', 0],
    ['/api/system/message_center/get_self_receive/', 0],
    ['/xy/message/get_message/', 0],
    ['/xy/message/{id}/read/', 2],
  ].map(([url, method], i) => ({ id: i + 1, url, method, enable_datasource: true, ...trail() }));

  const minutesAgo = (m: number) => formatDateTime(new Date(now.getTime() - m * 60_000));
  const login_log: Row[] = [
    ['admin', 1, ''],
    ['editor', 1, ''],
    ['user1', 0, '账号或密码不正确'],
    ['admin', 1, ''],
  ].map(([username, status, failure], i) => ({
    id: i + 1,
    username,
    ip: `192.168.1.${10 + i}`,
    browser: 'Chrome 140',
    os: 'Windows 10',
    status,
    failure_reason: failure,
    agent: 'Mozilla/5.0',
    ...trail(),
    create_datetime: minutesAgo(60 * (i + 1)),
  }));
  const operation_log: Row[] = [
    ['部门管理', '/api/system/dept/', 'POST', '新增成功', 2000],
    ['用户管理', '/api/system/user/3/', 'PUT', '更新成功', 2000],
    ['角色管理', '/api/system/role/2/', 'PUT', '更新成功', 2000],
    ['字典管理', '/api/system/dictionary/', 'POST', '字典值:该字段是必填项。', 4000],
  ].map(([modular, path, method, msg, code], i) => ({
    id: i + 1,
    request_modular: modular,
    request_path: path,
    request_method: method,
    request_msg: msg,
    request_ip: '192.168.1.10',
    request_browser: 'Chrome 140',
    request_os: 'Windows 10',
    response_code: String(code),
    status: code === 2000,
    request_body: '{}',
    json_result: JSON.stringify({ code, msg }),
    ...trail(),
    create_datetime: minutesAgo(30 * (i + 1)),
  }));

  const welcome = {
    title: '欢迎使用演示控制台',
    content: '<p>这是演示模式：所有数据都在浏览器内存中，刷新页面即恢复初始数据。</p>',
  };
  const message_center: Row[] = [
    { id: 1, ...welcome, target_type: 3, target_user: [], target_role: [], target_dept: [], ...trail() },
  ];
  const inbox: Row[] = user.map((u, i) => ({
    id: i + 1,
    center_id: 1,
    user_id: u.id,
    title: welcome.title,
    content: welcome.content,
    is_read: false,
    creator_name: '管理员',
    create_datetime: stamp,
  }));
  // One unread popup per user: the message poller shows it once; closing it marks it read.
  const popups: Row[] = user.map((u, i) => ({
    id: i + 1,
    user_id: u.id,
    title: '演示模式',
    message: '接口由浏览器内的 Mock Service Worker 应答，数据只在本页内存中。',
    type: 2,
    status: 0,
    create_datetime: stamp,
  }));

  const items: Row[] = SAMPLE_ITEMS.map((item, i) => ({
    id: i + 1,
    title: item.title,
    price: item.price,
    seller: item.seller,
    url: `https://example.com/item/${1000 + i}`,
    image: null,
    keywords: item.keywords,
    time: minutesAgo(item.minutesAgo),
  }));

  const file: Row[] = [];

  return {
    dept,
    role,
    user,
    menu,
    menu_button,
    roleMenus,
    roleButtons,
    dictionary,
    area,
    file,
    api_white_list,
    system_config,
    login_log,
    operation_log,
    message_center,
    inbox,
    popups,
    items,
  };
}
