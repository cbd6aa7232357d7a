import type { SnapshotFrom } from 'xstate';
import { generatePalette } from './palette.ts';
import type { PreferencesMachine } from './preferences.machine.ts';
import { findTheme, THEMES } from './themes.ts';
import type { ColorScheme, Preferences, Size, Theme } from './types.ts';

type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>;

export const selectPreferences = (s: PreferencesSnapshot): Preferences => s.context;
export const selectThemeName = (s: PreferencesSnapshot): string => s.context.theme;
export const selectTheme = (s: PreferencesSnapshot): Theme =>
  findTheme(s.context.theme) ?? (THEMES[0] as Theme);
export const selectColor = (s: PreferencesSnapshot): string => s.context.color;
/** Memoise in the view (`useMemo` on the colour): a new array on every call. */
export const selectPalette = (s: PreferencesSnapshot): string[] => generatePalette(s.context.color);
export const selectSize = (s: PreferencesSnapshot): Size => s.context.size;
export const selectColorScheme = (s: PreferencesSnapshot): ColorScheme => s.context.colorScheme;
export const selectPageTransition = (s: PreferencesSnapshot): boolean => s.context.pageTransition;
export const selectAsideCollapse = (s: PreferencesSnapshot): boolean => s.context.asideCollapse;
export const selectAsideTransition = (s: PreferencesSnapshot): boolean => s.context.asideTransition;
export const selectBreadcrumbs = (s: PreferencesSnapshot): boolean => s.context.breadcrumbs;
export const selectIsRestored = (s: PreferencesSnapshot): boolean => s.matches('ready');
