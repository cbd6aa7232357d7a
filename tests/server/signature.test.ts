import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSign } from '../../server/http/signature.ts';
import { Paths } from '../../src/contract/paths.ts';
import { canonicalString, signParams } from '../../src/contract/sign.ts';
import { describeEachDatabase, TestServer } from './helpers.ts';

const INVALID = { code: 4000, data: null, msg: '签名无效' };

describeEachDatabase('request signature (SIGNATURE=require)', (server) => {
  it('a correctly signed request is accepted', async () => {
    expect((await server.get(Paths.settings)).json.code).toBe(2000);
  });

  it('a request without timestamp and sign is refused', async () => {
    expect((await server.get(Paths.settings, { sign: false })).json).toEqual(INVALID);
  });

  it('a signature made with another secret is refused', async () => {
    expect((await server.get(Paths.settings, { sign: { secret: 'not-the-secret' } })).json).toEqual(INVALID);
  });

  it('a timestamp more than 300 s away is refused, either way', async () => {
    // Whole seconds on both sides: the server's clock may tick into the next second between the timestamp
    // and its check, so 302 s (never closer than 301 s when checked) rather than 301.
    const away = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    expect((await server.get(Paths.settings, { sign: { timestamp: away(-302) } })).json).toEqual(INVALID);
    expect((await server.get(Paths.settings, { sign: { timestamp: away(302) } })).json).toEqual(INVALID);
    expect((await server.get(Paths.settings, { sign: { timestamp: away(-290) } })).json.code).toBe(2000);
  });

  it('the JSON body is covered: tampering with it after signing is refused', async () => {
    const body = { username: 'admin', password: '0'.repeat(32) };
    const url = server.url(Paths.login, {}, body);
    const tampered = await server.app.inject({
      method: 'POST',
      url,
      payload: { ...body, username: 'superadmin' },
    });
    expect(tampered.json()).toEqual(INVALID);
  });

  it('the query is covered, repeated keys included, and timestamp/sign are never filters', async () => {
    const { access } = await server.login('superadmin');
    const ok = await server.get(Paths.dept, { query: { status: true, name: ['DV', 'x'] }, token: access });
    expect(ok.json.code).toBe(2000);
    const url = server.url(Paths.dept, { status: 1 }).replace('status=1', 'status=0');
    const tampered = await server.app.inject({ url, headers: { authorization: `JWT ${access}` } });
    expect(tampered.json()).toEqual(INVALID);
    // Signed, filtered by nothing but the signature parameters: all three seeded depts come back.
    const all = await server.get(Paths.dept, { token: access });
    expect(all.json.data.total).toBeGreaterThanOrEqual(3);
  });

  it('the canonical string follows the contract (sorted keys, repeated arrays, booleans as 1/0)', () => {
    expect(canonicalString({ b: [2, 1], a: true, n: null, o: { x: 1 } }, 5)).toBe(
      'a=1&b=2&b=1&o={"x":1}&timestamp=5',
    );
    expect(signParams('k', { a: 1 }, 5)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the server checks with node:crypto exactly the digest the client signs with', () => {
    const params = { search: '王 & 李', ids: [3, 1], on: false, body: { 中: 'é' }, none: null };
    for (const secret of ['k', 'a longer secret with ünïcode 秘密']) {
      expect(serverSign(secret, params, 1_700_000_000)).toBe(signParams(secret, params, 1_700_000_000));
    }
  });

  it('static files, /app-config.js and test hooks need no signature', async () => {
    expect((await server.app.inject({ url: Paths.appConfig })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/some/spa/route' })).statusCode).toBe(200);
    const { json } = await server.get(Paths.captcha);
    expect((await server.app.inject({ url: Paths.testCaptchaAnswer(json.data.key) })).json().answer).toMatch(
      /^\d+$/,
    );
  });
});

describe('request signature (SIGNATURE=off)', () => {
  const server = new TestServer();
  beforeAll(() => server.start('pglite', { signature: 'off' }));
  afterAll(() => server.stop());

  it('unsigned and wrongly signed requests are served', async () => {
    expect((await server.get(Paths.settings, { sign: false })).json.code).toBe(2000);
    expect((await server.get(Paths.settings, { sign: { secret: 'wrong' } })).json.code).toBe(2000);
  });
});
