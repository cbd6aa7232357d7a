import { expect, it } from 'vitest';
import { writeSetting } from '../../server/modules/settings/queries.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { captchaSchema, loginResponseSchema, settingsSchema } from '../../src/contract/session.ts';
import { describeEachDatabase } from './helpers.ts';

describeEachDatabase('session endpoints', (server) => {
  it('settings answer the flat group.key map of a fresh install, and accept ?aff=', async () => {
    const { json } = await server.get(Paths.settings, { query: { aff: 'abc' } });
    expect(json).toMatchObject({ code: 2000, msg: 'success' });
    expect(settingsSchema.parse(json.data)).toMatchObject({
      'base.captcha_state': true,
      'base.single_login': false,
      'base.default_password': 'admin123456',
      'login.site_name': '企业级后台管理系统',
      'login.site_logo': null,
      'login.keep_record': '晋ICP备18005113号-3',
    });
  });

  it('captcha is a maths challenge as an SVG data URL with an integer key', async () => {
    const { json } = await server.get(Paths.captcha);
    expect(json.code).toBe(2000);
    captchaSchema.parse(json.data);
    expect(json.data.key).toEqual(expect.any(Number));
    expect(json.data.image_base).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(json.data.image_base.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<text/);
    const { answer } = (await server.app.inject({ url: `/__test__/captcha/${json.data.key}` })).json();
    expect(answer).toMatch(/^\d+$/);
  });

  it('captcha status reports the setting', async () => {
    expect((await server.get(Paths.captchaStatus)).json).toEqual({
      code: 2000,
      data: { state: true },
      msg: 'success',
    });
  });

  it('login returns tokens and the user summary', async () => {
    const { data } = await server.login('superadmin');
    expect(loginResponseSchema.parse(data)).toMatchObject({
      name: '超级管理员',
      userId: 1,
      user_type: 0,
      dept_info: { dept_id: 1, dept_name: 'DVAdmin团队' },
      role_info: [{ id: 1, name: '管理员', key: 'admin' }],
    });
    const claims = JSON.parse(Buffer.from(data.access.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ token_type: 'access', user_id: 1 });
    expect(claims.exp - claims.iat).toBe(server.config.accessTokenTtl);
    expect(claims.jti).toMatch(/^[0-9a-f]{32}$/);
  });

  it('login without a captcha is refused with 验证码不能为空', async () => {
    const { json } = await server.post(Paths.login, { username: 'admin', password: md5Hex('admin123456') });
    expect(json).toEqual({ code: 4000, data: null, msg: '验证码不能为空' });
  });

  it('a wrong captcha answer is refused with 图片验证码错误 and spends the captcha', async () => {
    const { key, answer } = await server.captcha();
    const wrong = String(Number(answer) + 1);
    const body = { username: 'admin', password: md5Hex('admin123456'), captcha: wrong, captchaKey: key };
    expect((await server.post(Paths.login, body)).json).toEqual({
      code: 4000,
      data: null,
      msg: '图片验证码错误',
    });
    const retry = await server.post(Paths.login, { ...body, captcha: answer });
    expect(retry.json.msg).toBe('图片验证码错误');
  });

  it('an expired captcha is refused with 验证码过期', async () => {
    const { key, answer } = await server.captcha();
    await server.app.db
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', key)
      .execute();
    const body = { username: 'admin', password: md5Hex('admin123456'), captcha: answer, captchaKey: key };
    expect((await server.post(Paths.login, body)).json).toEqual({
      code: 4000,
      data: null,
      msg: '验证码过期',
    });
  });

  it('a captcha is single use', async () => {
    const { key, answer } = await server.captcha();
    const body = { username: 'admin', password: md5Hex('admin123456'), captcha: answer, captchaKey: key };
    expect((await server.post(Paths.login, body)).json.code).toBe(2000);
    expect((await server.post(Paths.login, body)).json.msg).toBe('图片验证码错误');
  });

  it('bad credentials answer 401 账号/密码错误, for a wrong password and an unknown user alike', async () => {
    const wrong = await server.loginReply('admin', 'not-the-password', '10.0.0.1');
    expect(wrong.json).toEqual({ code: 401, data: null, msg: '账号/密码错误' });
    const unknown = await server.loginReply('nobody-here', 'admin123456', '10.0.0.1');
    expect(unknown.json).toEqual({ code: 401, data: null, msg: '账号/密码错误' });
  });

  it('missing login fields are named like DRF does', async () => {
    const { json } = await server.post(Paths.login, { username: 'admin' });
    expect(json).toEqual({ code: 4000, data: null, msg: 'password:该字段是必填项。' });
    const noUser = await server.post(Paths.login, { password: md5Hex('x') });
    expect(noUser.json.msg).toBe('username:该字段是必填项。');
  });

  it('a password that is not md5 hex is refused before any lookup', async () => {
    const { key, answer } = await server.captcha();
    const { json } = await server.post(Paths.login, {
      username: 'admin',
      password: 'admin123456',
      captcha: answer,
      captchaKey: key,
    });
    expect(json.code).toBe(4000);
    expect(json.msg).toMatch(/^password:/);
  });

  it('login attempts are written to the login log with their outcome', async () => {
    await server.loginReply('test', 'wrong-password', '10.0.0.2');
    await server.login('test');
    const rows = await server.app.db
      .selectFrom('login_log')
      .select(['username', 'ip', 'status', 'failure_reason'])
      .where('ip', '=', '10.0.0.2')
      .execute();
    expect(rows).toEqual([
      { username: 'test', ip: '10.0.0.2', status: false, failure_reason: 'bad_credentials' },
    ]);
    const ok = await server.app.db
      .selectFrom('login_log')
      .select(['status', 'failure_reason'])
      .where('username', '=', 'test')
      .where('status', '=', true)
      .execute();
    expect(ok.length).toBeGreaterThan(0);
  });

  it('with the captcha switched off, captcha answers {} and login needs none', async () => {
    await writeSetting(server.app.db, 'base.captcha_state', false);
    try {
      expect((await server.get(Paths.captcha)).json).toEqual({ code: 2000, data: {}, msg: 'success' });
      expect((await server.get(Paths.captchaStatus)).json.data).toEqual({ state: false });
      const { json } = await server.post(Paths.login, { username: 'admin', password: md5Hex('admin123456') });
      expect(json.code).toBe(2000);
      const missing = await server.post(Paths.login, { username: 'admin' });
      expect(missing.json.msg).toBe('password:该字段是必填项。');
    } finally {
      await writeSetting(server.app.db, 'base.captcha_state', true);
    }
  });

  it('logout answers 注销成功 and revokes the refresh token', async () => {
    const { access, refresh } = await server.login('admin');
    const { json } = await server.post(Paths.logout, { refresh }, { token: access });
    expect(json).toEqual({ code: 2000, data: null, msg: '注销成功' });
    const again = await server.post(Paths.tokenRefresh, { refresh });
    expect(again.json).toEqual({ code: 400, data: null, msg: 'error' });
  });

  it('logout succeeds without an access token (an expired session still logs out)', async () => {
    const { refresh } = await server.login('admin');
    expect((await server.post(Paths.logout, { refresh })).json.code).toBe(2000);
    expect((await server.post(Paths.logout, {})).json.code).toBe(2000);
  });
});
