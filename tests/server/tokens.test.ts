import { expect, it } from 'vitest';
import { signJwt } from '../../server/http/jwt.ts';
import { Paths } from '../../src/contract/paths.ts';
import { tokenRefreshSchema } from '../../src/contract/session.ts';
import { describeEachDatabase } from './helpers.ts';

const INVALID = { code: 400, data: null, msg: 'error' };

describeEachDatabase('token refresh and rate limiting', (server) => {
  it('refresh answers a new access and a new refresh token in the envelope', async () => {
    const { refresh } = await server.login('admin');
    const { json } = await server.post(Paths.tokenRefresh, { refresh });
    expect(json).toMatchObject({ code: 2000, msg: 'success' });
    const pair = tokenRefreshSchema.parse(json.data);
    expect(pair.refresh).toBeDefined();
    expect(pair.refresh).not.toBe(refresh);
    const info = await server.get(Paths.userInfo, { token: pair.access });
    expect(info.json.data.username).toBe('admin');
  });

  it('the rotated refresh token keeps working, one step at a time', async () => {
    let { refresh } = await server.login('admin');
    for (let i = 0; i < 3; i++) {
      const { json } = await server.post(Paths.tokenRefresh, { refresh });
      expect(json.code).toBe(2000);
      refresh = json.data.refresh;
    }
  });

  it('a refresh token used twice revokes its whole family', async () => {
    const { refresh: first } = await server.login('admin');
    const { json: step } = await server.post(Paths.tokenRefresh, { refresh: first });
    const second = step.data.refresh;
    // Replaying the spent token is refused…
    expect((await server.post(Paths.tokenRefresh, { refresh: first })).json).toEqual(INVALID);
    // …and the legitimate successor dies with it.
    expect((await server.post(Paths.tokenRefresh, { refresh: second })).json).toEqual(INVALID);
  });

  it('reuse in one family leaves other sessions of the same user alone', async () => {
    const a = await server.login('admin');
    const b = await server.login('admin');
    await server.post(Paths.tokenRefresh, { refresh: a.refresh });
    await server.post(Paths.tokenRefresh, { refresh: a.refresh });
    expect((await server.post(Paths.tokenRefresh, { refresh: b.refresh })).json.code).toBe(2000);
  });

  it('garbage, an access token, a foreign signature or an expired token are refused like dvadmin', async () => {
    const { access } = await server.login('admin');
    expect((await server.post(Paths.tokenRefresh, { refresh: 'not-a-token' })).json).toEqual(INVALID);
    expect((await server.post(Paths.tokenRefresh, { refresh: access })).json).toEqual(INVALID);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      token_type: 'refresh' as const,
      iat: now,
      exp: now + 60,
      jti: 'f'.repeat(32),
      user_id: 1,
    };
    expect(
      (await server.post(Paths.tokenRefresh, { refresh: signJwt(claims, 'x'.repeat(40)) })).json,
    ).toEqual(INVALID);
    const expired = signJwt({ ...claims, iat: now - 100, exp: now - 10 }, server.config.jwtSecret);
    expect((await server.post(Paths.tokenRefresh, { refresh: expired })).json).toEqual(INVALID);
  });

  it('a refresh without the field is a validation error', async () => {
    expect((await server.post(Paths.tokenRefresh, {})).json).toEqual({
      code: 4000,
      data: null,
      msg: 'refresh:该字段是必填项。',
    });
  });

  it('a deleted user can no longer refresh', async () => {
    const { refresh } = await server.login('test');
    await server.app.db
      .updateTable('users')
      .set({ is_active: false })
      .where('username', '=', 'test')
      .execute();
    try {
      expect((await server.post(Paths.tokenRefresh, { refresh })).json).toEqual(INVALID);
    } finally {
      await server.app.db
        .updateTable('users')
        .set({ is_active: true })
        .where('username', '=', 'test')
        .execute();
    }
  });

  it('ten failed logins of one username from one address lock that pair for the rest of the window', async () => {
    for (let i = 0; i < 10; i++) {
      const { json } = await server.loginReply('admin', `wrong-${i}`, '10.1.0.1');
      expect(json.code).toBe(401);
    }
    const locked = await server.loginReply('admin', 'admin123456', '10.1.0.1');
    expect(locked.json.code).toBe(4000);
    expect(locked.json.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后重试$/);
    const seconds = Number(/(\d+)/.exec(locked.json.msg)?.[1]);
    expect(seconds).toBeGreaterThan(250);
    expect(seconds).toBeLessThanOrEqual(300);
    // The message is in English when the client prefers it.
    const { key, answer } = await server.captcha();
    const en = await server.post(
      Paths.login,
      { username: 'admin', password: '0'.repeat(32), captcha: answer, captchaKey: key },
      { headers: { 'accept-language': 'en-US,en;q=0.9' }, remoteAddress: '10.1.0.1' },
    );
    expect(en.json.msg).toMatch(/^Too many failed login attempts; try again in \d+ seconds$/);
    // The same account from another address, and another account from this one, are unaffected.
    expect((await server.loginReply('admin', 'admin123456', '10.1.1.1')).json.code).toBe(2000);
    expect((await server.loginReply('test', 'admin123456', '10.1.0.1')).json.code).toBe(2000);
  });

  it('thirty failed logins from one address lock that address', async () => {
    // 29 earlier failures from distinct usernames (recorded directly, to keep the test quick) and one real one.
    await server.app.db
      .insertInto('login_log')
      .values(
        Array.from({ length: 29 }, (_, i) => ({
          username: `ghost-${i}`,
          ip: '10.2.0.1',
          status: false,
          failure_reason: 'bad_credentials',
        })),
      )
      .execute();
    expect((await server.loginReply('ghost-last', 'whatever', '10.2.0.1')).json.code).toBe(401);
    const locked = await server.loginReply('superadmin', 'admin123456', '10.2.0.1');
    expect(locked.json.msg).toMatch(/^登录失败次数过多/);
    expect((await server.loginReply('superadmin', 'admin123456', '10.2.0.2')).json.code).toBe(2000);
  });
});
