import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deptNodeSchema,
  deptSchema,
  flattenMessage,
  md5Hex,
  messageCode,
  Paths,
  settingsSchema,
} from '../../src/contract/index.ts';
import { buildTree, fetchPage, uploadFile } from '../../src/services/api/index.ts';
import { ApiError, isMissingEndpoint } from '../../src/services/http/index.ts';
import {
  bodyOf,
  FIXTURE_DIR,
  fixture,
  fixtureNames,
  type Harness,
  headerOf,
  queryOf,
  replyFixture,
  setup,
} from './harness.ts';

/**
 * Every recorded dvadmin 2.1.5 response (../shared/fixtures/dvadmin) through the real client and API with a
 * fake adapter. Part 1 runs every file — including ones added later — through the generic client and checks
 * the CONTRACT.md code table; part 2 runs the known files through the API call that meets them in real life.
 */

type Outcome =
  | { resolves: true }
  | { rejects: { code: number; message: string; authExpired?: string; toast: boolean } }
  | { info: string };

/** CONTRACT.md "Envelope", restated independently of the client. */
function expectedOutcome(body: { code: number; msg?: unknown }, url: string): Outcome {
  const msg = flattenMessage(body.msg as never);
  switch (body.code) {
    case 2000:
      return { resolves: true };
    case 401: {
      const code = messageCode(body.msg as never);
      if (code === 'token_not_valid')
        return {
          rejects: {
            code: 401,
            message: '登录超时，请重新登录！',
            authExpired: 'token_not_valid',
            toast: false,
          },
        };
      if (code === 'user_not_found')
        return {
          rejects: {
            code: 401,
            message: '用户无效，请重新登录！',
            authExpired: 'user_not_found',
            toast: false,
          },
        };
      // An expiry is toasted once, by the session as it ends; the client logs it.
      return { rejects: { code: 401, message: msg, authExpired: 'unauthorized', toast: false } };
    }
    case 404:
      return { info: msg };
    case 400:
    case 4000:
      return { rejects: { code: body.code, message: msg, toast: true } };
    default:
      return { rejects: { code: body.code, message: `${msg}: ${url}`, toast: true } };
  }
}

describe('every fixture through the client follows the code table', () => {
  const names = fixtureNames();
  it('the fixture directory is not empty', () => {
    expect(names.length).toBeGreaterThan(30);
  });

  it.each(names)('%s', async (name) => {
    const body = fixture(name);
    const url = `/api/fixture/${name}/`;
    const h = setup((c) => replyFixture(c, name));
    const expected = expectedOutcome(body, url);
    const outcome = h.http.get(url);
    if ('resolves' in expected) {
      await expect(outcome).resolves.toEqual({ code: body.code, msg: body.msg, data: body.data });
      expect(h.notices).toEqual([]);
    } else if ('info' in expected) {
      await expect(outcome).resolves.toMatchObject({ code: 404, data: undefined });
      expect(h.notices).toEqual([{ kind: 'info', message: expected.info, durationMs: 5000 }]);
    } else {
      const error = await outcome.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        kind: 'body',
        code: expected.rejects.code,
        message: expected.rejects.message,
      });
      expect((error as ApiError).authExpired).toBe(expected.rejects.authExpired);
      expect(h.notices).toEqual(
        expected.rejects.toast
          ? [{ kind: 'error', message: expected.rejects.message, durationMs: 5000 }]
          : [],
      );
      expect(h.logs).toEqual([
        expect.objectContaining({ message: expected.rejects.message, type: 'danger' }),
      ]);
      expect(h.expired.map((e) => e.reason)).toEqual(
        expected.rejects.authExpired ? [expected.rejects.authExpired] : [],
      );
    }
  });
});

const anyRow = z.object({ id: z.number() }).catchall(z.unknown());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Asserts a 4000/400 validation-type failure: toast with the server text, no session change. */
async function expectServerMessage(h: Harness, promise: Promise<unknown>, code: number, message: string) {
  const error = await failure(promise);
  expect(error).toMatchObject({ kind: 'body', code, message });
  expect(error.authExpired).toBeUndefined();
  expect(h.notices).toEqual([{ kind: 'error', message, durationMs: 5000 }]);
  expect(h.expired).toEqual([]);
}

/** A failed login rejects with the server's words for the login page to show inline: no toast on top. */
async function expectLoginRefused(h: Harness, promise: Promise<unknown>, code: number, message: string) {
  const error = await failure(promise);
  expect(error).toMatchObject({ kind: 'body', code, message });
  expect(h.notices).toEqual([]);
  expect(h.expired).toEqual([]);
}

/** What each known fixture means when the API meets it. */
const byApi: Record<string, (h: Harness) => Promise<void>> = {
  async captcha(h) {
    const captcha = await h.api.getCaptcha();
    expect(captcha?.key).toBe(1);
    expect(captcha?.image).toMatch(/^data:image\/png;base64,/);
    expect(h.calls[0]!.url).toBe(Paths.captcha);
  },
  async captcha_when_off(h) {
    await expect(h.api.getCaptcha()).resolves.toBeNull();
  },
  async dept_all_dept(h) {
    const rows = await h.http.data({ url: Paths.deptAll }, z.array(deptNodeSchema));
    expect(rows.map((r) => r.name)).toEqual(['DVAdmin团队', '技术部', '运营部']);
    const tree = buildTree(rows);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((c) => c.id)).toEqual([3, 2]);
  },
  async dept_create(h) {
    const body = { name: 'conformance-dept', key: 'conf_dept', sort: 9, parent: 1, status: true };
    const dept = await h.http.data({ method: 'POST', url: Paths.dept, data: body }, deptSchema);
    expect(dept).toMatchObject({ id: 4, name: 'conformance-dept', parent: 1, status: true });
    expect(bodyOf(h.calls[0]!)).toEqual(body);
  },
  dept_create_bad_email: (h) =>
    expectServerMessage(h, h.http.post(Paths.dept, { email: 'x' }), 4000, '邮箱:请输入合法的邮件地址。'),
  dept_create_duplicate_key: (h) =>
    expectServerMessage(
      h,
      h.http.post(Paths.dept, { key: 'dvadmin' }),
      4000,
      '关联字符:具有 关联字符 的 部门表 已存在。',
    ),
  dept_create_missing_name: (h) =>
    expectServerMessage(h, h.http.post(Paths.dept, {}), 4000, '部门名称:该字段是必填项。'),
  dept_create_test_user_forbidden: (h) =>
    expectServerMessage(
      h,
      h.http.post(Paths.dept, {}),
      4000,
      '您没有执行该操作的权限。 (POST: /api/system/dept/)',
    ),
  async dept_delete(h) {
    await expect(h.http.delete(`${Paths.dept}4/`)).resolves.toMatchObject({
      code: 2000,
      msg: '删除成功',
      data: [],
    });
  },
  async dept_expired_token(h) {
    // The refresh is impossible (no refresh token): expiry with 登录超时.
    const error = await failure(h.api.getDepartments());
    expect(error).toMatchObject({
      code: 401,
      authExpired: 'token_not_valid',
      message: '登录超时，请重新登录！',
    });
    expect(h.state.refreshes).toBe(1);
    expect(h.expired).toEqual([{ reason: 'token_not_valid', message: '登录超时，请重新登录！' }]);
    expect(h.notices).toEqual([]); // the session toasts it as it ends
  },
  async dept_invalid_token(h) {
    const error = await failure(h.api.getUserInfo());
    expect(error.authExpired).toBe('token_not_valid');
    expect(h.calls).toHaveLength(1);
  },
  async dept_lazy_tree(h) {
    const rows = await h.http.data(
      { url: Paths.deptLazyTree, params: { parent: '' } },
      z.array(deptNodeSchema),
    );
    expect(rows).toHaveLength(3);
  },
  async dept_list(h) {
    const depts = await h.api.getDepartments();
    expect(depts.list).toHaveLength(1);
    expect(depts.names).toEqual({ 1: 'DVAdmin团队' });
    expect(depts.tree).toEqual([expect.objectContaining({ id: 1, children: [] })]);
    const query = queryOf(h.calls[0]!);
    expect(query.get('limit')).toBe('999');
    expect(query.get('status')).toBe('1');
  },
  async dept_list_children(h) {
    const depts = await h.api.getDepartments();
    expect(depts.names).toEqual({ 3: '技术部', 2: '运营部' });
    expect(depts.tree.map((d) => d.id)).toEqual([3, 2]); // parent 1 not in the list: both are roots
  },
  dept_no_token: (h) => expectServerMessage(h, h.api.getDepartments(), 4000, '身份认证信息未提供。'),
  async dept_retrieve(h) {
    const dept = await h.http.data({ url: `${Paths.dept}1/` }, deptSchema);
    expect(dept).toMatchObject({ id: 1, name: 'DVAdmin团队', parent: null, has_children: 2 });
  },
  async dept_retrieve_404(h) {
    await expectServerMessage(h, h.http.get(`${Paths.dept}999/`), 400, '接口地址不正确');
    // The same answer to the captcha-status probe means "stock dvadmin: use the setting", quietly.
    const quiet = setup((c) => replyFixture(c, 'dept_retrieve_404'));
    await expect(quiet.api.getCaptchaEnabled({ 'base.captcha_state': false })).resolves.toBe(false);
    expect(quiet.notices).toEqual([]);
    expect(quiet.logs).toEqual([]);
  },
  async dept_update(h) {
    const dept = await h.http.data(
      { method: 'PUT', url: `${Paths.dept}4/`, data: { name: 'x' } },
      deptSchema,
    );
    expect(dept).toMatchObject({ id: 4, name: 'conformance-dept-renamed', status: false });
  },
  async file_list(h) {
    const page = await fetchPage(h.http, Paths.file, anyRow, { page: 1, limit: 10 });
    expect(page).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(page.data[0]).toMatchObject({
      id: 1,
      url: 'media/files/6/b/6b5e02d07f79f5b445c9a4062c208558.txt',
    });
  },
  async file_upload(h) {
    const file = await uploadFile(h.http, new Blob(['dvadmin upload test']), {
      fileName: 'dvadmin-upload.txt',
    });
    expect(file).toMatchObject({ id: 1, url: 'media/files/6/b/6b5e02d07f79f5b445c9a4062c208558.txt' });
    expect(h.calls[0]!.data).toBeInstanceOf(FormData);
  },
  async init_dictionary_all(h) {
    const dicts = await h.api.getDictionaries();
    expect(dicts.button_status_bool?.map((d) => d.value)).toEqual([true, false]);
    expect(dicts.button_status_number?.map((d) => d.value)).toEqual([1, 0]);
    expect(dicts.gender).toEqual([
      { label: '未知', value: 0, type: 1 },
      { label: '男', value: 1, type: 1 },
      { label: '女', value: 2, type: 1 },
    ]);
    expect(dicts.system_button?.[0]).toEqual({ label: '新增', value: 'Create', color: 'success', type: 0 });
    expect(Object.keys(dicts)).toHaveLength(8);
    expect(h.calls[0]!.params).toEqual({ dictionary_key: 'all' });
  },
  async init_dictionary_one(h) {
    const items = await h.api.getDictionary('button_status_bool');
    expect(items).toEqual([
      { label: '启用', value: true, type: 6 },
      { label: '禁用', value: false, type: 6 },
    ]);
  },
  async init_settings(h) {
    const settings = await h.api.getSettings();
    expect(settingsSchema.parse(settings)['base.captcha_state']).toBe(true);
    expect(settings['login.site_name']).toBe('企业级后台管理系统');
    expect(settings['base.single_login']).toBe(false);
  },
  async init_settings_captcha_off(h) {
    const settings = await h.api.getSettings();
    expect(settings['base.captcha_state']).toBe(false);
  },
  async login(h) {
    const user = await h.api.login({
      username: 'superadmin',
      password: 'admin123456',
      captcha: '21',
      captchaKey: 1,
    });
    expect(user).toMatchObject({ userId: 1, name: '超级管理员', dept_info: { dept_id: 1 } });
    expect(user.access.split('.')).toHaveLength(3);
    expect(bodyOf(h.calls[0]!)).toMatchObject({ username: 'superadmin', password: md5Hex('admin123456') });
    expect(headerOf(h.calls[0]!, 'Authorization')).toBeUndefined();
  },
  async login_bad_password(h) {
    await expectLoginRefused(h, h.api.login({ username: 'a', password: 'b' }), 401, '账号/密码错误');
    expect(h.state.refreshes).toBe(0);
  },
  login_captcha_off_missing_fields: (h) =>
    expectLoginRefused(h, h.api.login({ username: 'a', password: '' }), 4000, 'password:该字段是必填项。'),
  login_no_captcha: (h) =>
    expectLoginRefused(h, h.api.login({ username: 'a', password: 'b' }), 4000, '验证码不能为空'),
  login_wrong_captcha: (h) =>
    expectLoginRefused(
      h,
      h.api.login({ username: 'a', password: 'b', captcha: '1', captchaKey: 1 }),
      4000,
      '图片验证码错误',
    ),
  async logout(h) {
    await expect(h.api.logout('r-1')).resolves.toBeUndefined();
    expect(bodyOf(h.calls[0]!)).toEqual({ refresh: 'r-1' });
    expect(headerOf(h.calls[0]!, 'Authorization')).toBe('JWT access-1');
  },
  async menu_list(h) {
    const page = await fetchPage(h.http, '/api/system/menu/', anyRow);
    expect(page.data).toHaveLength(18);
  },
  async message_self_receive(h) {
    const page = await fetchPage(h.http, '/api/system/message_center/get_self_receive/', anyRow);
    expect(page).toMatchObject({ total: 1, data: [expect.objectContaining({ title: 'conformance msg' })] });
  },
  method_not_allowed: (h) =>
    expectServerMessage(h, h.http.delete(Paths.dept), 4000, '方法 “DELETE” 不被允许。'),
  async role_list(h) {
    const page = await fetchPage(h.http, '/api/system/role/', anyRow);
    expect(page.total).toBe(2);
  },
  async token_refresh(h) {
    const pair = await h.api.refreshToken('r-1');
    expect(pair.access.split('.')).toHaveLength(3);
    expect(pair.refresh).toBeTypeOf('string');
  },
  async token_refresh_invalid(h) {
    const error = await failure(h.api.refreshToken('bad'));
    expect(error).toMatchObject({ kind: 'body', code: 400, message: 'error' });
    expect(h.notices).toEqual([]); // quiet: the call that needed the token reports the expiry
    expect(h.expired).toEqual([]);
    expect(h.state.refreshes).toBe(0);
  },
  async user_info(h) {
    const user = await h.api.getUserInfo();
    expect(user).toMatchObject({ id: 1, username: 'superadmin', is_superuser: true, role: [1] });
  },
  async user_list(h) {
    const page = await fetchPage(h.http, '/api/system/user/', anyRow);
    expect(page.total).toBe(2);
  },
  async web_router(h) {
    const menus = await h.api.getWebRouter();
    expect(menus).toHaveLength(17);
    expect(menus[0]).toMatchObject({
      path: '/config',
      component_name: 'config',
      menuPermission: expect.any(Array),
    });
  },
  async web_router_test_user(h) {
    await expect(h.api.getWebRouter()).resolves.toEqual([]);
  },
};

describe('every known fixture through the API call that meets it', () => {
  it('each API expectation names a fixture that exists', () => {
    for (const name of Object.keys(byApi))
      expect(existsSync(join(FIXTURE_DIR, `${name}.json`)), name).toBe(true);
  });

  const known = fixtureNames().filter((n) => n in byApi);
  it.each(known)('%s', async (name) => {
    const h = setup((c) => replyFixture(c, name));
    await byApi[name]!(h);
  });
});

describe('captcha status', () => {
  it('the status endpoint wins when it exists', async () => {
    const h = setup((c) => ({
      ...replyFixture(c, 'captcha'),
      data: JSON.stringify({ code: 2000, data: { state: false } }),
    }));
    await expect(h.api.getCaptchaEnabled({ 'base.captcha_state': true })).resolves.toBe(false);
  });

  it('a stock dvadmin without the endpoint (HTTP 404) falls back to the setting, quietly', async () => {
    const h = setup((c) => ({ data: 'Not Found', status: 404, statusText: '', headers: {}, config: c }));
    await expect(h.api.getCaptchaEnabled({ 'base.captcha_state': true })).resolves.toBe(true);
    await expect(h.api.getCaptchaEnabled(undefined)).resolves.toBe(true);
    expect(h.notices).toEqual([]);
  });

  it('other failures of the status call still reject', async () => {
    const h = setup((c) => ({ data: '', status: 500, statusText: '', headers: {}, config: c }));
    const error = await failure(h.api.getCaptchaEnabled({ 'base.captcha_state': true }));
    expect(isMissingEndpoint(error)).toBe(false);
  });
});
