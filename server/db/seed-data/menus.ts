// The menu tree of a fresh install: dvadmin's system menus (fixtures web_router.json / menu_list.json)
// plus a catalog for the business modules, whose pages arrive in later issues. Every button carries the API
// pattern and method it grants, which the server-side permission check (CONTRACT.md) matches against.

export type ButtonSeed = { name: string; value: string; api: string; method: 0 | 1 | 2 | 3 };
export type MenuSeed = {
  name: string;
  icon: string;
  sort: number;
  path?: string;
  component?: string;
  componentName?: string;
  catalog?: boolean;
  link?: boolean;
  /** A link opened in a new browser window; false (the column's default, as dvadmin's) embeds it in a tab. */
  frameOut?: boolean;
  visible?: boolean;
  cache?: boolean;
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
};

/** A seeded menu's own columns (the `menu` table's), defaults filled in: the server's seed and the demo's. */
export function menuColumns(menu: MenuSeed) {
  return {
    name: menu.name,
    icon: menu.icon,
    sort: menu.sort,
    is_link: menu.link ?? false,
    frame_out: menu.frameOut ?? false,
    is_catalog: menu.catalog ?? false,
    web_path: menu.path ?? '',
    component: menu.component ?? '',
    component_name: menu.componentName ?? '',
    visible: menu.visible ?? true,
    cache: menu.cache ?? false,
  };
}

const GET = 0;
const POST = 1;
const PUT = 2;
const DELETE = 3;

const button = {
  Search: (api: string): ButtonSeed => ({ name: '查询', value: 'Search', api, method: GET }),
  Retrieve: (api: string): ButtonSeed => ({
    name: '详情',
    value: 'Retrieve',
    api: `${api}{id}/`,
    method: GET,
  }),
  Create: (api: string): ButtonSeed => ({ name: '新增', value: 'Create', api, method: POST }),
  Update: (api: string): ButtonSeed => ({ name: '编辑', value: 'Update', api: `${api}{id}/`, method: PUT }),
  Delete: (api: string): ButtonSeed => ({
    name: '删除',
    value: 'Delete',
    api: `${api}{id}/`,
    method: DELETE,
  }),
  Export: (api: string): ButtonSeed => ({
    name: '导出',
    value: 'Export',
    api: `${api}export/`,
    method: POST,
  }),
  Import: (api: string): ButtonSeed => ({
    name: '导入',
    value: 'Import',
    api: `${api}import/`,
    method: POST,
  }),
};

type ButtonName = keyof typeof button;
const CRUD: ButtonName[] = ['Retrieve', 'Update', 'Search', 'Create', 'Delete'];

function buttons(api: string, names: ButtonName[] = CRUD): ButtonSeed[] {
  return names.map((n) => button[n](api));
}

function page(
  name: string,
  icon: string,
  sort: number,
  path: string,
  component: string,
  componentName: string,
  pageButtons: ButtonSeed[],
  extra: Partial<MenuSeed> = {},
): MenuSeed {
  return { name, icon, sort, path, component, componentName, buttons: pageButtons, ...extra };
}

const sys = (res: string) => `/api/system/${res}/`;
const xy = (res: string) => `/xy/${res}/`;

const systemMenu: MenuSeed = {
  name: '系统管理',
  icon: 'cog',
  sort: 1,
  catalog: true,
  children: [
    page('菜单管理', 'navicon', 1, '/menu', 'system/menu', 'menu', buttons(sys('menu'))),
    page(
      '菜单按钮',
      'dot-circle-o',
      2,
      '/menuButton',
      'system/menuButton/index',
      'menuButton',
      buttons(sys('menu_button'), ['Update', 'Search', 'Create', 'Delete']),
      { visible: false },
    ),
    page('部门管理', 'bank', 3, '/dept', 'system/dept/index', 'dept', [
      ...buttons(sys('dept')),
      { name: '批量删除', value: 'Delete', api: `${sys('dept')}multiple_delete/`, method: DELETE },
    ]),
    page('角色管理', 'address-book', 4, '/role', 'system/role/index', 'role', [
      ...buttons(sys('role')),
      { name: '保存', value: 'Save', api: `${sys('role')}{id}/`, method: PUT },
    ]),
    page('用户管理', 'users', 6, '/user', 'system/user/index', 'user', [
      { name: '重设密码', value: 'ResetPassword', api: `${sys('user')}{id}/reset_password/`, method: PUT },
      {
        name: '重置密码',
        value: 'DefaultPassword',
        api: `${sys('user')}{id}/reset_to_default_password/`,
        method: PUT,
      },
      ...buttons(sys('user'), ['Retrieve', 'Update', 'Search', 'Create', 'Export', 'Import', 'Delete']),
    ]),
    page(
      '消息中心',
      'bullhorn',
      7,
      '/messageCenter',
      'system/messageCenter/index',
      'messageCenter',
      buttons(sys('message_center')),
    ),
    {
      name: '常规配置',
      icon: 'cogs',
      sort: 9,
      catalog: true,
      children: [
        page(
          '系统配置',
          'desktop',
          0,
          '/config',
          'system/config/index',
          'config',
          buttons(sys('system_config')),
        ),
        page(
          '字典管理',
          'book',
          1,
          '/dictionary',
          'system/dictionary/index',
          'dictionary',
          buttons(sys('dictionary')),
        ),
        page('地区管理', 'map', 2, '/areas', 'system/areas/index', 'areas', buttons(sys('area'))),
        page(
          '附件管理',
          'file-text-o',
          3,
          '/file',
          'system/fileList/index',
          'file',
          buttons(sys('file'), ['Retrieve', 'Update', 'Search', 'Delete']),
        ),
        page(
          'API白名单',
          'compass',
          4,
          '/apiWhiteList',
          'system/whiteList/index',
          'whiteList',
          buttons(sys('api_white_list')),
        ),
      ],
    },
    {
      name: '日志管理',
      icon: 'book',
      sort: 10,
      catalog: true,
      children: [
        page(
          '登录日志',
          'file-text',
          1,
          '/loginLog',
          'system/log/loginLog/index',
          'loginLog',
          buttons(sys('login_log'), ['Retrieve', 'Search']),
        ),
        page(
          '操作日志',
          'file-code-o',
          2,
          '/operationLog',
          'system/log/operationLog/index',
          'operationLog',
          buttons(sys('operation_log'), ['Retrieve', 'Search']),
        ),
      ],
    },
  ],
};

const READ_ONLY: ButtonName[] = ['Retrieve', 'Search', 'Export'];

/** The marketplace accounts tab of /settings (/xy/settings/accounts/, issue 14). */
const ACCOUNT_BUTTONS: ButtonSeed[] = [
  { name: '账号查询', value: 'AccountSearch', api: '/xy/settings/accounts/', method: GET },
  { name: '账号详情', value: 'AccountRetrieve', api: '/xy/settings/accounts/{id}/', method: GET },
  { name: '账号新增', value: 'AccountCreate', api: '/xy/settings/accounts/', method: POST },
  { name: '账号编辑', value: 'AccountUpdate', api: '/xy/settings/accounts/{id}/', method: PUT },
  { name: '账号删除', value: 'AccountDelete', api: '/xy/settings/accounts/{id}/', method: DELETE },
];

const businessMenu: MenuSeed = {
  name: '业务管理',
  icon: 'briefcase',
  sort: 0,
  catalog: true,
  children: [
    page(
      '商品',
      'shopping-cart',
      1,
      '/items',
      'xy/items/index',
      'items',
      buttons(xy('items'), [...CRUD, 'Export']),
    ),
    page(
      '商品过滤',
      'filter',
      2,
      '/itemFilters',
      'xy/itemFilters/index',
      'itemFilters',
      buttons(xy('item_filters')),
    ),
    page('卖家', 'user-circle', 3, '/sellers', 'xy/sellers/index', 'sellers', buttons(xy('sellers'))),
    page('用户', 'user', 4, '/users', 'xy/users/index', 'users', [
      ...buttons(xy('users')),
      { name: '轮换密钥', value: 'Rotate', api: `${xy('users')}{id}/rotate/`, method: POST },
    ]),
    page('手机', 'mobile', 5, '/phones', 'xy/phones/index', 'phones', buttons(xy('phones'))),
    page('任务', 'tasks', 6, '/tasks', 'xy/tasks/index', 'tasks', buttons(xy('tasks'))),
    page('消息', 'envelope', 7, '/messages', 'xy/messages/index', 'messages', buttons(xy('message'))),
    page(
      '反馈',
      'comments',
      8,
      '/feedback',
      'xy/feedback/index',
      'feedback',
      buttons(xy('feedback'), ['Retrieve', 'Update', 'Search', 'Delete']),
    ),
    page('日志', 'list-alt', 9, '/logs', 'xy/logs/index', 'logs', buttons(xy('logs'), READ_ONLY)),
    page('推送数据', 'paper-plane', 10, '/pushData', 'xy/pushData/index', 'pushData', [
      ...buttons(xy('push_data'), [...READ_ONLY, 'Delete']),
      { name: '立即重试', value: 'Retry', api: `${xy('push_data')}{id}/retry/`, method: POST },
    ]),
    page(
      '设备数据',
      'hdd-o',
      11,
      '/deviceData',
      'xy/deviceData/index',
      'deviceData',
      buttons(xy('device_data'), [...READ_ONLY, 'Delete']),
    ),
    page(
      '知识库',
      'graduation-cap',
      12,
      '/knowledge',
      'xy/knowledge/index',
      'knowledge',
      buttons(xy('knowledge'), [...CRUD, 'Import', 'Export']),
    ),
    page('设置', 'sliders', 13, '/settings', 'xy/settings/index', 'settings', [
      ...buttons(xy('settings'), ['Search', 'Retrieve', 'Update']),
      { name: '测试推送', value: 'WebhookTest', api: `${xy('settings')}webhook/test/`, method: POST },
      ...ACCOUNT_BUTTONS,
    ]),
  ],
};

const externalLink: MenuSeed = {
  name: 'DVAdmin官网',
  icon: 'external-link',
  sort: 20,
  path: 'https://django-vue-admin.com',
  link: true,
  // A site of its own (it may refuse to be framed): a new window, as before dvadmin 2.1.
  frameOut: true,
};

export const MENUS: MenuSeed[] = [businessMenu, systemMenu, externalLink];

/**
 * What role `public` (user `test`) may see: catalogs by name, pages by path with their granted buttons.
 * Enough for a useful walk-through: departments read-only, a few business pages.
 */
export const PUBLIC_ROLE_GRANTS: Record<string, string[]> = {
  系统管理: [],
  业务管理: [],
  '/dept': ['Search', 'Retrieve'],
  '/items': ['Search', 'Retrieve'],
  '/messages': ['Search', 'Retrieve', 'Update'],
  '/knowledge': ['Search', 'Retrieve'],
};
