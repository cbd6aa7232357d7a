import { DEFAULT_COLOR, normalizeHex } from './palette.ts';
import { DEFAULT_THEME, findTheme, THEMES } from './themes.ts';
import { COLOR_SCHEMES, type ColorScheme, type Preferences, SIZES, type Size } from './types.ts';

export const DEFAULT_PREFERENCES: Preferences = {
  theme: DEFAULT_THEME,
  color: DEFAULT_COLOR,
  size: 'default',
  colorScheme: 'auto',
  pageTransition: true,
  asideCollapse: false,
  asideTransition: true,
  breadcrumbs: true,
};

export const isSize = (v: unknown): v is Size => (SIZES as readonly unknown[]).includes(v);
export const isColorScheme = (v: unknown): v is ColorScheme =>
  (COLOR_SCHEMES as readonly unknown[]).includes(v);

/**
 * A saved slice of any shape, field by field against the defaults: what is valid is kept, what is not
 * falls back (an unknown colour scheme to `auto`, following the system). A theme that is saved but unknown (removed, renamed) falls back to the first theme.
 */
export function restorePreferences(saved: unknown): Preferences {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  const d = DEFAULT_PREFERENCES;
  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  const first = (THEMES[0] as { name: string }).name;
  const theme = s.theme === undefined ? d.theme : (findTheme(String(s.theme))?.name ?? first);
  return {
    theme,
    color: normalizeHex(s.color) ?? d.color,
    size: isSize(s.size) ? s.size : d.size,
    colorScheme: isColorScheme(s.colorScheme) ? s.colorScheme : d.colorScheme,
    pageTransition: bool(s.pageTransition, d.pageTransition),
    asideCollapse: bool(s.asideCollapse, d.asideCollapse),
    asideTransition: bool(s.asideTransition, d.asideTransition),
    // Absent (a slice saved before breadcrumbs existed) or not a boolean: shown.
    breadcrumbs: bool(s.breadcrumbs, d.breadcrumbs),
  };
}
