import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { isKnownPath } from '../../src/machines/routeGuard/paths.ts';
import type { RouteDescriptor } from '../../src/machines/routeGuard/types.ts';
import { failedView, findView, menuRoutes, type ViewRegistry } from '../../src/ui/app/views.ts';
import { registerPlugins } from '../../src/ui/plugins/registry.ts';

const view = () => Promise.resolve({ default: () => null });
const registries = new Map<string, ViewRegistry>([
  ['@shared/', { root: './shared/', modules: { './shared/report/index.tsx': view } }],
  ['', { root: './views/', modules: { './views/system/dept/index.tsx': view, './views/demo.tsx': view } }],
]);

const descriptor = (over: Partial<RouteDescriptor>): RouteDescriptor => ({
  path: '/dept',
  name: 'dept',
  title: '部门管理',
  component: 'system/dept/index',
  cache: false,
  isLink: false,
  menuId: 1,
  ...over,
});

describe('menu routes', () => {
  it('resolve components in the app views, and a marker prefix in the shared registry', () => {
    expect(findView('system/dept/index', registries)).toBe(view);
    expect(findView('/demo.vue', registries)).toBe(view);
    expect(findView('@shared/report', registries)).toBe(view);
    expect(findView('@shared/system/dept/index', registries)).toBeUndefined();
  });

  it('the app registry holds the pages the seeded menus name, and never a page’s parts', () => {
    expect(findView('xy/users/index')).toBeTypeOf('function');
    expect(findView('system/menu')).toBeTypeOf('function');
    expect(findView('@/system/log/loginLog/index')).toBeTypeOf('function');
    // components of a page's folder (they take props a route cannot give)
    expect(findView('xy/users/ApiKey')).toBeUndefined();
    expect(findView('xy/items/ItemsTable')).toBeUndefined();
  });

  it('a component that does not exist is logged and skipped, never a crash', () => {
    const onUnreachable = vi.fn();
    const routes = menuRoutes(
      [descriptor({}), descriptor({ path: '/gone', name: 'gone', component: 'nope/index', menuId: 2 })],
      { onUnreachable, registries },
    );
    expect(routes.map((r) => r.path)).toEqual(['dept']);
    expect(onUnreachable).toHaveBeenCalledWith(expect.objectContaining({ component: 'nope/index' }));
  });

  it('a route without a name makes no route (404); links make none; the route carries name, title and cache', () => {
    const routes = menuRoutes(
      [
        descriptor({ cache: true }),
        descriptor({ path: '/x', name: '', menuId: 3 }),
        descriptor({ path: 'https://x', isLink: true, menuId: 4 }),
      ],
      { onUnreachable: vi.fn(), registries },
    );
    expect(routes).toHaveLength(1);
    expect(routes[0]?.handle).toEqual({ name: 'dept', title: '部门管理', pattern: '/dept', cache: true });
  });

  it('an embedded link needs no view: its route at /iframe/<id> is made from the address and always kept alive', () => {
    const onUnreachable = vi.fn();
    const routes = menuRoutes(
      [
        descriptor({
          path: '/iframe/18',
          name: 'iframe-18',
          title: '官网',
          component: '',
          menuId: 18,
          frame: 'https://example.com',
        }),
      ],
      { onUnreachable, registries },
    );
    expect(routes.map((r) => r.path)).toEqual(['iframe/18']);
    expect(routes[0]?.handle).toEqual({
      name: 'iframe-18',
      title: '官网',
      pattern: '/iframe/18',
      cache: true,
    });
    expect(onUnreachable).not.toHaveBeenCalled();
  });

  it('a page chunk that does not arrive in time fails like a missing component, with a retry page', async () => {
    vi.useFakeTimers();
    try {
      const onUnreachable = vi.fn();
      const slow = new Map<string, ViewRegistry>([
        ['', { root: './v/', modules: { './v/slow.tsx': () => new Promise(() => {}) } }],
      ]);
      const [route] = menuRoutes([descriptor({ component: 'slow' })], {
        onUnreachable,
        registries: slow,
        timeoutMs: 120_000,
      });
      if (!route) throw new Error('no route');
      const lazy = (route.lazy as () => Promise<{ Component: unknown }>)();
      await vi.advanceTimersByTimeAsync(119_999);
      expect(onUnreachable).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const resolved = await lazy;
      expect(onUnreachable).toHaveBeenCalledTimes(1);
      expect(typeof resolved.Component).toBe('function');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when even the retry page cannot load, the failure still shows with a retry', async () => {
    const Fallback = await failedView('部门管理', () => Promise.reject(new Error('offline')));
    const html = renderToStaticMarkup(createElement(Fallback));
    expect(html).toContain('role="alert"');
    expect(html).toContain('页面「部门管理」加载失败');
    expect(html).toMatch(/<button type="button">重试<\/button>/);
  });

  it('paths under the micro-frontend prefix pass the guard without a named route', () => {
    expect(isKnownPath('/micro/app/page', [])).toBe(true);
    expect(isKnownPath('/unknown', [])).toBe(false);
  });
});

describe('plugins', () => {
  it('register routes, view registries and header tools; a plugin that throws is logged and skipped', () => {
    const onFailure = vi.fn();
    const registered = registerPlugins(
      {
        './oauth2/plugin.ts': {
          default: {
            name: 'oauth2',
            routes: [{ path: 'oauth2' }],
            headerTools: [{ name: 'x', Component: () => null }],
          },
        },
        './broken/plugin.ts': {
          default: () => {
            throw new Error('boom');
          },
        },
      },
      onFailure,
    );
    expect(registered.names).toEqual(['oauth2']);
    expect(registered.routes.map((r) => r.path)).toEqual(['oauth2']);
    expect(registered.headerTools.map((t) => t.name)).toEqual(['x']);
    expect(onFailure).toHaveBeenCalledWith('./broken/plugin.ts', expect.any(Error));
  });
});
