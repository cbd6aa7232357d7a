import type { RouteObject } from 'react-router';
import type { RouteDescriptor } from '../../machines/routeGuard/types.ts';
import type { RouteHandle } from './routes.tsx';

/**
 * The registry of views reached from server menus: every module under src/ui/views, loaded lazily.
 * A menu `component` such as `system/dept/index` resolves to `views/system/dept/index.tsx` (or
 * `views/system/dept.tsx` for `system/dept`); the module's default export (or `Component`) is the page.
 */
type ViewModule = { default?: React.ComponentType; Component?: React.ComponentType };
const modules = import.meta.glob<ViewModule>('../views/**/*.tsx');

export function findView(component: string): (() => Promise<ViewModule>) | undefined {
  const name = component
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx?)$/, '');
  return modules[`../views/${name}.tsx`] ?? modules[`../views/${name}/index.tsx`];
}

/**
 * Route objects for the menu routes whose view exists; the others are reported (the page is unreachable)
 * and skipped, so their paths fall through to the 404 page.
 */
export function menuRoutes(
  descriptors: readonly RouteDescriptor[],
  onUnreachable: (descriptor: RouteDescriptor) => void,
): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const descriptor of descriptors) {
    if (descriptor.isLink) continue;
    const load = findView(descriptor.component);
    if (!load) {
      onUnreachable(descriptor);
      continue;
    }
    const handle: RouteHandle = { title: descriptor.title, cache: descriptor.cache };
    routes.push({
      id: `menu:${descriptor.name}:${descriptor.menuId}`,
      path: descriptor.path.replace(/^\/+/, ''),
      handle,
      lazy: async () => {
        const module = await load();
        const Component = module.default ?? module.Component;
        if (!Component) throw new Error(`view ${descriptor.component} has no default export`);
        return { Component };
      },
    });
  }
  return routes;
}
