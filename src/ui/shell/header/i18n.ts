import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/**
 * The `header` namespace travels with the header (the lazy shell chunk) instead of the eager locale glob
 * in src/services/i18n, so the sign-in page's first load does not carry it. It is added to whichever
 * i18next instance renders the header, before the first lookup.
 */
export const HEADER_NS = 'header';
export const headerResources = { 'zh-CN': zhCN, en } as const;

export function addHeaderTranslations(instance: I18n): void {
  for (const [language, bundle] of Object.entries(headerResources))
    if (!instance.hasResourceBundle(language, HEADER_NS))
      instance.addResourceBundle(language, HEADER_NS, bundle, true, false);
}

/** `useTranslation('header')`, with the namespace added first. */
export function useHeaderTranslation() {
  addHeaderTranslations(useTranslation().i18n);
  return useTranslation(HEADER_NS);
}
