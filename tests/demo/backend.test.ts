import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  captchaSchema,
  captchaStatusSchema,
  deptNodeSchema,
  deptSchema,
  dictionaryGroupSchema,
  dictionaryItemSchema,
  envelopeSchema,
  itemSchema,
  loginResponseSchema,
  md5Hex,
  menuRecordSchema,
  messageSchema,
  pageSchema,
  settingsSchema,
  tokenRefreshSchema,
  userInfoSchema,
} from '../../src/contract/index.ts';
import { overviewSchema } from '../../src/contract/support.ts';
import { createDemoBackend, type DemoBackend, type DemoResponse } from '../../src/demo/backend.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo/data.ts';
import { createHandlers } from '../../src/demo/handlers.ts';
import { inboxRowSchema } from '../../src/services/api/inbox.ts';
import { itemStatsSchema } from '../../src/services/api/items.ts';
import { listSchema } from '../../src/services/api/schemas.ts';

const ORIGIN = 'http://demo.test';

type Call = { method?: string; path: string; body?: unknown; token?: string | undefined; lang?: string };

function call(backend: DemoBackend, { method = 'GET', path, body, token, lang }: Call): DemoResponse {
  const headers = new Headers();
  if (token) headers.set('Authorization', `JWT ${token}`);
  if (lang) headers.set('Accept-Language', lang);
  const answer = backend.handle({ method, url: new URL(path, ORIGIN), body, headers });
  if (!answer) throw new Error(`${method} ${path} is not an API path`);
  return answer;
}

const envelope = (answer: DemoResponse) => envelopeSchema.parse(answer.body);

function signIn(backend: DemoBackend, username: string) {
  const answer = call(backend, {
    method: 'POST',
    path: '/api/login/',
    body: { username, password: md5Hex(DEMO_PASSWORD) },
  });
  return loginResponseSchema.parse(envelope(answer).data);
}

const row = z.object({ id: z.number() }).catchall(z.unknown());
const anyPage = pageSchema(row);
const ok = z.null();
const roleMenuSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    parent: z.number().nullable(),
    isCheck: z.boolean(),
    menuPermission: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
  }),
);

/**
 * Every route with a request and the client's schema for its `data` (a string body: a download). Keyed by
 * the backend's route names, so a new route without an entry here fails the coverage test.
 */
const CASES: Record<string, { call: Omit<Call, 'method'>; schema: z.ZodType | 'download' }> = {
  'GET /api/init/settings/': { call: { path: '/api/init/settings/' }, schema: settingsSchema },
  'GET /api/captcha/status/': { call: { path: '/api/captcha/status/' }, schema: captchaStatusSchema },
  'GET /api/captcha/': { call: { path: '/api/captcha/' }, schema: captchaSchema },
  'POST /api/login/': {
    call: { path: '/api/login/', body: { username: 'editor', password: md5Hex(DEMO_PASSWORD) } },
    schema: loginResponseSchema,
  },
  'POST /token/refresh/': { call: { path: '/token/refresh/' }, schema: tokenRefreshSchema },
  'GET /api/init/dictionary/': {
    call: { path: '/api/init/dictionary/?dictionary_key=all' },
    schema: listSchema(dictionaryGroupSchema),
  },
  'POST /api/logout/': { call: { path: '/api/logout/', body: { refresh: 'x' } }, schema: ok },
  'GET /api/system/user/user_info/': {
    call: { path: '/api/system/user/user_info/' },
    schema: userInfoSchema,
  },
  'PUT /api/system/user/update_user_info/': {
    call: { path: '/api/system/user/update_user_info/', body: { name: '管理员', gender: 1 } },
    schema: ok,
  },
  'PUT /api/system/user/:id/change_password/': {
    call: {
      path: '/api/system/user/1/change_password/',
      body: {
        oldPassword: md5Hex(DEMO_PASSWORD),
        newPassword: md5Hex(DEMO_PASSWORD),
        newPassword2: md5Hex(DEMO_PASSWORD),
      },
    },
    schema: ok,
  },
  'PUT /api/system/user/:id/reset_password/': {
    call: { path: '/api/system/user/3/reset_password/', body: { newPassword: 'a', newPassword2: 'a' } },
    schema: ok,
  },
  'PUT /api/system/user/:id/reset_to_default_password/': {
    call: { path: '/api/system/user/3/reset_to_default_password/' },
    schema: ok,
  },
  'GET /api/system/user/import/': { call: { path: '/api/system/user/import/' }, schema: 'download' },
  'POST /api/system/user/import/': { call: { path: '/api/system/user/import/' }, schema: ok },
  'GET /api/system/menu/web_router/': {
    call: { path: '/api/system/menu/web_router/' },
    schema: listSchema(menuRecordSchema),
  },
  'GET /api/system/dept/all_dept/': {
    call: { path: '/api/system/dept/all_dept/' },
    schema: z.array(deptNodeSchema),
  },
  'GET /api/system/dept_lazy_tree/': {
    call: { path: '/api/system/dept_lazy_tree/?parent=1' },
    schema: z.array(deptNodeSchema),
  },
  'GET /api/system/role/:id/roleId_get_menu/': {
    call: { path: '/api/system/role/2/roleId_get_menu/' },
    schema: roleMenuSchema,
  },
  'PUT /api/system/system_config/save_content/': {
    call: { path: '/api/system/system_config/save_content/', body: [{ id: 2, value: false }] },
    schema: ok,
  },
  'GET /api/system/message_center/get_self_receive/': {
    call: { path: '/api/system/message_center/get_self_receive/?page=1&limit=10' },
    schema: pageSchema(inboxRowSchema),
  },
  'GET /api/system/message_center/get_unread_msg/': {
    call: { path: '/api/system/message_center/get_unread_msg/' },
    schema: z.object({ count: z.number() }),
  },
  'GET /api/system/message_center/:id/': { call: { path: '/api/system/message_center/1/' }, schema: row },
  'POST /api/system/file/': { call: { path: '/api/system/file/' }, schema: row.extend({ url: z.string() }) },
  'GET /xy/message/get_message/': {
    call: { path: '/xy/message/get_message/?limit=1&page=1&status=0' },
    schema: listSchema(messageSchema),
  },
  'PUT /xy/message/:id/read/': {
    call: { path: '/xy/message/1/read/', body: { id: 1, status: 1 } },
    schema: ok,
  },
  'GET /xy/items/stats/': { call: { path: '/xy/items/stats/' }, schema: itemStatsSchema },
  'GET /xy/overview/': { call: { path: '/xy/overview/' }, schema: overviewSchema },
  'GET /xy/items/': { call: { path: '/xy/items/?page=1&limit=20' }, schema: pageSchema(itemSchema) },
  'POST /api/system/:res/export/': { call: { path: '/api/system/user/export/' }, schema: 'download' },
  'DELETE /api/system/:res/multiple_delete/': {
    call: { path: '/api/system/file/multiple_delete/', body: { keys: [] } },
    schema: z.array(z.unknown()),
  },
  'GET /api/system/:res/': {
    call: { path: '/api/system/dept/?limit=999&status=1' },
    schema: pageSchema(deptSchema),
  },
  'POST /api/system/:res/': {
    call: { path: '/api/system/dept/', body: { name: '新部门', parent: 1 } },
    schema: deptSchema,
  },
  'GET /api/system/:res/:id/': { call: { path: '/api/system/dept/1/' }, schema: deptSchema },
  'PUT /api/system/:res/:id/': {
    call: { path: '/api/system/dept/2/', body: { name: '运营中心', parent: 1 } },
    schema: deptSchema,
  },
  'DELETE /api/system/:res/:id/': { call: { path: '/api/system/dept/4/' }, schema: z.array(z.unknown()) },
};

describe('demo API (src/demo/backend.ts)', () => {
  it('every route answers its endpoint in the shape the client parses it with', () => {
    const backend = createDemoBackend();
    const { access, refresh } = signIn(backend, 'admin');
    expect(Object.keys(CASES).sort()).toEqual([...backend.routes].sort());
    for (const name of backend.routes) {
      const entry = CASES[name]!;
      const method = name.split(' ')[0]!;
      const body = name === 'POST /token/refresh/' ? { refresh } : entry.call.body;
      const answer = call(backend, { ...entry.call, method, body, token: access });
      expect(answer.status, name).toBe(200);
      if (entry.schema === 'download') {
        expect(typeof answer.body, name).toBe('string');
        expect(answer.headers?.['Content-Disposition'], name).toMatch(/^attachment;filename=.+\.xlsx$/);
        continue;
      }
      const env = envelope(answer);
      expect(env.code, `${name}: ${JSON.stringify(env.msg)}`).toBe(2000);
      const parsed = entry.schema.safeParse(env.data);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('every system page of the menus lists rows (files start empty) as a page of id rows', () => {
    const backend = createDemoBackend();
    const { access } = signIn(backend, 'admin');
    const resources = ['dept', 'menu', 'menu_button', 'role', 'user', 'dictionary', 'area', 'api_white_list'];
    for (const res of [...resources, 'system_config', 'login_log', 'operation_log', 'message_center']) {
      const env = envelope(call(backend, { path: `/api/system/${res}/?page=1&limit=10`, token: access }));
      const page = anyPage.parse(env.data);
      expect(page.data.length, res).toBeGreaterThan(0);
      expect(page.total, res).toBeGreaterThanOrEqual(page.data.length);
    }
    const files = anyPage.parse(envelope(call(backend, { path: '/api/system/file/', token: access })).data);
    expect(files.total).toBe(0);
  });

  it('a single dictionary answers its items; the settings turn the captcha off', () => {
    const backend = createDemoBackend();
    const items = envelope(call(backend, { path: '/api/init/dictionary/?dictionary_key=gender' })).data;
    expect(
      listSchema(dictionaryItemSchema)
        .parse(items)
        .map((i) => i.label),
    ).toEqual(['未知', '男', '女']);
    const settings = settingsSchema.parse(envelope(call(backend, { path: '/api/init/settings/' })).data);
    expect(settings['base.captcha_state']).toBe(false);
    expect(envelope(call(backend, { path: '/api/captcha/' })).data).toEqual({});
  });

  it('the three mock accounts sign in with the demo password; wrong credentials → 401 账号或密码不正确', () => {
    const backend = createDemoBackend();
    for (const username of DEMO_ACCOUNTS) expect(signIn(backend, username).access).toMatch(/\./);
    for (const body of [
      { username: 'admin', password: md5Hex('wrong') },
      { username: 'nobody', password: md5Hex(DEMO_PASSWORD) },
    ]) {
      const env = envelope(call(backend, { method: 'POST', path: '/api/login/', body }));
      expect(env).toMatchObject({ code: 401, msg: '账号或密码不正确', data: null });
    }
    const en = call(backend, {
      method: 'POST',
      path: '/api/login/',
      body: { username: 'admin', password: md5Hex('wrong') },
      lang: 'en-US,en;q=0.9',
    });
    expect(envelope(en).msg).toBe('Incorrect username or password');
  });

  it('a missing or expired token is 401 token_not_valid; a refresh token renews the access token', () => {
    let now = Date.parse('2026-11-21T08:00:00Z');
    const backend = createDemoBackend({ now: () => now });
    const { access, refresh } = signIn(backend, 'user1');
    expect(envelope(call(backend, { path: '/api/system/user/user_info/' }))).toMatchObject({
      code: 401,
      msg: { code: 'token_not_valid' },
    });
    now += 121 * 60_000;
    expect(envelope(call(backend, { path: '/api/system/user/user_info/', token: access })).code).toBe(401);
    const renewed = tokenRefreshSchema.parse(
      envelope(call(backend, { method: 'POST', path: '/token/refresh/', body: { refresh } })).data,
    );
    const info = call(backend, { path: '/api/system/user/user_info/', token: renewed.access });
    expect(userInfoSchema.parse(envelope(info).data).username).toBe('user1');
  });

  it('admin sees every menu, editor a content subset, user1 departments only', () => {
    const backend = createDemoBackend();
    const menus = (username: string) => {
      const { access } = signIn(backend, username);
      const env = envelope(call(backend, { path: '/api/system/menu/web_router/', token: access }));
      return listSchema(menuRecordSchema).parse(env.data);
    };
    const names = (list: { name: string }[]) => list.map((m) => m.name);
    const admin = menus('admin');
    const editor = menus('editor');
    const user1 = menus('user1');
    expect(names(admin)).toEqual(expect.arrayContaining(['用户管理', '角色管理', '消息中心', '部门管理']));
    expect(names(editor)).toEqual(expect.arrayContaining(['部门管理', '消息中心', '字典管理']));
    expect(names(editor)).not.toContain('用户管理');
    expect(names(user1).sort()).toEqual(['系统管理', '部门管理'].sort());
    expect(user1.find((m) => m.path === '/dept')?.menuPermission).toEqual(['Retrieve', 'Search']);
    expect(editor.length).toBeLessThan(admin.length);
    expect(user1.length).toBeLessThan(editor.length);
  });

  it('writes need a granted button: user1 may not create a department, admin may, and it is listed', () => {
    const backend = createDemoBackend();
    const user1 = signIn(backend, 'user1').access;
    const admin = signIn(backend, 'admin').access;
    const body = { name: '测试部', parent: 1 };
    const denied = call(backend, { method: 'POST', path: '/api/system/dept/', body, token: user1 });
    expect(envelope(denied)).toMatchObject({ code: 4000, msg: '您没有执行该操作的权限。' });
    const missing = call(backend, {
      method: 'POST',
      path: '/api/system/dept/',
      body: { parent: 1 },
      token: admin,
    });
    expect(envelope(missing)).toMatchObject({ code: 4000, msg: '部门名称:该字段是必填项。' });
    const created = call(backend, { method: 'POST', path: '/api/system/dept/', body, token: admin });
    expect(envelope(created)).toMatchObject({ code: 2000, msg: '新增成功' });
    const list = call(backend, { path: '/api/system/dept/?lazy=1&parent=1&limit=999', token: user1 });
    const rows = pageSchema(deptSchema).parse(envelope(list).data).data;
    expect(rows.map((r) => r.name)).toContain('测试部');
    const roots = call(backend, { path: '/api/system/dept/?lazy=1&limit=999', token: admin });
    expect(pageSchema(deptSchema).parse(envelope(roots).data).data).toMatchObject([
      { name: 'DVAdmin团队', has_children: 3 },
    ]);
  });

  it('answers the trees as the console asks for them: provinces by level=1, an area’s children by pcode', () => {
    const backend = createDemoBackend();
    const admin = signIn(backend, 'admin').access;
    const rows = (path: string) =>
      (envelope(call(backend, { path, token: admin })).data as { data: Record<string, unknown>[] }).data;
    const provinces = rows('/api/system/area/?level=1&page=1&limit=10');
    expect(provinces.length).toBeGreaterThan(1);
    expect(provinces.every((r) => r.level === 1)).toBe(true);
    const guangdong = provinces.find((r) => r.name === '广东省')!;
    expect(Number(guangdong.has_children)).toBeGreaterThan(0);
    expect(rows(`/api/system/area/?pcode=${guangdong.code}&limit=999`).map((r) => r.name)).toContain(
      '广州市',
    );
  });

  it('an unread popup is read once marked; a new listing shows in the items list', () => {
    const backend = createDemoBackend();
    const { access } = signIn(backend, 'editor');
    const unread = () =>
      listSchema(messageSchema).parse(
        envelope(call(backend, { path: '/xy/message/get_message/?limit=1&page=1&status=0', token: access }))
          .data,
      );
    const [first] = unread();
    expect(first?.title).toBe('演示模式');
    call(backend, { method: 'PUT', path: `/xy/message/${first?.id}/read/`, body: {}, token: access });
    expect(unread()).toEqual([]);
    const item = backend.addItem();
    const page = pageSchema(itemSchema).parse(
      envelope(call(backend, { path: '/xy/items/?page=1&limit=20', token: access })).data,
    );
    expect(page.data[0]?.id).toBe(item.id);
  });

  it('the msw handler answers API paths from the backend and lets the app files through', async () => {
    const handlers = createHandlers(createDemoBackend());
    const login = await getResponse(
      handlers,
      new Request(`${ORIGIN}/api/login/?timestamp=1&sign=x`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: md5Hex('nope') }),
      }),
    );
    expect(await login?.json()).toMatchObject({ code: 401, msg: '账号或密码不正确' });
    const settings = await getResponse(handlers, new Request(`${ORIGIN}/api/init/settings/`));
    expect(
      settingsSchema.parse(envelopeSchema.parse(await settings?.json()).data)['login.site_name'],
    ).toBeTruthy();
    expect(await getResponse(handlers, new Request(`${ORIGIN}/assets/index.js`))).toBeUndefined();
  });
});
