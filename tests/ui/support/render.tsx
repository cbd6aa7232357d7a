import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../src/services/i18n/index.ts';
import { theme } from '../../../src/ui/theme.ts';

/** jsdom lacks what Mantine measures with: matchMedia, ResizeObserver, scrollIntoView. */
export function stubBrowser(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  Element.prototype.scrollIntoView ??= () => {};
}

/** Renders under the app's Mantine theme (test env: no transitions, no portals) and i18n in `lang`. */
export function renderUi(ui: ReactElement, lang: 'zh-CN' | 'en' = 'zh-CN') {
  stubBrowser();
  const i18n = createI18n({ cookieLang: lang === 'en' ? 'en' : 'zh-chs' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper }), i18n };
}
