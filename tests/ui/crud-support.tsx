import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/services/i18n/index.ts';
import { theme } from '../../src/ui/theme.ts';
import { stubBrowser } from './support/render.tsx';

/** Renders a piece of the CRUD kit under the app theme, in zh-CN. */
export function renderKit(ui: ReactElement) {
  stubBrowser();
  const i18n = createI18n({ cookieLang: 'zh-chs' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
