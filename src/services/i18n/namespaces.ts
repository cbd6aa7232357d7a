// Which translation namespaces ship with the sign-in page, and how a translation file is named. Read by
// the i18n service (its eager glob must name the same files) and by the build (vite.config.ts groups every
// other namespace, per language, in one lazy chunk), so it imports nothing.

/** Namespaces bundled with the sign-in page; the rest load lazily. */
export const CORE_NAMESPACES = ['common', 'http', 'login', 'session'] as const;

/** A translation file's language and namespace from its path (`…/locales/<language>/<namespace>.json`). */
export function localeFile(path: string): { language: string; namespace: string } | null {
  const match = /locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? { language: match[1], namespace: match[2] } : null;
}
