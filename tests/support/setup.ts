// Vitest setup for every file. Views and effects translate through the app's i18n instance, whose non-core
// namespaces are lazy chunks in the browser (src/services/i18n): load them all up front so a test never
// sees a key instead of its text.
const { preloadNamespaces } = await import('../../src/services/i18n/index.ts');
await preloadNamespaces();

export {};
