import { expect, it } from 'vitest';
import { signJwt } from '../../server/http/jwt.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { describeEachDatabase } from './helpers.ts';

const TOKEN_NOT_VALID = {
  code: 401,
  data: null,
  msg: {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  },
};

describeEachDatabase('envelope, authentication and error mapping', (server) => {
  it('a protected endpoint without a token answers 4000 身份认证信息未提供。 (HTTP 200)', async () => {
    const reply = await server.get(Paths.dept);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ code: 4000, data: null, msg: '身份认证信息未提供。' });
  });

  it('another authorization scheme counts as no credentials', async () => {
    const { json } = await server.get(Paths.dept, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(json.msg).toBe('身份认证信息未提供。');
  });

  it('a garbage, foreign-signed or expired token answers 401 token_not_valid as simplejwt does', async () => {
    expect((await server.get(Paths.dept, { token: 'garbage' })).json).toEqual(TOKEN_NOT_VALID);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      token_type: 'access' as const,
      iat: now - 100,
      exp: now + 100,
      jti: 'a'.repeat(32),
      user_id: 1,
    };
    const foreign = signJwt(claims, 'someone-else-entirely-0123456789abcdef');
    expect((await server.get(Paths.dept, { token: foreign })).json).toEqual(TOKEN_NOT_VALID);
    const expired = signJwt({ ...claims, exp: now - 1 }, server.config.jwtSecret);
    expect((await server.get(Paths.dept, { token: expired })).json).toEqual(TOKEN_NOT_VALID);
  });

  it('a refresh token is not accepted as an access token', async () => {
    const { refresh } = await server.login('admin');
    expect((await server.get(Paths.dept, { token: refresh })).json).toEqual(TOKEN_NOT_VALID);
  });

  it('an unsigned "alg: none" token is refused', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ token_type: 'access', exp: now + 60, iat: now, jti: 'x', user_id: 1 })}.`;
    expect((await server.get(Paths.dept, { token })).json).toEqual(TOKEN_NOT_VALID);
  });

  it('Bearer is accepted as well as JWT', async () => {
    const { access } = await server.login('superadmin');
    const { json } = await server.get(Paths.userInfo, { headers: { authorization: `Bearer ${access}` } });
    expect(json.code).toBe(2000);
  });

  it('a deleted or disabled user answers 401 user_not_found', async () => {
    const db = server.app.db;
    const { id } = await db
      .insertInto('users')
      .values({ username: 'temp-user', name: 'Temp', password: await hashPassword(md5Hex('pass-1234')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { access } = await server.login('temp-user', 'pass-1234');
    await db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    const inactive = await server.get(Paths.userInfo, { token: access });
    expect(inactive.json).toMatchObject({ code: 401, data: null, msg: { code: 'user_not_found' } });
    await db.updateTable('users').set({ is_active: true, is_deleted: true }).where('id', '=', id).execute();
    const deleted = await server.get(Paths.userInfo, { token: access });
    expect(deleted.json).toMatchObject({
      code: 401,
      msg: { code: 'user_not_found', detail: '用户不存在或已被删除' },
    });
  });

  it('an unknown API path answers the 接口地址不正确 envelope, never an HTML page', async () => {
    const { access } = await server.login('superadmin');
    for (const path of ['/api/nothing/here/', '/xy/nothing/', '/token/nothing/']) {
      const reply = await server.get(path, { token: access });
      expect(reply.headers['content-type']).toMatch(/application\/json/);
      expect(reply.json).toEqual({ code: 400, data: null, msg: '接口地址不正确' });
    }
    const post = await server.post('/api/nothing/', { a: 1 }, { token: access });
    expect(post.json).toEqual({ code: 400, data: null, msg: '接口地址不正确' });
  });

  it('a wrong method answers 4000 方法 “X” 不被允许。', async () => {
    const { access } = await server.login('superadmin');
    expect((await server.delete(Paths.settings, undefined, { token: access })).json).toEqual({
      code: 4000,
      data: null,
      msg: '方法 “DELETE” 不被允许。',
    });
    const patch = await server.request(Paths.deptItem(1), {
      method: 'PATCH',
      body: { name: 'x' },
      token: access,
    });
    expect(patch.json.msg).toBe('方法 “PATCH” 不被允许。');
  });

  it('a malformed URL answers a 4000 envelope', async () => {
    const reply = await server.app.inject({ url: '/api/init/%zz/' });
    expect(reply.json()).toMatchObject({ code: 4000, data: null });
  });

  it('paths work with and without the trailing slash', async () => {
    expect((await server.get('/api/init/settings')).json.code).toBe(2000);
  });

  it('a body that is not JSON answers 4000 with a clear message', async () => {
    const { access } = await server.login('superadmin');
    const { json } = await server.request(Paths.dept, {
      method: 'POST',
      payload: '{"name": "x",',
      contentType: 'application/json',
      token: access,
      sign: false,
    });
    expect(json).toEqual({ code: 4000, data: null, msg: 'JSON 解析错误：请求体不是合法的 JSON。' });
  });

  it('a body trying prototype pollution is refused as invalid JSON', async () => {
    const { json } = await server.request(Paths.login, {
      method: 'POST',
      payload: '{"username":"a","__proto__":{"admin":true}}',
      contentType: 'application/json',
      sign: false,
    });
    expect(json).toEqual({ code: 4000, data: null, msg: 'JSON 解析错误：请求体不是合法的 JSON。' });
  });

  it('an oversize body answers 4000 naming the limit', async () => {
    const { access } = await server.login('superadmin');
    const big = { name: 'x', description: 'y'.repeat(server.config.bodyLimit + 10) };
    const { status, json } = await server.post(Paths.dept, big, { token: access });
    expect(status).toBe(200);
    expect(json).toEqual({ code: 4000, data: null, msg: '请求体过大，上限为 1 MB。' });
  });

  it('an unsupported content type answers 4000', async () => {
    const { access } = await server.login('superadmin');
    const { json } = await server.request(Paths.dept, {
      method: 'POST',
      payload: 'name=x',
      contentType: 'text/plain',
      token: access,
      sign: false,
    });
    expect(json).toEqual({ code: 4000, data: null, msg: '不支持请求中的媒体类型 “text/plain”。' });
  });

  it('a body that is an array, or fields of the wrong type, are validation errors', async () => {
    const { access } = await server.login('superadmin');
    const list = await server.request(Paths.dept, { method: 'POST', body: [1, 2], token: access });
    expect(list.json).toEqual({ code: 4000, data: null, msg: '无效数据。期待为字典类型，得到的是 list 。' });
    const wrongType = await server.post(Paths.dept, { name: 42 }, { token: access });
    expect(wrongType.json.msg).toBe('部门名称:不是有效的字符串。');
    const badInt = await server.post(Paths.dept, { name: 'x', sort: 'many' }, { token: access });
    expect(badInt.json.msg).toBe('显示排序:请填写合法的整数值。');
  });

  it('messages are in English when Accept-Language prefers it', async () => {
    const headers = { 'accept-language': 'en-GB,en;q=0.9,zh-CN;q=0.5' };
    expect((await server.get(Paths.dept, { headers })).json.msg).toBe(
      'Authentication credentials were not provided.',
    );
    const { access } = await server.login('superadmin');
    const missing = await server.post(Paths.dept, {}, { token: access, headers });
    expect(missing.json.msg).toBe('Department name:This field is required.');
    const zhFirst = await server.get(Paths.dept, { headers: { 'accept-language': 'zh-CN,en;q=0.8' } });
    expect(zhFirst.json.msg).toBe('身份认证信息未提供。');
  });

  it('every non-GET API request lands in the operation log with secrets masked', async () => {
    const { access } = await server.login('superadmin');
    await server.post(Paths.dept, { name: 'oplog-dept', key: 'oplog' }, { token: access });
    await server.app.flushLogs();
    const rows = await server.app.db
      .selectFrom('operation_log')
      .selectAll()
      .where('request_path', 'in', [Paths.dept, Paths.login])
      .orderBy('id')
      .execute();
    const create = rows.find((r) => r.request_path === Paths.dept && r.request_body?.includes('oplog-dept'));
    expect(create).toMatchObject({
      request_method: 'POST',
      response_code: '2000',
      status: true,
      creator: 1,
      request_ip: '127.0.0.1',
    });
    expect(JSON.parse(create!.json_result!)).toEqual({ code: 2000, msg: '新增成功' });
    const login = rows.find((r) => r.request_path === Paths.login);
    expect(login?.request_body).toContain('"password":"******"');
    expect(login?.request_body).not.toMatch(/[0-9a-f]{32}/);
    const gets = await server.app.db
      .selectFrom('operation_log')
      .select('id')
      .where('request_method', '=', 'GET')
      .execute();
    expect(gets).toEqual([]);
  });

  it('app-config.js publishes the API base and the signing secret, uncached, and nothing of the sign-in page', async () => {
    const reply = await server.app.inject({ url: Paths.appConfig });
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toMatch(/no-store/);
    const prefix = 'window.__APP_CONFIG__ = ';
    expect(reply.body.startsWith(prefix)).toBe(true);
    const published = JSON.parse(reply.body.slice(prefix.length, reply.body.indexOf(';\n')));
    expect(published).toEqual({ apiBase: '', signSecret: server.config.signSecret });
  });

  it('GET outside the API falls back to the SPA (here: the "run npm run build" page)', async () => {
    const reply = await server.app.inject({ url: '/dept?x=1' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).toContain('npm run build');
  });

  it('a missing media file is a 404, not the SPA', async () => {
    const reply = await server.app.inject({ url: '/media/files/none.png' });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('<html');
  });
});
