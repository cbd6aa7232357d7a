import type { PreferencesMachine } from '../../machines/preferences/preferences.machine.ts';
import type { Preferences, Theme } from '../../machines/preferences/types.ts';

/** The part of `document.documentElement` the effects touch (a fake in tests). */
export type StyleRoot = {
  setAttribute(name: string, value: string): void;
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): string };
};

export type PreferencesDeps = {
  /** Persist the slice for the signed-in user (Dexie `sys`, keyed by the uuid cookie or `ghost-uuid`). */
  savePreferences: (slice: Preferences) => Promise<void> | void;
  /** The router's navigate. */
  navigate: (to: string, options: { replace: boolean; state: { from: string } }) => void;
  /** The current location (`pathname + search + hash`), where `/refresh` sends the user back to. */
  currentPath: () => string;
  root: StyleRoot;
  onError?: (error: unknown) => void;
};

/**
 * Binds the preferences chart's placeholders: `preferencesMachine.provide(createPreferencesImplementations(deps))`.
 * CSS variables: `--app-primary` and `--app-primary-0` … `--app-primary-9` (light → dark), plus element-ui's
 * names for the shades dvadmin styles use; the theme as `data-theme` on the root, its background image as
 * `--app-background-image`.
 */
export function createPreferencesImplementations(deps: PreferencesDeps) {
  const onError = deps.onError ?? (() => {});
  const { root } = deps;
  return {
    actions: {
      savePreferences: (_: unknown, params: { slice: Preferences }) => {
        Promise.resolve()
          .then(() => deps.savePreferences(params.slice))
          .catch(onError);
      },
      applyTheme: (_: unknown, params: { theme: Theme }) => {
        root.setAttribute('data-theme', params.theme.name);
        if (params.theme.backgroundImage)
          root.style.setProperty('--app-background-image', params.theme.backgroundImage);
        else root.style.removeProperty('--app-background-image');
      },
      applyColor: (_: unknown, params: { color: string; palette: string[] }) => {
        root.style.setProperty('--app-primary', params.color);
        for (const [i, shade] of params.palette.entries())
          root.style.setProperty(`--app-primary-${i}`, shade);
        const [l9, l8, l7, l5, l3, , , d2] = params.palette;
        const element = {
          'light-9': l9,
          'light-8': l8,
          'light-7': l7,
          'light-5': l5,
          'light-3': l3,
          'dark-2': d2,
        };
        root.style.setProperty('--el-color-primary', params.color);
        for (const [name, shade] of Object.entries(element))
          if (shade) root.style.setProperty(`--el-color-primary-${name}`, shade);
      },
      reloadThroughRefresh: () =>
        deps.navigate('/refresh', { replace: true, state: { from: deps.currentPath() } }),
    },
  } satisfies Parameters<PreferencesMachine['provide']>[0];
}
