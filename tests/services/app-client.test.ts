// @vitest-environment jsdom
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createAppHttpClient } from '../../src/services/http/app-client.ts';
import type { Notice } from '../../src/services/http/index.ts';
import { headerOf, queryOf, reply, urlOf } from './harness.ts';

describe('the browser http client', () => {
  it('takes the base URL and secret from the app config and the token from the session token port', async () => {
    const calls: InternalAxiosRequestConfig[] = [];
    const notices: Notice[] = [];
    const http = createAppHttpClient({
      config: { apiBase: 'http://backend.test', signSecret: 'secret', title: undefined },
      tokens: {
        getAccess: () => 'session-token',
        refreshAfter401: async () => ({ kind: 'ended' }),
        expire: () => {},
      },
      log: () => {},
      notify: (n) => notices.push(n),
      overrides: {
        adapter: async (c) => {
          calls.push(c);
          return reply(c, { code: 4000, msg: '签名无效', data: null });
        },
      },
    });
    await http.get('/api/system/user/user_info/').catch(() => undefined);
    expect(urlOf(calls[0]!).origin).toBe('http://backend.test');
    expect(headerOf(calls[0]!, 'Authorization')).toBe('JWT session-token');
    expect(headerOf(calls[0]!, 'Accept-Language')).toBe('zh-CN');
    expect(queryOf(calls[0]!).get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(notices).toEqual([{ kind: 'error', message: '签名无效', durationMs: 5000 }]);
  });
});
