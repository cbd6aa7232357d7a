import type { i18n as I18n } from 'i18next';

/**
 * The `crud` and `system` namespaces travel with the system pages, not with the sign-in bundle (every file
 * under src/services/i18n/locales is bundled eagerly): they are added to the i18n instance when a page of
 * the kit first renders.
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function registerKitLocales(i18n: I18n): void {
  for (const [path, content] of Object.entries(bundles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2] || i18n.hasResourceBundle(match[1], match[2])) continue;
    i18n.addResourceBundle(match[1], match[2], content, true, true);
  }
}
