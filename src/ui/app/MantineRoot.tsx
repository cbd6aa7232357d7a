import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../readable-colors.css';
import { MantineProvider, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { resolveColorScheme, subscribeColorScheme } from '../../services/color-scheme.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

/** `light` or `dark`: the user's choice (preferences), or the system's for `auto`, live. */
export function useResolvedColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeColorScheme, resolveColorScheme, () => 'light');
}

/**
 * Mantine for the parts that load lazily (the shell, the 404 page, toasts). The sign-in page is drawn
 * without it so the first load stays small; each lazy part wraps itself in this provider. `override`
 * merges into the app theme (the shell passes the user's component size). Every provider forces the same
 * resolved colour scheme, so they never disagree about `data-mantine-color-scheme` on the document.
 */
export function MantineRoot({
  children,
  override,
}: {
  children: ReactNode;
  override?: MantineThemeOverride;
}) {
  const merged = useMemo(() => (override ? mergeThemeOverrides(theme, override) : theme), [override]);
  const colorScheme = useResolvedColorScheme();
  return (
    <MantineProvider
      theme={merged}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      forceColorScheme={colorScheme}
    >
      {children}
    </MantineProvider>
  );
}
