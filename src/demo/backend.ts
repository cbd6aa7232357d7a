/**
 * The demo's API: the endpoints the console calls (CONTRACT.md), answered from memory in the browser. Pure
 * (no msw, no DOM): `handle(request)` → `{status, body}` or undefined when the path is not the API's, so
 * the msw layer (handlers.ts) stays thin and the tests call it directly.
 *
 * Bodies use the dvadmin envelope and are typed with the contract's schemas' types; the unit tests parse
 * every route's answer with the client's schema for it. Tokens are JWT-shaped but unsigned (the console
 * only reads `exp`): they carry the user id, so a reload keeps the session while the data starts afresh.
 */
import type { z } from 'zod';
import {
  type Captcha,
  Code,
  type captchaStatusSchema,
  type DeptNode,
  type DictionaryGroup,
  type Item,
  type LoginResponse,
  type MenuRecord,
  type Message,
  md5Hex,
  Paths,
  type Settings,
  type TokenPair,
  type UserInfo,
} from '../contract/index.ts';
import {
  createDemoData,
  DEMO_PASSWORD,
  type DemoData,
  formatDateTime,
  methodCode,
  type Row,
} from './data.ts';

export type DemoRequest = {
  method: string;
  url: URL;
  /** Parsed JSON body, or the form data of a multipart upload. */
  body?: unknown;
  headers?: { get(name: string): string | null };
};
export type DemoResponse = {
  status: number;
  /** JSON body, or a string for downloads (with headers). */
  body: unknown;
  headers?: Record<string, string>;
};

type Ctx = {
  req: DemoRequest;
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  en: boolean;
  user: Row | undefined;
};
type Handler = (ctx: Ctx) => DemoResponse;

const ACCESS_MINUTES = 120;
const REFRESH_MINUTES = 24 * 60;
const CONTROL_PARAMS = new Set(['page', 'limit', 'search', 'ordering', 'lazy', 'timestamp', 'sign']);

/** The generic CRUD resources under `/api/system/<res>/`. */
const RESOURCES = [
  'dept',
  'menu',
  'menu_button',
  'role',
  'user',
  'dictionary',
  'area',
  'file',
  'api_white_list',
  'system_config',
  'login_log',
  'operation_log',
  'message_center',
] as const;
type Resource = (typeof RESOURCES)[number];
const READ_ONLY_RESOURCES = new Set<Resource>(['login_log', 'operation_log']);

/** Required fields per resource, with dvadmin's Chinese labels (`部门名称:该字段是必填项。`). */
const REQUIRED: Partial<Record<Resource, [string, string, string][]>> = {
  dept: [['name', '部门名称', 'Name']],
  role: [
    ['name', '角色名称', 'Name'],
    ['key', '权限字符', 'Key'],
  ],
  user: [
    ['username', '用户账号', 'Username'],
    ['name', '用户名称', 'Name'],
  ],
  menu: [['name', '菜单名称', 'Name']],
  menu_button: [
    ['name', '名称', 'Name'],
    ['value', '权限值', 'Value'],
  ],
  dictionary: [
    ['label', '字典名称', 'Label'],
    ['value', '字典编号', 'Value'],
  ],
  area: [
    ['name', '名称', 'Name'],
    ['code', '地区编码', 'Code'],
  ],
  api_white_list: [['url', '接口地址', 'URL']],
  message_center: [
    ['title', '标题', 'Title'],
    ['content', '内容', 'Content'],
  ],
};

// --- tokens -------------------------------------------------------------------------------------------

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64url(text: string): string {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/');
  return atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

type Claims = { token_type: 'access' | 'refresh'; exp: number; iat: number; jti: string; user_id: number };

export function issueToken(userId: number, type: 'access' | 'refresh', nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: Claims = {
    token_type: type,
    iat,
    exp: iat + (type === 'access' ? ACCESS_MINUTES : REFRESH_MINUTES) * 60,
    jti: Math.random().toString(16).slice(2),
    user_id: userId,
  };
  return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.demo`;
}

export function readToken(token: string | undefined, type: 'access' | 'refresh', nowMs: number) {
  if (!token) return undefined;
  try {
    const claims = JSON.parse(fromBase64url(token.split('.')[1] ?? '')) as Partial<Claims>;
    if (claims.token_type !== type || typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs)
      return undefined;
    return typeof claims.user_id === 'number' ? claims.user_id : undefined;
  } catch {
    return undefined;
  }
}

// --- helpers ------------------------------------------------------------------------------------------

const ok = (data: unknown, msg = 'success'): DemoResponse => ({
  status: 200,
  body: { code: Code.success, msg, data },
});
const fail = (code: number, msg: unknown, status = 200): DemoResponse => ({
  status,
  body: { code, msg, data: null },
});
const page = (rows: unknown[], pageNo = 1, limit = rows.length || 1, total = rows.length) =>
  ok({ page: pageNo, limit, total, data: rows });

function matches(value: unknown, param: string): boolean {
  if (Array.isArray(value)) return value.map(String).includes(param);
  if (typeof value === 'boolean') return value === (param === '1' || param === 'true');
  if (value === null || value === undefined) return param === '' || param === 'null';
  if (typeof value === 'number') return String(value) === param;
  return String(value).toLowerCase().includes(param.toLowerCase());
}

function sortRows(rows: Row[], ordering: string | null): Row[] {
  const keys = (ordering || 'sort').split(',').filter(Boolean);
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const desc = key.startsWith('-');
      const field = desc ? key.slice(1) : key;
      const x = a[field] ?? a.id;
      const y = b[field] ?? b.id;
      if (x === y) continue;
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return desc ? -cmp : cmp;
    }
    return a.id - b.id;
  });
}

/** A template `/api/system/:res/:id/` → a RegExp capturing the `:` segments. */
function pattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z]+/g, '([^/]+)')}$`);
}

// --- the backend ----------------------------------------------------------------------------------------

export type DemoBackend = {
  data: DemoData;
  /** Every route as `<METHOD> <path pattern>`, in matching order (the tests give each one a schema). */
  routes: string[];
  handle(request: DemoRequest): DemoResponse | undefined;
  /** A new listing, as the live feed would push it (also listed by `/xy/items/`). */
  addItem(): Item;
};

export type DemoBackendOptions = { now?: () => number };

export function createDemoBackend(options: DemoBackendOptions = {}): DemoBackend {
  const now = options.now ?? (() => Date.now());
  const data = createDemoData(new Date(now()));
  const captchas = new Map<number, { answer: number; expires: number }>();
  const stamp = () => formatDateTime(new Date(now()));
  const nextId = (rows: Row[]) => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
  const text = (ctx: Ctx, zh: string, en: string) => (ctx.en ? en : zh);

  const setting = (group: string, key: string) => {
    const parent = data.system_config.find((c) => c.parent === null && c.key === group);
    return data.system_config.find((c) => c.parent === parent?.id && c.key === key)?.value;
  };
  const captchaOn = () => setting('base', 'captcha_state') === true;

  const userRoles = (user: Row) => (Array.isArray(user.role) ? (user.role as number[]) : []);
  const isSuper = (user: Row | undefined) => user?.is_superuser === true;
  const deptName = (id: unknown) => data.dept.find((d) => d.id === id)?.name ?? null;
  const roleInfo = (user: Row) =>
    data.role
      .filter((r) => userRoles(user).includes(r.id))
      .map((r) => ({ id: r.id, name: String(r.name), key: String(r.key) }));

  const grantedMenus = (user: Row) => {
    const ids = new Set<number>();
    for (const role of userRoles(user)) for (const id of data.roleMenus.get(role) ?? []) ids.add(id);
    return ids;
  };
  const grantedButtons = (user: Row) => {
    const ids = new Set<number>();
    for (const role of userRoles(user)) for (const id of data.roleButtons.get(role) ?? []) ids.add(id);
    return ids;
  };

  /** Writes by a non-superuser need a granted button whose API pattern and method match, or the white list. */
  const allowed = (user: Row, method: string, path: string) => {
    if (isSuper(user) || method === 'GET') return true;
    const code = methodCode(method);
    const fits = (api: unknown, m: unknown) =>
      m === code && pattern(String(api).replace(/\{[a-z_]+\}/g, ':id')).test(path);
    if (data.api_white_list.some((w) => fits(w.url, w.method))) return true;
    const buttons = grantedButtons(user);
    return data.menu_button.some((b) => buttons.has(b.id) && fits(b.api, b.method));
  };

  const webRouter = (user: Row): MenuRecord[] => {
    const menus = isSuper(user) ? new Set(data.menu.map((m) => m.id)) : grantedMenus(user);
    const buttons = isSuper(user) ? undefined : grantedButtons(user);
    return sortRows(
      data.menu.filter((m) => m.status !== false && menus.has(m.id)),
      'sort',
    ).map((m) => {
      const values = data.menu_button
        .filter((b) => b.menu === m.id && (!buttons || buttons.has(b.id)))
        .map((b) => String(b.value));
      return {
        id: m.id,
        parent: (m.parent as number | null) ?? null,
        icon: String(m.icon ?? ''),
        sort: Number(m.sort ?? 0),
        path: String(m.web_path ?? ''),
        name: String(m.name),
        title: String(m.name),
        is_link: Boolean(m.is_link),
        is_catalog: Boolean(m.is_catalog),
        web_path: String(m.web_path ?? ''),
        component: String(m.component ?? ''),
        component_name: String(m.component_name ?? ''),
        cache: Boolean(m.cache),
        visible: m.visible !== false,
        frame_out: Boolean(m.frame_out),
        menuPermission: values.length || isSuper(user) ? [...new Set(values)] : null,
      };
    });
  };

  const userInfo = (user: Row): UserInfo => ({
    id: user.id,
    username: String(user.username),
    name: String(user.name),
    mobile: String(user.mobile ?? ''),
    email: String(user.email ?? ''),
    gender: Number(user.gender ?? 0),
    avatar: String(user.avatar ?? ''),
    dept: (user.dept as number | null) ?? null,
    is_superuser: isSuper(user),
    user_type: Number(user.user_type ?? 0),
    role: userRoles(user),
    dept_info: {
      dept_id: (user.dept as number | null) ?? null,
      dept_name: deptName(user.dept) as string | null,
    },
    role_info: roleInfo(user),
  });

  /** Computed columns of list rows. */
  const decorate = (res: Resource, row: Row): Row => {
    const out: Row = { ...row };
    if ('parent' in row && res !== 'system_config')
      out.has_children = collection(res).filter((r) => r.parent === row.id).length;
    if (res === 'dept') {
      out.parent_name = deptName(row.parent);
      out.status_label = row.status ? '启用' : '禁用';
    }
    if (res === 'user') {
      out.dept_name = deptName(row.dept);
      out.role_info = roleInfo(row);
      delete out.password;
    }
    return out;
  };
  const collection = (res: Resource): Row[] => data[res];

  const list = (res: Resource, ctx: Ctx): DemoResponse => {
    const q = ctx.query;
    let rows = collection(res);
    if (q.has('lazy') && !q.has('parent') && rows.some((r) => 'parent' in r))
      rows = rows.filter((r) => r.parent === null);
    for (const [key, value] of q) {
      if (CONTROL_PARAMS.has(key) || value === '') continue;
      if (key === 'create_datetime_after') rows = rows.filter((r) => String(r.create_datetime) >= value);
      else if (key === 'create_datetime_before')
        rows = rows.filter((r) => String(r.create_datetime) <= `${value} 23:59:59`);
      else if (rows[0] && key in rows[0]) rows = rows.filter((r) => matches(r[key], value));
    }
    const search = q.get('search');
    if (search)
      rows = rows.filter((r) =>
        Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(search.toLowerCase())),
      );
    rows = sortRows(rows, q.get('ordering'));
    const pageNo = Math.max(1, Number(q.get('page')) || 1);
    const limit = Math.min(999, Math.max(1, Number(q.get('limit')) || 10));
    const slice = rows.slice((pageNo - 1) * limit, pageNo * limit).map((r) => decorate(res, r));
    return page(slice, pageNo, limit, rows.length);
  };

  const validate = (res: Resource, ctx: Ctx, body: Record<string, unknown>): DemoResponse | undefined => {
    for (const [field, zh, en] of REQUIRED[res] ?? []) {
      const value = body[field];
      if (value === undefined || value === null || value === '')
        return fail(Code.validation, text(ctx, `${zh}:该字段是必填项。`, `${en}:This field is required.`));
    }
    return undefined;
  };

  const author = (ctx: Ctx) => ({
    modifier: String(ctx.user?.id ?? ''),
    modifier_name: String(ctx.user?.name ?? ''),
    update_datetime: stamp(),
  });

  const create = (res: Resource, ctx: Ctx): DemoResponse => {
    const invalid = validate(res, ctx, ctx.body);
    if (invalid) return invalid;
    const rows = collection(res);
    const { id: _id, password: _password, ...fields } = ctx.body;
    const row: Row = {
      description: '',
      ...fields,
      id: nextId(rows),
      creator: ctx.user?.id ?? null,
      creator_name: String(ctx.user?.name ?? ''),
      dept_belong_id: String(ctx.user?.dept ?? ''),
      create_datetime: stamp(),
      ...author(ctx),
    };
    if (res === 'message_center') deliver(row);
    rows.push(row);
    return ok(decorate(res, row), text(ctx, '新增成功', 'Created'));
  };

  const find = (res: Resource, id: string) => collection(res).find((r) => String(r.id) === id);
  const notFound = (ctx: Ctx) => fail(Code.validation, text(ctx, '未找到。', 'Not found.'));

  const update = (res: Resource, ctx: Ctx, id: string): DemoResponse => {
    const row = find(res, id);
    if (!row) return notFound(ctx);
    const invalid = validate(res, ctx, { ...row, ...ctx.body });
    if (invalid) return invalid;
    const { id: _id, password: _password, menu, permission, ...fields } = ctx.body;
    Object.assign(row, fields, author(ctx));
    if (res === 'role') {
      if (Array.isArray(menu)) data.roleMenus.set(row.id, new Set(menu.map(Number)));
      if (Array.isArray(permission)) data.roleButtons.set(row.id, new Set(permission.map(Number)));
    }
    return ok(decorate(res, row), text(ctx, '更新成功', 'Updated'));
  };

  const remove = (res: Resource, ctx: Ctx, ids: string[]): DemoResponse => {
    const rows = collection(res);
    for (const id of ids) {
      const index = rows.findIndex((r) => String(r.id) === id);
      if (index >= 0) rows.splice(index, 1);
    }
    return ok([], text(ctx, '删除成功', 'Deleted'));
  };

  /** A message-centre message reaches its targets' inboxes and unread popups. */
  const deliver = (message: Row) => {
    const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
    const type = Number(message.target_type ?? 3);
    const targets = data.user.filter((u) => {
      if (type === 0) return ids(message.target_user).includes(u.id);
      if (type === 1) return userRoles(u).some((r) => ids(message.target_role).includes(r));
      if (type === 2) return ids(message.target_dept).includes(Number(u.dept));
      return true;
    });
    for (const u of targets) {
      data.inbox.push({
        id: nextId(data.inbox),
        center_id: message.id,
        user_id: u.id,
        title: String(message.title),
        content: String(message.content ?? ''),
        is_read: false,
        creator_name: String(message.creator_name ?? ''),
        create_datetime: stamp(),
      });
      data.popups.push({
        id: nextId(data.popups),
        user_id: u.id,
        title: String(message.title),
        message: String(message.content ?? '').replace(/<[^>]*>/g, ''),
        type: 2,
        status: 0,
        create_datetime: stamp(),
      });
    }
  };

  const download = (name: string, rows: Row[]): DemoResponse => {
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const csv = [keys.join(','), ...rows.map((r) => keys.map((k) => JSON.stringify(r[k] ?? '')).join(','))];
    return {
      status: 200,
      body: csv.join('\n'),
      headers: {
        'Content-Type': 'application/vnd.ms-excel',
        'Content-Disposition': `attachment;filename=${encodeURIComponent(name)}.xlsx`,
      },
    };
  };

  const settings = (): Settings => {
    const out: Record<string, unknown> = {};
    for (const group of data.system_config.filter((c) => c.parent === null))
      for (const c of data.system_config.filter((x) => x.parent === group.id))
        out[`${String(group.key)}.${String(c.key)}`] = c.value;
    return out as Settings;
  };

  const newCaptcha = (): Captcha => {
    const a = 1 + Math.floor(Math.random() * 9);
    const b = 1 + Math.floor(Math.random() * 9);
    const key = Math.floor(now()) % 1_000_000_000;
    captchas.set(key, { answer: a * b, expires: now() + 5 * 60_000 });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#f0f2f5"/><text x="60" y="27" font-size="20" text-anchor="middle" font-family="monospace">${a}*${b}=</text></svg>`;
    return { key, image_base: `data:image/svg+xml;base64,${btoa(svg)}` };
  };

  const login: Handler = (ctx) => {
    const { username, password, captcha, captchaKey } = ctx.body;
    if (captchaOn()) {
      if (captcha === undefined || captcha === null || captcha === '')
        return fail(Code.validation, text(ctx, '验证码不能为空', 'Captcha is required'));
      const challenge = captchas.get(Number(captchaKey));
      captchas.delete(Number(captchaKey));
      if (!challenge || challenge.expires < now())
        return fail(Code.validation, text(ctx, '验证码过期', 'Captcha expired'));
      if (Number(captcha) !== challenge.answer)
        return fail(Code.validation, text(ctx, '图片验证码错误', 'Wrong captcha'));
    }
    const user = data.user.find((u) => u.username === username && u.is_active !== false);
    const expected = String(user?.password ?? md5Hex(DEMO_PASSWORD));
    if (!user || password !== expected) {
      data.login_log.push({
        ...data.login_log[0],
        id: nextId(data.login_log),
        username: String(username ?? ''),
        status: 0,
        failure_reason: '账号或密码不正确',
        create_datetime: stamp(),
      });
      return fail(Code.unauthorized, text(ctx, '账号或密码不正确', 'Incorrect username or password'));
    }
    data.login_log.push({
      ...data.login_log[0],
      id: nextId(data.login_log),
      username: String(username),
      status: 1,
      failure_reason: '',
      create_datetime: stamp(),
    });
    const response: LoginResponse = {
      access: issueToken(user.id, 'access', now()),
      refresh: issueToken(user.id, 'refresh', now()),
      name: String(user.name),
      userId: user.id,
      avatar: String(user.avatar ?? ''),
      user_type: Number(user.user_type ?? 0),
      dept_info: { dept_id: (user.dept as number) ?? null, dept_name: deptName(user.dept) as string | null },
      role_info: roleInfo(user),
    };
    return ok(response, text(ctx, '请求成功', 'Success'));
  };

  const me = (ctx: Ctx) => ctx.user as Row;

  // Order matters: specific paths before the generic `/api/system/:res/…` routes.
  const routes: { name: string; auth: boolean; handler: Handler }[] = [];
  const byName = new Map<string, Handler>();
  const route = (name: string, auth: boolean, handler: Handler) => {
    routes.push({ name, auth, handler });
    byName.set(name, handler);
  };

  route(`GET ${Paths.settings}`, false, () => ok(settings(), '获取成功'));
  route(`GET ${Paths.captchaStatus}`, false, () => {
    const body: z.input<typeof captchaStatusSchema> = { state: captchaOn() };
    return ok(body);
  });
  route(`GET ${Paths.captcha}`, false, () => ok(captchaOn() ? newCaptcha() : {}));
  route(`POST ${Paths.login}`, false, login);
  route(`POST ${Paths.tokenRefresh}`, false, (ctx) => {
    const userId = readToken(String(ctx.body.refresh ?? ''), 'refresh', now());
    const user = data.user.find((u) => u.id === userId);
    // stock dvadmin's answer to a bad refresh token (fixture token_refresh_invalid.json)
    if (!user) return fail(Code.badRequest, 'error');
    const pair: TokenPair = {
      access: issueToken(user.id, 'access', now()),
      refresh: String(ctx.body.refresh),
    };
    return ok(pair);
  });
  route(`GET ${Paths.dictionary}`, false, (ctx) => {
    const key = ctx.query.get('dictionary_key') ?? 'all';
    const groups = data.dictionary.filter((d) => d.parent === null && d.status !== false);
    const children = (group: Row) =>
      sortRows(
        data.dictionary.filter((d) => d.parent === group.id && d.status !== false),
        'sort',
      ).map((c) => ({
        label: String(c.label),
        value: String(c.value),
        type: Number(c.type ?? 0),
        color: (c.color as string | null) ?? null,
      }));
    if (key === 'all') {
      const all: DictionaryGroup[] = groups.map((g) => ({
        id: g.id,
        value: String(g.value),
        children: children(g),
      }));
      return page(all);
    }
    const group = groups.find((g) => g.value === key);
    return page(group ? children(group) : []);
  });
  route(`POST ${Paths.logout}`, true, (ctx) => ok(null, text(ctx, '注销成功', 'Signed out')));
  route(`GET ${Paths.userInfo}`, true, (ctx) => ok(userInfo(me(ctx)), '获取成功'));
  route(`PUT ${Paths.updateUserInfo}`, true, (ctx) => {
    const { name, gender, mobile, email, avatar } = ctx.body;
    Object.assign(me(ctx), { name, gender, mobile, email, avatar }, author(ctx));
    return ok(null, text(ctx, '修改成功', 'Saved'));
  });
  route('PUT /api/system/user/:id/change_password/', true, (ctx) => {
    const { oldPassword, newPassword, newPassword2 } = ctx.body;
    const user = me(ctx);
    if (newPassword !== newPassword2)
      return fail(Code.badRequest, text(ctx, '两次密码不匹配', 'The passwords do not match'));
    if (oldPassword !== String(user.password ?? md5Hex(DEMO_PASSWORD)))
      return fail(Code.badRequest, text(ctx, '旧密码不正确', 'The old password is wrong'));
    user.password = String(newPassword);
    return ok(null, text(ctx, '修改成功', 'Saved'));
  });
  route('PUT /api/system/user/:id/reset_password/', true, (ctx) => {
    const user = find('user', ctx.params[0] ?? '');
    if (!user) return notFound(ctx);
    if (ctx.body.newPassword !== ctx.body.newPassword2)
      return fail(Code.badRequest, text(ctx, '两次密码不匹配', 'The passwords do not match'));
    user.password = String(ctx.body.newPassword);
    return ok(null, text(ctx, '修改成功', 'Saved'));
  });
  route('PUT /api/system/user/:id/reset_to_default_password/', true, (ctx) => {
    const user = find('user', ctx.params[0] ?? '');
    if (!user) return notFound(ctx);
    user.password = md5Hex(String(setting('base', 'default_password') ?? DEMO_PASSWORD));
    return ok(null, text(ctx, '密码重置成功', 'Password reset'));
  });
  route('GET /api/system/user/import/', true, () => download('导入用户模板', []));
  route('POST /api/system/user/import/', true, (ctx) => ok(null, text(ctx, '导入成功', 'Imported')));
  route(`GET ${Paths.webRouter}`, true, (ctx) => page(webRouter(me(ctx))));
  route(`GET ${Paths.deptAll}`, true, () => {
    const nodes: DeptNode[] = sortRows(data.dept, 'sort').map((d) => ({
      id: d.id,
      name: String(d.name),
      parent: (d.parent as number | null) ?? null,
    }));
    return ok(nodes);
  });
  route(`GET ${Paths.deptLazyTree}`, true, (ctx) => {
    const parent = ctx.query.get('parent');
    const nodes: DeptNode[] = sortRows(data.dept, 'sort')
      .filter((d) => (parent ? String(d.parent) === parent : true))
      .map((d) => ({ id: d.id, name: String(d.name), parent: (d.parent as number | null) ?? null }));
    return ok(nodes);
  });
  route('GET /api/system/role/:id/roleId_get_menu/', true, (ctx) => {
    const roleId = Number(ctx.params[0]);
    const menus = data.roleMenus.get(roleId) ?? new Set<number>();
    const buttons = data.roleButtons.get(roleId) ?? new Set<number>();
    const admin = data.role.find((r) => r.id === roleId)?.admin === true;
    return ok(
      sortRows(data.menu, 'sort').map((m) => ({
        id: m.id,
        name: String(m.name),
        parent: (m.parent as number | null) ?? null,
        isCheck: admin || menus.has(m.id),
        menuPermission: data.menu_button
          .filter((b) => b.menu === m.id)
          .map((b) => ({
            id: b.id,
            name: String(b.name),
            value: String(b.value),
            isCheck: admin || buttons.has(b.id),
          })),
      })),
    );
  });
  route('PUT /api/system/system_config/save_content/', true, (ctx) => {
    const items = Array.isArray(ctx.req.body) ? (ctx.req.body as { id: number; value: unknown }[]) : [];
    for (const item of items) {
      const row = data.system_config.find((c) => c.id === item.id);
      if (row) row.value = item.value;
    }
    return ok(null, text(ctx, '保存成功', 'Saved'));
  });
  const inboxOf = (ctx: Ctx) =>
    data.inbox.filter((m) => m.user_id === me(ctx).id).map((m): Row => ({ ...m, id: m.center_id as number }));
  route('GET /api/system/message_center/get_self_receive/', true, (ctx) => {
    let rows = sortRows(inboxOf(ctx), '-create_datetime');
    const read = ctx.query.get('is_read');
    if (read !== null) rows = rows.filter((r) => matches(r.is_read, read));
    const pageNo = Math.max(1, Number(ctx.query.get('page')) || 1);
    const limit = Math.min(999, Math.max(1, Number(ctx.query.get('limit')) || 10));
    return page(rows.slice((pageNo - 1) * limit, pageNo * limit), pageNo, limit, rows.length);
  });
  route('GET /api/system/message_center/get_unread_msg/', true, (ctx) =>
    ok({ count: inboxOf(ctx).filter((m) => !m.is_read).length }),
  );
  route('GET /api/system/message_center/:id/', true, (ctx) => {
    const id = Number(ctx.params[0]);
    const row = data.message_center.find((m) => m.id === id);
    if (!row) return notFound(ctx);
    for (const m of data.inbox) if (m.user_id === me(ctx).id && m.center_id === id) m.is_read = true;
    return ok(decorate('message_center', row), '获取成功');
  });
  route(`POST ${Paths.file}`, true, (ctx) => {
    const file = ctx.req.body instanceof FormData ? ctx.req.body.get('file') : null;
    const name = file && typeof file === 'object' && 'name' in file ? String(file.name) : 'upload.bin';
    const row: Row = {
      id: nextId(data.file),
      name,
      // No media server in the demo: a placeholder picture stands in for the upload.
      url: PLACEHOLDER_IMAGE,
      md5sum: md5Hex(`${name}${now()}`),
      mime_type: file && typeof file === 'object' && 'type' in file ? String(file.type) : '',
      size: file && typeof file === 'object' && 'size' in file ? Number(file.size) : 0,
      file_url: PLACEHOLDER_IMAGE,
      description: '',
      creator_name: String(me(ctx).name),
      create_datetime: stamp(),
      update_datetime: stamp(),
    };
    data.file.push(row);
    return ok(row, text(ctx, '上传成功', 'Uploaded'));
  });
  route(`GET ${Paths.messageUnread}`, true, (ctx) => {
    const status = ctx.query.get('status');
    const rows: Message[] = data.popups
      .filter((m) => m.user_id === me(ctx).id && (status === null || String(m.status) === status))
      .map((m) => ({
        id: m.id,
        title: String(m.title),
        message: String(m.message),
        type: Number(m.type),
        status: Number(m.status),
        create_datetime: String(m.create_datetime),
      }));
    const limit = Math.max(1, Number(ctx.query.get('limit')) || 10);
    return page(rows.slice(0, limit), 1, limit, rows.length);
  });
  route('PUT /xy/message/:id/read/', true, (ctx) => {
    const row = data.popups.find((m) => String(m.id) === ctx.params[0] && m.user_id === me(ctx).id);
    if (row) row.status = 1;
    return ok(null, text(ctx, '更新成功', 'Updated'));
  });
  route('GET /xy/items/stats/', true, () => {
    const today = formatDateTime(new Date(now())).slice(0, 10);
    return ok({
      today: data.items.filter((i) => String(i.time).startsWith(today)).length,
      total: data.items.length,
    });
  });
  // The workbench overview: the demo has items (the fake feed adds some) and no phones, tasks or customers.
  route('GET /xy/overview/', true, () => {
    const hour = 60 * 60 * 1000;
    const start = Math.floor(now() / hour) * hour - 23 * hour;
    const today = formatDateTime(new Date(now())).slice(0, 10);
    const at = (i: Row) => new Date(String(i.time).replace(' ', 'T')).getTime();
    return ok({
      items: {
        today_stored: data.items.filter((i) => String(i.time).startsWith(today)).length,
        today_dropped: 0,
      },
      pushes: { today_success: 0, today_failed: 0, pending: 0, success_rate: null },
      phones: { online: 0, total: 0 },
      tasks: { enabled: 0 },
      customers: { expiring_7d: 0 },
      items_per_hour: Array.from({ length: 24 }, (_, n) => {
        const from = start + n * hour;
        const stored = data.items.filter((i) => at(i) >= from && at(i) < from + hour).length;
        return { hour: `${formatDateTime(new Date(from)).slice(0, 13)}:00`, stored, pushed: 0, failed: 0 };
      }),
    });
  });
  route('GET /xy/items/', true, (ctx) => {
    const rows = sortRows(data.items, '-id');
    const pageNo = Math.max(1, Number(ctx.query.get('page')) || 1);
    const limit = Math.min(999, Math.max(1, Number(ctx.query.get('limit')) || 10));
    return page(rows.slice((pageNo - 1) * limit, pageNo * limit), pageNo, limit, rows.length);
  });

  // The generic resources.
  const resource = (ctx: Ctx): Resource | undefined =>
    (RESOURCES as readonly string[]).includes(ctx.params[0] ?? '') ? (ctx.params[0] as Resource) : undefined;
  const generic = (run: (res: Resource, ctx: Ctx) => DemoResponse, write = false): Handler => {
    return (ctx) => {
      const res = resource(ctx);
      if (!res) return fail(Code.notFound, 'Not Found', 404);
      if (write && READ_ONLY_RESOURCES.has(res))
        return fail(Code.validation, text(ctx, '方法不被允许。', 'Method not allowed.'));
      return run(res, ctx);
    };
  };
  route(
    'POST /api/system/:res/export/',
    true,
    generic((res) => download(res, collection(res))),
  );
  route(
    'DELETE /api/system/:res/multiple_delete/',
    true,
    generic((res, ctx) => {
      const keys = Array.isArray(ctx.body.keys) ? ctx.body.keys.map(String) : [];
      return remove(res, ctx, keys);
    }, true),
  );
  route('GET /api/system/:res/', true, generic(list));
  route('POST /api/system/:res/', true, generic(create, true));
  route(
    'GET /api/system/:res/:id/',
    true,
    generic((res, ctx) => {
      const row = find(res, ctx.params[1] ?? '');
      return row ? ok(decorate(res, row), '获取成功') : notFound(ctx);
    }),
  );
  route(
    'PUT /api/system/:res/:id/',
    true,
    generic((res, ctx) => update(res, ctx, ctx.params[1] ?? ''), true),
  );
  route(
    'DELETE /api/system/:res/:id/',
    true,
    generic((res, ctx) => remove(res, ctx, [ctx.params[1] ?? '']), true),
  );

  const compiled = routes.map((r) => {
    const [method, path] = r.name.split(' ') as [string, string];
    return { ...r, method, regex: pattern(path) };
  });

  return {
    data,
    routes: routes.map((r) => r.name),
    addItem() {
      const sample = data.items[Math.floor(Math.random() * Math.min(6, data.items.length))];
      const item: Item = {
        id: nextId(data.items),
        title: String(sample?.title ?? '演示商品'),
        price: Math.round(Number(sample?.price ?? 100) * (0.8 + Math.random() * 0.4)),
        seller: String(sample?.seller ?? '演示卖家'),
        url: `https://example.com/item/${2000 + data.items.length}`,
        image: null,
        keywords: (sample?.keywords as string[] | undefined) ?? [],
        time: stamp(),
      };
      data.items.push({ ...item, id: Number(item.id) });
      return item;
    },
    handle(req) {
      const path = req.url.pathname;
      if (!/^\/(api|token|xy)\//.test(path)) return undefined;
      const method = req.method.toUpperCase();
      const language = req.headers?.get('accept-language') ?? '';
      const en = /^en\b/i.test(language.trim());
      const body =
        req.body &&
        typeof req.body === 'object' &&
        !Array.isArray(req.body) &&
        !(req.body instanceof FormData)
          ? (req.body as Record<string, unknown>)
          : {};
      for (const r of compiled) {
        if (r.method !== method) continue;
        const m = r.regex.exec(path);
        if (!m) continue;
        const ctx: Ctx = { req, params: m.slice(1), query: req.url.searchParams, body, en, user: undefined };
        if (r.auth) {
          const header = req.headers?.get('authorization') ?? '';
          const token = /^JWT\s+(\S+)$/i.exec(header)?.[1];
          const userId = readToken(token, 'access', now());
          ctx.user = data.user.find((u) => u.id === userId && u.is_active !== false);
          if (!ctx.user)
            return fail(Code.unauthorized, {
              detail: en ? 'Given token not valid for any token type' : '此令牌对任何类型的令牌无效',
              code: 'token_not_valid',
            });
          if (!allowed(ctx.user, method, path))
            return fail(
              Code.validation,
              text(ctx, '您没有执行该操作的权限。', 'You do not have permission.'),
            );
        }
        return r.handler(ctx);
      }
      return fail(Code.notFound, 'Not Found', 404);
    },
  };
}

/** A neutral grey picture (uploads have no media server in the demo). */
const PLACEHOLDER_IMAGE = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#dcdfe6"/></svg>',
)}`;
