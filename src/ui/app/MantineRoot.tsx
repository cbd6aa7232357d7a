import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { theme } from '../theme.ts';

/**
 * Mantine for the parts that load lazily (the shell, the 404 page, toasts). The sign-in page is drawn
 * without it so the first load stays small; each lazy part wraps itself in this provider. `override`
 * merges into the app theme (the shell passes the user's component size).
 */
export function MantineRoot({
  children,
  override,
}: {
  children: ReactNode;
  override?: MantineThemeOverride;
}) {
  const merged = useMemo(() => (override ? mergeThemeOverrides(theme, override) : theme), [override]);
  return (
    <MantineProvider theme={merged} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
