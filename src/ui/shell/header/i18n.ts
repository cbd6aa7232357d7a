import { useTranslation } from 'react-i18next';

/** The header tools' namespace (a lazy one: src/services/i18n/locales/<lng>/header.json). */
export const HEADER_NS = 'header';

/** `useTranslation('header')`. */
export function useHeaderTranslation() {
  return useTranslation(HEADER_NS);
}
