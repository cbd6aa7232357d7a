// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { type CookieDocument, createCookieJar, createSessionCookies } from '../../src/services/cookies.ts';

function clearAll() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) createCookieJar(document).remove(name);
  }
}

afterEach(clearAll);

describe('session cookies (seed §4, §9)', () => {
  const cookies = () => createSessionCookies(createCookieJar(document));

  it('login writes uuid, token and refresh; they read back', () => {
    const c = cookies();
    c.setSession({ token: 'a.b.c', refresh: 'r.r.r', uuid: 1 });
    expect([c.getToken(), c.getRefresh(), c.getUuid()]).toEqual(['a.b.c', 'r.r.r', '1']);
  });

  it('a login in cookie mode writes no refresh cookie, only refresh_mode=cookie; body mode removes it again', () => {
    const c = cookies();
    c.setSession({ token: 't', refresh: null, refreshMode: 'cookie', uuid: 1 });
    expect(c.getRefresh()).toBeUndefined();
    expect(c.getRefreshMode()).toBe('cookie');
    c.setSession({ token: 't', refresh: 'r', refreshMode: 'body', uuid: 1 });
    expect(c.getRefresh()).toBe('r');
    expect(c.getRefreshMode()).toBe('body');
    c.setSession({ token: 't', refresh: null, refreshMode: 'cookie', uuid: 1 });
    c.clearSession();
    expect(c.getRefreshMode()).toBe('body');
  });

  it('a token cookie whose value is the text "undefined" is no token', () => {
    createCookieJar(document).set('token', 'undefined');
    expect(cookies().getToken()).toBeUndefined();
  });

  it('clearing the session removes token, uuid and refresh but keeps the language', () => {
    const c = cookies();
    c.setSession({ token: 't', refresh: 'r', uuid: 'u' });
    c.setLang('en');
    c.clearSession();
    expect([c.getToken(), c.getRefresh(), c.getUuid(), c.getLang()]).toEqual([
      undefined,
      undefined,
      undefined,
      'en',
    ]);
  });

  it('a refresh replaces the token and keeps the refresh token unless a new one came', () => {
    const c = cookies();
    c.setSession({ token: 't1', refresh: 'r1', uuid: 'u' });
    c.setTokens({ token: 't2' });
    expect([c.getToken(), c.getRefresh()]).toEqual(['t2', 'r1']);
    c.setTokens({ token: 't3', refresh: 'r3' });
    expect([c.getToken(), c.getRefresh()]).toEqual(['t3', 'r3']);
  });

  it('cookies expire after 1 day, for the whole site, SameSite=Lax', () => {
    const written: string[] = [];
    const doc: CookieDocument = {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    const now = Date.UTC(2026, 10, 21, 0, 0, 0);
    createCookieJar(doc, () => now).set('token', 'x y');
    expect(written[0]).toBe('token=x%20y; expires=Sun, 22 Nov 2026 00:00:00 GMT; path=/; SameSite=Lax');
  });

  it('values are URL-encoded and decoded', () => {
    const jar = createCookieJar(document);
    jar.set('lang', 'zh-chs;x=1');
    expect(jar.get('lang')).toBe('zh-chs;x=1');
  });
});
