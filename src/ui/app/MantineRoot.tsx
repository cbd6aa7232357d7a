import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';

/**
 * Mantine for the parts that load lazily (the shell, the 404 page, toasts). The sign-in page is drawn
 * without it so the first load stays small; each lazy part wraps itself in this provider.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
