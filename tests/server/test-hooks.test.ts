import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './helpers.ts';

// The browser tests count what reached the server through these hooks; they must count honestly and exist
// only when TEST_HOOKS is on.
describe('test hooks', () => {
  const server = new TestServer();
  beforeAll(() => server.start('pglite', { testHooks: true }));
  afterAll(() => server.stop());

  it('counts the requests received per method and path, ignoring the query string', async () => {
    const count = async (path: string, method = 'GET') =>
      (await server.app.inject({ url: '/__test__/requests', query: { method, path } })).json().count;
    const path = '/api/xy/message/get_message/';
    expect(await count(path)).toBe(0);
    await server.get(path, { query: { limit: 1, page: 1, status: 0 } });
    await server.get(path, { query: { limit: 1, page: 2, status: 0 } });
    expect(await count(path)).toBe(2);
    expect(await count(path, 'POST')).toBe(0);
  });

  it('are absent, not merely refused, without TEST_HOOKS', async () => {
    const plain = new TestServer();
    await plain.start('pglite', { testHooks: false });
    try {
      const reply = await plain.app.inject({ url: '/__test__/requests' });
      // an unknown route: the contract's "wrong address" envelope, not a counter
      expect(reply.json()).toEqual({ code: 400, data: null, msg: '接口地址不正确' });
    } finally {
      await plain.stop();
    }
  });
});
