/**
 * The colour scheme in force: what the user chose (the preferences chart's `applyColorScheme` sets it)
 * and, for `auto`, the system's `prefers-color-scheme`, followed live. Every Mantine provider of the app
 * reads the resolved value (`MantineRoot`), so a change applies at once, without a reload.
 */
import type { ColorScheme } from '../machines/preferences/types.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let chosen: ColorScheme = 'auto';

const darkQuery = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : undefined;

/** The user's choice; listeners hear of it. */
export function setColorScheme(scheme: ColorScheme): void {
  if (scheme === chosen) return;
  chosen = scheme;
  for (const listener of listeners) listener();
}

export const getColorScheme = (): ColorScheme => chosen;

/** `light` or `dark`: the choice, or the system's for `auto`. */
export function resolveColorScheme(): 'light' | 'dark' {
  if (chosen !== 'auto') return chosen;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Hears the user's choice and the system's changes (for `useSyncExternalStore`). */
export function subscribeColorScheme(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  query?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener?.('change', listener);
  };
}
