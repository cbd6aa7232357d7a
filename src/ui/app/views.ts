import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteDescriptor } from '../../machines/routeGuard/types.ts';
import { i18n } from '../../services/i18n/index.ts';

/**
 * The registries of views reached from server menus, loaded lazily. A menu `component` such as
 * `system/dept/index` resolves to `views/system/dept/index.tsx` (or `views/system/dept.tsx` for
 * `system/dept`); a component with a marker prefix (`@shared/…`) resolves in the shared package's registry
 * (src/ui/shared-views); `@/…` is the app's own. Plugins may add registries under their own prefix. The
 * module's default export (or `Component`) is the page. A page is a folder's `index.tsx` or a file one level
 * down (`views/system/dept.tsx`); the other files of a page's folder are its parts, never reached from a
 * menu (nor listed in the sign-in page's bundle as lazy imports).
 */
export type ViewModule = { default?: React.ComponentType; Component?: React.ComponentType };
export type ViewLoader = () => Promise<ViewModule>;
/** Modules keyed `<folder>/<path>.tsx` as `import.meta.glob` returns them, and the folder prefix to strip. */
export type ViewRegistry = { root: string; modules: Record<string, ViewLoader> };

/** Seed §9: a lazy page chunk that does not arrive within 120 s fails like a missing component. */
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

const APP_VIEWS: ViewRegistry = {
  root: '../views/',
  modules: import.meta.glob<ViewModule>(['../views/**/index.tsx', '../views/*/*.tsx']),
};
const SHARED_VIEWS: ViewRegistry = {
  root: '../shared-views/',
  modules: import.meta.glob<ViewModule>(['../shared-views/**/index.tsx', '../shared-views/*/*.tsx']),
};

/** Marker prefix → registry; the empty prefix is the app's own views. */
const registries = new Map<string, ViewRegistry>([
  ['@shared/', SHARED_VIEWS],
  ['@/', APP_VIEWS],
  ['', APP_VIEWS],
]);

/** Adds a registry under a marker prefix (plugins). */
export function addViewRegistry(prefix: string, registry: ViewRegistry): void {
  registries.set(prefix, registry);
}

export function findView(
  component: string,
  from: ReadonlyMap<string, ViewRegistry> = registries,
): ViewLoader | undefined {
  const trimmed = component.trim();
  // The longest matching prefix wins (`@shared/` before ``).
  const prefix = [...from.keys()].filter((p) => trimmed.startsWith(p)).sort((a, b) => b.length - a.length)[0];
  const registry = prefix === undefined ? undefined : from.get(prefix);
  if (prefix === undefined || !registry) return undefined;
  const name = trimmed
    .slice(prefix.length)
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx?)$/, '');
  return (
    registry.modules[`${registry.root}${name}.tsx`] ?? registry.modules[`${registry.root}${name}/index.tsx`]
  );
}

/** Rejects when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const loadRetryPage = () => import('./ViewLoadFailed.tsx');
const loadIframePage = () => import('../pages/IframePage.tsx');

/**
 * The retry page (Mantine: its own chunk, never in the sign-in bundle). When that chunk cannot load either
 * (the network is down), the same message and retry in plain elements: the failure never goes unseen.
 */
export async function failedView(title: string, load = loadRetryPage): Promise<React.ComponentType> {
  try {
    const { ViewLoadFailed } = await load();
    return () => createElement(ViewLoadFailed, { title });
  } catch {
    return () =>
      createElement(
        'div',
        { role: 'alert', 'data-testid': 'view-load-failed' },
        createElement('p', null, i18n.t('shell:view_failed_title', { title, defaultValue: title })),
        createElement(
          'button',
          { type: 'button', onClick: () => window.location.reload() },
          i18n.t('shell:view_failed_retry', { defaultValue: '↻' }),
        ),
      );
  }
}

export type MenuRouteOptions = {
  /** The view of a menu route does not exist, or its chunk failed or timed out: the page is unreachable. */
  onUnreachable: (descriptor: RouteDescriptor, error?: unknown) => void;
  timeoutMs?: number;
  registries?: ReadonlyMap<string, ViewRegistry>;
};

/** What a route tells the title and the tabs (see routes.tsx `RouteHandle`). */
export type MenuRouteHandle = {
  name: string;
  title: string;
  pattern: string;
  cache: boolean;
};

/**
 * Route objects for the menu routes whose view exists; the others are reported (the page is unreachable)
 * and skipped, so their paths fall through to the 404 page. A chunk that fails or times out is reported
 * too and its page offers a retry instead of crashing. An embedded link (`frame`) needs no view: its route
 * shows the address in an iframe page, always kept alive.
 */
export function menuRoutes(
  descriptors: readonly RouteDescriptor[],
  options: MenuRouteOptions | ((descriptor: RouteDescriptor) => void),
): RouteObject[] {
  const {
    onUnreachable,
    timeoutMs = LAZY_CHUNK_TIMEOUT_MS,
    registries: from,
  } = typeof options === 'function' ? { onUnreachable: options } : options;
  const routes: RouteObject[] = [];
  const seen = new Set<string>();
  for (const descriptor of descriptors) {
    if (descriptor.isLink || !descriptor.name) continue;
    if (descriptor.frame) {
      const route = frameRoute(descriptor, descriptor.frame, timeoutMs);
      if (seen.has(route.path as string)) continue;
      seen.add(route.path as string);
      routes.push(route);
      continue;
    }
    const load = findView(descriptor.component, from);
    if (!load) {
      onUnreachable(descriptor);
      continue;
    }
    const path = descriptor.path.replace(/^\/+/, '');
    if (seen.has(path)) continue;
    seen.add(path);
    const handle: MenuRouteHandle = {
      name: descriptor.name,
      title: descriptor.title,
      pattern: `/${path}`,
      cache: descriptor.cache,
    };
    routes.push({
      id: `menu:${descriptor.name}:${descriptor.menuId}`,
      path,
      handle,
      lazy: async () => ({
        Component: await menuView(descriptor, load, {
          timeoutMs,
          onFailure: (error) => onUnreachable(descriptor, error),
        }),
      }),
    });
  }
  return routes;
}

/** An embedded link's route: the iframe page for `src`, titled by the menu name, kept alive. */
function frameRoute(descriptor: RouteDescriptor, src: string, timeoutMs: number): RouteObject {
  const path = descriptor.path.replace(/^\/+/, '');
  const handle: MenuRouteHandle = {
    name: descriptor.name,
    title: descriptor.title,
    pattern: `/${path}`,
    cache: true,
  };
  return {
    id: `menu:${descriptor.name}:${descriptor.menuId}`,
    path,
    handle,
    lazy: async () => ({ Component: await framePage(src, descriptor.title, timeoutMs) }),
  };
}

/**
 * A menu page's view (the module's default export, or `Component`), or — its chunk failed or timed out —
 * the retry page; `onFailure` hears why. Used by the menu routes and the phone console.
 */
export async function menuView(
  descriptor: RouteDescriptor,
  load: ViewLoader,
  {
    timeoutMs = LAZY_CHUNK_TIMEOUT_MS,
    onFailure,
  }: { timeoutMs?: number; onFailure?: (error: unknown) => void } = {},
): Promise<React.ComponentType> {
  try {
    const module = await withTimeout(load(), timeoutMs);
    const Component = module.default ?? module.Component;
    if (!Component) throw new Error(`view ${descriptor.component} has no default export`);
    return Component;
  } catch (error) {
    onFailure?.(error);
    return failedView(descriptor.title);
  }
}

/** An embedded link's page: the iframe page showing `src`, or the retry page when its chunk does not load. */
export async function framePage(
  src: string,
  title: string,
  timeoutMs = LAZY_CHUNK_TIMEOUT_MS,
): Promise<React.ComponentType> {
  try {
    const { IframePage } = await withTimeout(loadIframePage(), timeoutMs);
    return () => createElement(IframePage, { src, title });
  } catch {
    return failedView(title);
  }
}
