import type { ReadableColors } from '../../machines/preferences/palette.ts';
import type { PreferencesMachine } from '../../machines/preferences/preferences.machine.ts';
import type { ColorScheme, Preferences, Theme } from '../../machines/preferences/types.ts';

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
  /** The user's colour scheme for every Mantine provider (`src/services/color-scheme.ts`). */
  setColorScheme: (scheme: ColorScheme) => void;
  onError?: (error: unknown) => void;
};

/**
 * Binds the preferences chart's placeholders: `preferencesMachine.provide(createPreferencesImplementations(deps))`.
 * CSS variables: `--app-primary` and `--app-primary-0` … `--app-primary-9` (light → dark), plus element-ui's
 * names for the shades dvadmin styles use; Mantine's `brand` shades (`--mantine-color-brand-N`) so every
 * Mantine component takes the colour, and the readable variants (`--app-primary-filled`, `-filled-hover`,
 * `-text`, `-text-dark`) that `src/ui/readable-colors.css` hands to Mantine's filled / text / outline
 * variables per colour scheme; the theme as `data-theme` on the root, its background image as
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
      applyColor: (_: unknown, params: { color: string; palette: string[]; readable: ReadableColors }) => {
        root.style.setProperty('--app-primary', params.color);
        for (const [i, shade] of params.palette.entries()) {
          root.style.setProperty(`--app-primary-${i}`, shade);
          root.style.setProperty(`--mantine-color-brand-${i}`, shade);
        }
        const { filled, filledHover, text, textDark } = params.readable;
        root.style.setProperty('--app-primary-filled', filled);
        root.style.setProperty('--app-primary-filled-hover', filledHover);
        root.style.setProperty('--app-primary-text', text);
        root.style.setProperty('--app-primary-text-dark', textDark);
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
      applyColorScheme: (_: unknown, params: { colorScheme: ColorScheme }) =>
        deps.setColorScheme(params.colorScheme),
      reloadThroughRefresh: () =>
        deps.navigate('/refresh', { replace: true, state: { from: deps.currentPath() } }),
    },
  } satisfies Parameters<PreferencesMachine['provide']>[0];
}
