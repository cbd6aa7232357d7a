import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5Hex, Paths, signParams } from '../../src/contract/index.ts';
import { ApiError, isMissingEndpoint } from '../../src/services/http/index.ts';
import {
  bodyOf,
  fixture,
  hangUntilAborted,
  headerOf,
  networkError,
  queryOf,
  reply,
  replyFixture,
  setup,
  timeoutError,
  tZh,
  urlOf,
} from './harness.ts';

const ok = { code: 2000, msg: 'success', data: { ok: true } };

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests (CONTRACT.md "Requests")', () => {
  it('every request carries Authorization: JWT <access>', async () => {
    const h = setup((c) => reply(c, ok));
    await h.http.get('/api/a/');
    await h.http.post('/api/b/', { x: 1 });
    expect(h.calls.map((c) => headerOf(c, 'Authorization'))).toEqual(['JWT access-1', 'JWT access-1']);
  });

  it('without a token no Authorization header is sent', async () => {
    const h = setup((c) => reply(c, ok), { token: undefined });
    await h.http.get('/api/a/');
    expect(headerOf(h.calls[0]!, 'Authorization')).toBeUndefined();
  });

  it('query booleans and the strings "true"/"false" go out as 1/0, arrays as repeated keys without brackets', async () => {
    const h = setup((c) => reply(c, ok));
    await h.http.get('/api/system/dept/', {
      status: true,
      lazy: false,
      is_catalog: 'true',
      visible: 'false',
      id: [3, 4],
      name: 'a b',
      empty: null,
      missing: undefined,
    });
    const url = urlOf(h.calls[0]!);
    expect(url.pathname).toBe('/api/system/dept/');
    expect(url.search).toBe('?status=1&lazy=0&is_catalog=1&visible=0&id=3&id=4&name=a%20b');
    expect(url.search).not.toContain('%5B');
  });

  it('JSON bodies are sent untouched (booleans stay booleans)', async () => {
    const h = setup((c) => reply(c, ok));
    const body = { name: 'x', status: true, parent: null, tags: ['a'] };
    await h.http.post('/api/system/dept/', body);
    expect(bodyOf(h.calls[0]!)).toEqual(body);
    expect(h.calls[0]!.method).toBe('post');
  });

  it('follows the console language with Accept-Language so server messages match', async () => {
    const h = setup((c) => reply(c, ok), { getLanguage: () => 'en' });
    await h.http.get('/api/a/');
    expect(headerOf(h.calls[0]!, 'Accept-Language')).toBe('en');
  });
});

describe('request signature (CONTRACT.md "Signature")', () => {
  const secret = 'sign-secret';
  const nowMs = 1_795_234_574_123;

  it('adds timestamp (unix seconds) and sign = signParams(query ∪ JSON body) as query parameters', async () => {
    const h = setup((c) => reply(c, ok), { signSecret: secret, now: () => nowMs });
    await h.http.request({
      method: 'POST',
      url: '/api/system/dept/',
      params: { lazy: true, ids: [1, 2] },
      data: { name: '技术部', status: true, extra: { a: 1 } },
    });
    const query = queryOf(h.calls[0]!);
    const ts = Math.floor(nowMs / 1000);
    expect(query.get('timestamp')).toBe(String(ts));
    const expected = signParams(
      secret,
      { lazy: 1, ids: [1, 2], name: '技术部', status: true, extra: { a: 1 } },
      ts,
    );
    expect(query.get('sign')).toBe(expected);
    expect(query.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(bodyOf(h.calls[0]!)).toEqual({ name: '技术部', status: true, extra: { a: 1 } });
  });

  it('multipart uploads sign the query only', async () => {
    const h = setup((c) => reply(c, ok), { signSecret: secret, now: () => nowMs });
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    form.append('name', 'not signed');
    await h.http.request({ method: 'POST', url: Paths.file, params: { folder: 'x' }, data: form });
    const ts = Math.floor(nowMs / 1000);
    expect(queryOf(h.calls[0]!).get('sign')).toBe(signParams(secret, { folder: 'x' }, ts));
    expect(h.calls[0]!.data).toBe(form);
  });

  it('without a configured secret no timestamp or sign is sent', async () => {
    const h = setup((c) => reply(c, ok));
    await h.http.get('/api/a/', { page: 1 });
    const query = queryOf(h.calls[0]!);
    expect(query.has('sign')).toBe(false);
    expect(query.has('timestamp')).toBe(false);
  });
});

describe('timeouts (seed §9: 20 s base, 60 s API, 300 s export)', () => {
  it('ordinary API calls get 60 s, the base class 20 s, exports 300 s', async () => {
    const h = setup((c) =>
      c.responseType === 'blob'
        ? {
            data: new Blob(['x']),
            status: 200,
            statusText: 'OK',
            headers: { 'content-type': 'application/vnd.ms-excel' },
            config: c,
          }
        : reply(c, ok),
    );
    await h.http.get('/api/a/');
    await h.http.request({ url: '/api/b/', kind: 'base' });
    await h.http.download({ method: 'POST', url: '/api/system/user/export/' });
    await h.http.request({ url: '/api/c/', timeout: 1234 });
    expect(h.calls.map((c) => c.timeout)).toEqual([60_000, 20_000, 300_000, 1234]);
  });

  it('a timeout rejects with kind timeout and 请求超时, without a retry', async () => {
    const h = setup((c) => Promise.reject(timeoutError(c)));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.kind).toBe('timeout');
    expect(error.transient).toBe(true);
    expect(error.message).toBe('请求超时');
    expect(h.calls).toHaveLength(1);
  });
});

describe('retry (seed §7, §9: once, after 1 s, idempotent network failures only)', () => {
  it('a GET that failed at the network level is retried once after 1 s', async () => {
    vi.useFakeTimers();
    const h = setup((c, i) => (i === 0 ? Promise.reject(networkError(c)) : reply(c, ok)));
    const pending = h.http.get('/api/a/');
    await vi.advanceTimersByTimeAsync(999);
    expect(h.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(ok);
    expect(h.calls).toHaveLength(2);
    expect(h.notices).toEqual([]);
  });

  it('a second network failure is not retried again and rejects with kind network', async () => {
    vi.useFakeTimers();
    const h = setup((c) => Promise.reject(networkError(c)));
    const pending = rejection(h.http.get('/api/a/'));
    await vi.advanceTimersByTimeAsync(5000);
    const error = await pending;
    expect(error.kind).toBe('network');
    expect(h.calls).toHaveLength(2);
    expect(h.notices).toEqual([{ kind: 'error', message: error.message, durationMs: 5000 }]);
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('a %s is never retried', async (method) => {
    const h = setup((c) => Promise.reject(networkError(c)));
    const error = await rejection(h.http.request({ method, url: '/api/system/dept/1/', data: {} }));
    expect(error.kind).toBe('network');
    expect(h.calls).toHaveLength(1);
  });

  it('a GET that reached the server with an error is not retried', async () => {
    const h = setup((c) => reply(c, 'oops', 500));
    await rejection(h.http.get('/api/a/'));
    expect(h.calls).toHaveLength(1);
  });
});

describe('401 and the token refresh (seed §8)', () => {
  it('HTTP 401 → refresh the token once, then retry with the new token', async () => {
    const h = setup((c, i) => (i === 0 ? reply(c, { detail: 'expired' }, 401) : reply(c, ok)), {
      refreshTo: 'access-2',
    });
    await expect(h.http.get('/api/a/')).resolves.toEqual(ok);
    expect(h.state.refreshedFrom).toEqual(['access-1']);
    expect(headerOf(h.calls[1]!, 'Authorization')).toBe('JWT access-2');
    expect(h.notices).toEqual([]);
    expect(h.expired).toEqual([]);
  });

  it('HTTP 401 when the refresh is impossible → 未认证，请登录 and the session ends', async () => {
    const h = setup((c) => reply(c, { detail: 'expired' }, 401));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      message: '未认证，请登录',
      authExpired: 'unauthorized',
    });
    expect(h.expired).toEqual([{ reason: 'unauthorized', message: '未认证，请登录' }]);
    // told to the session, which toasts it as it ends; the client itself only logs it
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([expect.objectContaining({ message: '未认证，请登录', type: 'danger' })]);
    expect(h.calls).toHaveLength(1);
  });

  it('concurrent 401s lead to one refresh, and every call is retried with the new token', async () => {
    const h = setup(
      (c) =>
        headerOf(c, 'Authorization') === 'JWT access-1'
          ? reply(c, fixture('dept_expired_token'))
          : reply(c, ok),
      { refreshTo: 'access-2' },
    );
    const results = await Promise.all([h.http.get('/api/a/'), h.http.get('/api/b/'), h.http.get('/api/c/')]);
    expect(results).toEqual([ok, ok, ok]);
    expect(h.state.refreshes).toBe(1);
    expect(h.calls).toHaveLength(6);
  });

  it('concurrent 401s whose refresh fails end the session once', async () => {
    const h = setup((c) => reply(c, fixture('dept_expired_token')));
    const errors = await Promise.all([rejection(h.http.get('/api/a/')), rejection(h.http.get('/api/b/'))]);
    expect(errors.map((e) => e.authExpired)).toEqual(['token_not_valid', 'token_not_valid']);
    expect(h.state.refreshes).toBe(1);
    expect(h.expired).toHaveLength(1);
    // each refused call is logged (the session toasts its end once)
    expect(h.logs).toHaveLength(2);
    expect(h.notices).toEqual([]);
  });

  it('after an expiry, a new session (login) gets its own expiry announced again', async () => {
    const h = setup((c) =>
      c.url === Paths.login ? replyFixture(c, 'login') : replyFixture(c, 'dept_expired_token'),
    );
    await rejection(h.http.get('/api/a/'));
    await rejection(h.http.get('/api/b/')); // a late failure of the same token: muted
    expect(h.expired).toHaveLength(1);
    await h.api.login({ username: 'superadmin', password: 'admin123456' });
    h.state.token = 'access-after-login';
    await rejection(h.http.get('/api/c/'));
    expect(h.expired).toHaveLength(2);
    expect(h.state.refreshes).toBe(2);
  });

  it('token_not_valid → one refresh try, then 登录超时，请重新登录！ and the session ends', async () => {
    const h = setup((c) => replyFixture(c, 'dept_expired_token'), { refreshTo: 'access-2' });
    const error = await rejection(h.http.get(Paths.dept));
    expect(h.state.refreshes).toBe(1);
    expect(h.calls).toHaveLength(2);
    expect(error).toMatchObject({
      kind: 'body',
      code: 401,
      msgCode: 'token_not_valid',
      authExpired: 'token_not_valid',
      message: '登录超时，请重新登录！',
    });
    expect(h.expired).toEqual([{ reason: 'token_not_valid', message: '登录超时，请重新登录！' }]);
    // The session toasts the message as it ends; the client only logs it, so the user sees it once.
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([expect.objectContaining({ message: '登录超时，请重新登录！', type: 'danger' })]);
  });

  it('user_not_found → 用户无效，请重新登录！ and the session ends, without a refresh', async () => {
    const body = { code: 401, data: null, msg: { detail: 'User not found', code: 'user_not_found' } };
    const h = setup((c) => reply(c, body), { refreshTo: 'access-2' });
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.authExpired).toBe('user_not_found');
    expect(error.message).toBe('用户无效，请重新登录！');
    expect(h.state.refreshes).toBe(0);
    expect(h.expired).toEqual([{ reason: 'user_not_found', message: '用户无效，请重新登录！' }]);
  });

  it('a plain body 401 inside a session ends it with the server message', async () => {
    const h = setup((c) => reply(c, { code: 401, data: null, msg: '认证失败' }));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.authExpired).toBe('unauthorized');
    expect(h.expired).toEqual([{ reason: 'unauthorized', message: '认证失败' }]);
    expect(h.state.refreshes).toBe(0);
  });

  it('login never enters the refresh loop: a 401 there is an ordinary error without Authorization', async () => {
    const h = setup((c) => replyFixture(c, 'login_bad_password'), { refreshTo: 'access-2' });
    const error = await rejection(
      h.api.login({ username: 'admin', password: 'nope', captcha: '21', captchaKey: 1 }),
    );
    expect(error).toMatchObject({ kind: 'body', code: 401, message: '账号/密码错误' });
    expect(error.authExpired).toBeUndefined();
    expect(h.state.refreshes).toBe(0);
    expect(h.expired).toEqual([]);
    expect(headerOf(h.calls[0]!, 'Authorization')).toBeUndefined();
    expect(bodyOf(h.calls[0]!)).toEqual({
      username: 'admin',
      password: md5Hex('nope'),
      captcha: '21',
      captchaKey: 1,
    });
    // the login page shows the reason inline; no toast on top of it
    expect(h.notices).toEqual([]);
  });

  it('the token refresh call itself never refreshes and fails quietly', async () => {
    const h = setup((c) => reply(c, fixture('dept_expired_token')), { refreshTo: 'access-2' });
    const error = await rejection(h.api.refreshToken('r-1'));
    expect(error.kind).toBe('body');
    expect(h.state.refreshes).toBe(0);
    expect(h.expired).toEqual([]);
    expect(h.notices).toEqual([]);
    expect(h.calls).toHaveLength(1);
  });

  it("dvadmin 2.0's raw refresh body {access, refresh} parses without an envelope", async () => {
    const h = setup((c) => reply(c, { access: 'a-2', refresh: 'r-2' }));
    await expect(h.api.refreshToken('r-1')).resolves.toEqual({ access: 'a-2', refresh: 'r-2' });
    expect(h.calls[0]!.url).toBe(Paths.tokenRefresh);
    expect(bodyOf(h.calls[0]!)).toEqual({ refresh: 'r-1' });
  });

  it('login asks for the HttpOnly refresh cookie (refresh_cookie=1) and sends credentials', async () => {
    const h = setup((c) => replyFixture(c, 'login'));
    await h.api.login({ username: 'superadmin', password: 'admin123456' });
    expect(queryOf(h.calls[0]!).get('refresh_cookie')).toBe('1');
    expect(h.calls[0]!.withCredentials).toBe(true);
  });

  it('in cookie mode the refresh and logout calls post {} with credentials (the server reads its cookie)', async () => {
    const h = setup((c) => (c.url === Paths.tokenRefresh ? reply(c, { access: 'a-2' }) : reply(c, ok)));
    await expect(h.api.refreshToken(null)).resolves.toEqual({ access: 'a-2' });
    await h.api.logout(null);
    expect(h.calls.map((c) => [c.url, bodyOf(c), c.withCredentials])).toEqual([
      [Paths.tokenRefresh, {}, true],
      [Paths.logout, {}, true],
    ]);
  });

  it('in body mode (dvadmin) logout posts the refresh token', async () => {
    const h = setup((c) => reply(c, ok));
    await h.api.logout('r-1');
    expect(bodyOf(h.calls[0]!)).toEqual({ refresh: 'r-1' });
  });

  it('a 401 while the session has no token for now (refresh failed at the network level) is an ordinary 401', async () => {
    const h = setup((c) => reply(c, { detail: 'expired' }, 401), {
      tokens: {
        getAccess: () => 'access-1',
        refreshAfter401: async () => ({ kind: 'unavailable' }),
        expire: () => {},
      },
    });
    const error = await rejection(h.http.get('/api/a/'));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: '未认证，请登录' });
    expect(error.authExpired).toBeUndefined();
    expect(h.notices).toEqual([{ kind: 'error', message: '未认证，请登录', durationMs: 5000 }]);
  });

  it('a raw body is accepted only where asked for: elsewhere a non-envelope is a parse error', async () => {
    const h = setup((c) => reply(c, { access: 'a-2' }));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(tZh('http:parse'));
  });
});

describe('HTTP status table (seed §8)', () => {
  const table: [number, string][] = [
    [400, '请求错误'],
    [403, '拒绝访问'],
    [404, '请求地址出错: /api/nowhere/'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
  ];
  it.each(table)('HTTP %i → %s, toasted for 5 s and logged', async (status, message) => {
    const h = setup((c) => reply(c, '<html>error</html>', status, { 'content-type': 'text/html' }));
    const error = await rejection(h.http.get('/api/nowhere/'));
    expect(error).toMatchObject({ kind: 'http', status, message, url: '/api/nowhere/' });
    expect(h.notices).toEqual([{ kind: 'error', message, durationMs: 5000 }]);
    expect(h.logs).toEqual([expect.objectContaining({ message, type: 'danger' })]);
  });

  it('gateway failures are transient (worth a later retry); server answers are not', async () => {
    const gateway = setup((c) => reply(c, '', 503));
    expect((await rejection(gateway.http.get('/api/a/'))).transient).toBe(true);
    const server = setup((c) => reply(c, '', 500));
    expect((await rejection(server.http.get('/api/a/'))).transient).toBe(false);
    const body = setup((c) => replyFixture(c, 'dept_no_token'));
    expect((await rejection(body.http.get('/api/a/'))).transient).toBe(false);
  });

  it('a status outside the table names its number', async () => {
    const h = setup((c) => reply(c, '', 418));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.message).toBe('请求失败（状态码 418）');
  });

  it('HTTP 404 marks the endpoint as missing', async () => {
    const h = setup((c) => reply(c, 'Not Found', 404, { 'content-type': 'text/html' }));
    expect(isMissingEndpoint(await rejection(h.http.get('/xy/message/get_message/')))).toBe(true);
  });
});

describe('body codes (CONTRACT.md "Envelope")', () => {
  it('2000 resolves with the whole envelope', async () => {
    const h = setup((c) => reply(c, ok));
    await expect(h.http.get('/api/a/')).resolves.toEqual(ok);
  });

  it('404 shows an info toast and resolves without data', async () => {
    const h = setup((c) => reply(c, { code: 404, msg: '没有找到', data: { x: 1 } }));
    const envelope = await h.http.get('/api/a/');
    expect(envelope).toEqual({ code: 404, msg: '没有找到', data: undefined });
    expect(h.notices).toEqual([{ kind: 'info', message: '没有找到', durationMs: 5000 }]);
  });

  it('an object msg is flattened to field:message', async () => {
    const h = setup((c) => reply(c, { code: 4000, data: null, msg: { name: ['该字段是必填项。'] } }));
    const error = await rejection(h.http.post('/api/system/dept/', {}));
    expect(error.message).toBe('name:该字段是必填项。');
  });

  it('other codes raise "<msg>: <url>"', async () => {
    const h = setup((c) => reply(c, { code: 5001, data: null, msg: '服务繁忙' }));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error).toMatchObject({ kind: 'body', code: 5001, message: '服务繁忙: /api/a/' });
    expect(h.notices[0]).toEqual({ kind: 'error', message: '服务繁忙: /api/a/', durationMs: 5000 });
  });

  it('quiet failures reject without a toast or a log entry', async () => {
    const h = setup((c) => replyFixture(c, 'dept_retrieve_404'));
    const error = await rejection(
      h.http.get('/api/captcha/status/', undefined, { quiet: isMissingEndpoint }),
    );
    expect(isMissingEndpoint(error)).toBe(true);
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it('an HTML page where JSON was expected is a parse error', async () => {
    const h = setup((c) => reply(c, '<!doctype html><html></html>', 200, { 'content-type': 'text/html' }));
    const error = await rejection(h.http.get('/api/a/'));
    expect(error.kind).toBe('parse');
  });
});

describe('cancellation', () => {
  it('a request aborted in flight rejects with kind cancelled and never toasts', async () => {
    const h = setup((c) => hangUntilAborted(c));
    const controller = new AbortController();
    const pending = rejection(h.http.get('/api/a/', undefined, { signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it('an already aborted signal never reaches the server', async () => {
    const h = setup((c) => reply(c, ok));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(h.http.get('/api/a/', undefined, { signal: controller.signal }));
    expect(error.kind).toBe('cancelled');
    expect(h.calls).toHaveLength(0);
    expect(h.notices).toEqual([]);
  });

  it('aborting during the retry delay cancels the retry', async () => {
    vi.useFakeTimers();
    const h = setup((c) => Promise.reject(networkError(c)));
    const controller = new AbortController();
    const pending = rejection(h.http.get('/api/a/', undefined, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.calls).toHaveLength(1);
    expect(h.notices).toEqual([]);
  });
});

describe('downloads', () => {
  it('an export returns the blob and its file name from Content-Disposition', async () => {
    const h = setup((c) => ({
      data: new Blob(['xlsx-bytes'], { type: 'application/vnd.ms-excel' }),
      status: 200,
      statusText: 'OK',
      headers: {
        'content-type': 'application/vnd.ms-excel',
        'content-disposition': 'attachment;filename=%E7%94%A8%E6%88%B7.xlsx',
      },
      config: c,
    }));
    const result = await h.http.download({ method: 'POST', url: '/api/system/user/export/' });
    expect(result.fileName).toBe('用户.xlsx');
    expect(await result.blob.text()).toBe('xlsx-bytes');
    expect(h.calls[0]!.responseType).toBe('blob');
  });

  it('an error envelope returned in place of the file rejects with the server message', async () => {
    const h = setup((c) => ({
      data: new Blob([JSON.stringify({ code: 4000, msg: '您没有执行该操作的权限。', data: null })], {
        type: 'application/json',
      }),
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json' },
      config: c,
    }));
    const error = await rejection(h.http.download({ method: 'POST', url: '/api/system/user/export/' }));
    expect(error).toMatchObject({ kind: 'body', code: 4000, message: '您没有执行该操作的权限。' });
  });
});
