// Which translation namespaces ship with the sign-in page. Read by the i18n service (its eager glob must
// name the same files) and by the build (vite.config.ts groups every other namespace, per language, in one
// lazy chunk), so it imports nothing.

/** Namespaces bundled with the sign-in page; the rest load lazily. */
export const CORE_NAMESPACES = ['common', 'http', 'login', 'session'] as const;
