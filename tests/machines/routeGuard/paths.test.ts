import { describe, expect, it } from 'vitest';
import * as Contract from '../../../src/contract/paths.ts';
import {
  INDEX_PATH,
  isForbiddenPath,
  isKnownPath,
  isLoginFree,
  LOGIN_FREE_PATHS,
  LOGIN_PATH,
  loginUrlFor,
  matchesPattern,
  redirectParam,
  targetAfterSignIn,
} from '../../../src/machines/routeGuard/paths.ts';

describe('route guard paths', () => {
  it('the login-free paths are /login, /auth-redirect, /bind, /register and /oauth2', () => {
    for (const path of ['/login', '/auth-redirect', '/bind', '/register', '/oauth2', '/login/']) {
      expect(isLoginFree(path)).toBe(true);
    }
    expect(isLoginFree('/index')).toBe(false);
    expect(isLoginFree('/loginx')).toBe(false);
  });

  it('the login URL carries the path and search as redirect', () => {
    expect(loginUrlFor({ path: '/dept', search: '?a=1&b=2' })).toBe(
      '/login?redirect=%2Fdept%3Fa%3D1%26b%3D2',
    );
    expect(loginUrlFor({ path: '/dept', search: 'a=1' })).toBe('/login?redirect=%2Fdept%3Fa%3D1');
    expect(loginUrlFor(null)).toBe('/login');
  });

  it('only a same-site path that is not login-free is a redirect target', () => {
    expect(redirectParam('?redirect=%2Fdept%3Fid%3D1')).toBe('/dept?id=1');
    expect(redirectParam('?redirect=%2F%2Fevil.example')).toBeNull();
    expect(redirectParam('?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(redirectParam('?redirect=%2Flogin')).toBeNull();
    expect(redirectParam('')).toBeNull();
  });

  it('after sign-in: the redirect, else /index; a deep link stays itself', () => {
    expect(targetAfterSignIn({ path: '/login', search: '?redirect=%2Fdept' })).toBe('/dept');
    expect(targetAfterSignIn({ path: '/login', search: '' })).toBe('/index');
    expect(targetAfterSignIn({ path: '/dept', search: '?id=1' })).toBe('/dept?id=1');
    expect(targetAfterSignIn(null)).toBe('/index');
  });

  it('patterns match exact segments, :params and a trailing *', () => {
    expect(matchesPattern('/redirect/*', '/redirect/a/b')).toBe(true);
    expect(matchesPattern('/user/:id', '/user/3')).toBe(true);
    expect(matchesPattern('/user/:id', '/user')).toBe(false);
    expect(matchesPattern('/dept', '/dept/')).toBe(true);
    expect(matchesPattern('/dept', '/department')).toBe(false);
  });

  it('static routes and menu routes are known; links are not routes', () => {
    const routes = [
      { path: '/dept', name: 'dept', title: '部门', component: 'x', cache: false, isLink: false, menuId: 1 },
      { path: '/docs', name: 'docs', title: '文档', component: 'y', cache: false, isLink: true, menuId: 2 },
    ];
    expect(isKnownPath('/index', routes)).toBe(true);
    expect(isKnownPath('/404', routes)).toBe(true);
    expect(isKnownPath('/dept', routes)).toBe(true);
    expect(isKnownPath('/docs', routes)).toBe(false);
    expect(isKnownPath('/nowhere', routes)).toBe(false);
  });
});

describe('refused pages (403)', () => {
  const routes = [
    { path: '/dept', name: 'dept', title: '部门', component: 'x', cache: false, isLink: false, menuId: 1 },
  ];

  it('a console page missing from the user’s routes is forbidden; one the user has is not', () => {
    expect(isForbiddenPath('/menu', routes)).toBe(true);
    expect(isForbiddenPath('/menu/', routes)).toBe(true);
    expect(isForbiddenPath('/dept', routes)).toBe(false);
  });

  it('a path that is no console page, and the static pages, are never forbidden (404 or shown)', () => {
    expect(isForbiddenPath('/nowhere', routes)).toBe(false);
    expect(isForbiddenPath('/menus', routes)).toBe(false);
    expect(isForbiddenPath('/index', routes)).toBe(false);
    expect(isForbiddenPath('/403', routes)).toBe(false);
    expect(isKnownPath('/403', routes)).toBe(true);
  });

  it('the set of console pages can be given (a chart test, another console)', () => {
    expect(isForbiddenPath('/report/:id', routes, ['/report/:id'])).toBe(true);
    expect(isForbiddenPath('/report/7', routes, ['/report/:id'])).toBe(true);
    expect(isForbiddenPath('/menu', routes, ['/report/:id'])).toBe(false);
  });
});

describe('route guard constants', () => {
  it('equal the contract (charts cannot import its values)', () => {
    expect(LOGIN_FREE_PATHS).toEqual(Contract.LOGIN_FREE_PATHS);
    expect(LOGIN_PATH).toBe(Contract.LOGIN_PATH);
    expect(INDEX_PATH).toBe(Contract.INDEX_PATH);
  });
});
