import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { addViewRegistry, type ViewRegistry } from '../app/views.ts';

/**
 * The plugin registry: a plugin is a folder under src/ui/plugins with a `plugin.ts` whose default export is
 * a `ShellPlugin` (or a function returning one). A plugin can add routes (outside the layout, e.g. the
 * oauth2 plugin's login-free `/oauth2`, or inside it), view registries under a marker prefix, and header
 * tools. A plugin whose registration throws is logged and skipped; the others still register.
 */
export type ShellPlugin = {
  name: string;
  /** Routes outside the layout (children of the root route). */
  routes?: RouteObject[];
  /** Routes inside the layout (with tabs). */
  layoutRoutes?: RouteObject[];
  /** View registries by marker prefix (`@myplugin/`), for menu components. */
  views?: Record<string, ViewRegistry>;
  /** Tools for the header's right side. */
  headerTools?: { name: string; Component: ComponentType }[];
};

export type PluginModule = { default?: ShellPlugin | (() => ShellPlugin) };

export type RegisteredPlugins = {
  names: string[];
  routes: RouteObject[];
  layoutRoutes: RouteObject[];
  views: Record<string, ViewRegistry>;
  headerTools: { name: string; Component: ComponentType }[];
};

/** Registers every plugin module; `onFailure` hears the ones that could not register. */
export function registerPlugins(
  modules: Record<string, PluginModule>,
  onFailure: (path: string, error: unknown) => void,
): RegisteredPlugins {
  const registered: RegisteredPlugins = {
    names: [],
    routes: [],
    layoutRoutes: [],
    views: {},
    headerTools: [],
  };
  for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    try {
      const entry = module.default;
      const plugin = typeof entry === 'function' ? entry() : entry;
      if (!plugin || typeof plugin.name !== 'string') throw new Error('no plugin exported');
      registered.names.push(plugin.name);
      registered.routes.push(...(plugin.routes ?? []));
      registered.layoutRoutes.push(...(plugin.layoutRoutes ?? []));
      Object.assign(registered.views, plugin.views ?? {});
      registered.headerTools.push(...(plugin.headerTools ?? []));
    } catch (error) {
      onFailure(path, error);
    }
  }
  return registered;
}

/** Plugins present in this build (eager: each `plugin.ts` should only describe, and lazy-load its pages). */
const modules = import.meta.glob<PluginModule>('./*/plugin.ts', { eager: true });

let failures: { path: string; error: unknown }[] = [];
/** The plugins of this build, registered once. Failures wait in `takePluginFailures()` until the log runs. */
export const plugins: RegisteredPlugins = registerPlugins(modules, (path, error) => {
  failures.push({ path, error });
});
for (const [prefix, registry] of Object.entries(plugins.views)) addViewRegistry(prefix, registry);

/** Registration failures not reported yet (the app system logs them once it runs). */
export function takePluginFailures(): { path: string; error: unknown }[] {
  const taken = failures;
  failures = [];
  return taken;
}

/** Header tools the plugins add (the header renders them after its own tools). */
export const pluginHeaderTools = () => plugins.headerTools;
