// Vitest setup for every file. Views and effects translate through the app's i18n instance, whose non-core
// namespaces are lazy chunks in the browser (src/services/i18n): load them all up front so a test never
// sees a key instead of its text. Files share a worker's modules (`isolate: false`, vite.config.ts), so each
// starts in the default language whatever the file before it switched to.
const { DEFAULT_LANGUAGE, i18n, preloadNamespaces } = await import('../../src/services/i18n/index.ts');
await preloadNamespaces();
if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);

export {};
