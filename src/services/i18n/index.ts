import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSessionCookies } from '../cookies.ts';
import { localeFile } from './namespaces.ts';

/**
 * i18next setup (seed §9: default zh-chs, fallback en, stored in the `lang` cookie).
 *
 * Resources are every `./locales/<lng>/<namespace>.json`: a namespace is added by dropping its files in.
 * The few the sign-in page needs (`CORE_NAMESPACES`) are bundled with it; every other namespace is a lazy
 * chunk, fetched in the background at start-up (`preloadNamespaces`) and on demand by react-i18next
 * (`useTranslation('tabs')` suspends until it arrives), so the /login bundle does not grow with the app.
 * The `lang` cookie holds dvadmin's values (`zh-chs`, `en`) so a dvadmin console sharing the cookie agrees;
 * inside the app the languages are `zh-CN` and `en`.
 */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const FALLBACK_LANGUAGE: Language = 'en';
export const DEFAULT_NAMESPACE = 'common';

/** The cookie value a dvadmin console writes for each language. */
const COOKIE_VALUE: Record<Language, string> = { 'zh-CN': 'zh-chs', en: 'en' };

/** `zh-chs`, `zh`, `zh-CN`, `zh-Hans`… → zh-CN; `en`, `en-US`… → en; anything else → the default. */
export function languageFromCookie(value: string | undefined | null): Language {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return DEFAULT_LANGUAGE;
}

export function cookieValueFor(language: Language): string {
  return COOKIE_VALUE[language];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `{'./locales/zh-CN/common.json': {...}}` → `{'zh-CN': {common: {...}}}`. */
export function collectResources(modules: Record<string, unknown>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const file = localeFile(path);
    if (!file || content === null || typeof content !== 'object') continue;
    const byNamespace = resources[file.language] ?? {};
    byNamespace[file.namespace] = content as Record<string, unknown>;
    resources[file.language] = byNamespace;
  }
  return resources;
}

export { CORE_NAMESPACES } from './namespaces.ts';

// The eager glob names the files of CORE_NAMESPACES (import.meta.glob takes literals only).
const localeModules = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/common.json', './locales/*/http.json', './locales/*/login.json', './locales/*/session.json'],
  { eager: true, import: 'default' },
);
const lazyLocaleModules = import.meta.glob<Record<string, unknown>>(
  [
    './locales/*/*.json',
    '!./locales/*/common.json',
    '!./locales/*/http.json',
    '!./locales/*/login.json',
    '!./locales/*/session.json',
  ],
  { import: 'default' },
);

/** The bundled (core) translations. */
export const resources: Resource = collectResources(localeModules);

/** Every namespace there is, bundled or lazy. */
export const NAMESPACES: readonly string[] = [
  ...new Set(
    [...Object.keys(localeModules), ...Object.keys(lazyLocaleModules)].map(
      (path) => /([^/]+)\.json$/.exec(path)?.[1] ?? DEFAULT_NAMESPACE,
    ),
  ),
];

/** An i18next backend reading the lazy namespaces' chunks. */
const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(
    language: string,
    namespace: string,
    callback: (error: unknown, data?: Record<string, unknown>) => void,
  ) {
    const load = lazyLocaleModules[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error),
    );
  },
};

export type CreateI18nOptions = {
  /** The `lang` cookie value read at start-up. */
  cookieLang?: string | undefined;
  resources?: Resource;
  /** Hook the instance into react-i18next (default true). */
  react?: boolean;
};

/** A synchronously initialised i18next instance (resources are bundled, so no async loading). */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const res = options.resources ?? withLoaded(resources);
  const namespaces = [...new Set(Object.values(res).flatMap((byNs) => Object.keys(byNs)))];
  const instance = i18next.createInstance();
  // Without explicit resources, the lazy namespaces come through the backend.
  if (!options.resources) instance.use(lazyBackend);
  if (options.react !== false) instance.use(initReactI18next);
  void instance.init({
    // a copy: lazy namespaces are added to the instance's store, never to the exported bundled map
    resources: structuredClone(res),
    partialBundledLanguages: true,
    lng: languageFromCookie(options.cookieLang),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: namespaces.length > 0 ? namespaces : [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
    // views re-render when a lazy namespace arrives
    react: { bindI18nStore: 'added' },
  });
  return instance;
}

const preloading = new WeakMap<I18n, Promise<void>>();

/**
 * Fetches every lazy namespace in both languages (so a language switch and `t()` outside React find them),
 * once per instance. Not at boot: the sign-in page asks for it in idle time once its form is usable
 * (`whenIdle` of the page's `prefetchShell`), the shell at once — nothing the sign-in page does not need competes with its
 * own requests. Resolves even when a chunk fails (the keys then show until a retry).
 */
export function preloadNamespaces(instance: I18n = i18n): Promise<void> {
  let pending = preloading.get(instance);
  if (!pending) {
    pending = loadAllNamespaces(instance);
    preloading.set(instance, pending);
  }
  return pending;
}

async function loadAllNamespaces(instance: I18n): Promise<void> {
  await Promise.allSettled(
    Object.entries(lazyLocaleModules).map(async ([path, load]) => {
      const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      if (!match?.[1] || !match[2]) return;
      const bundle = await load();
      loadedLazy[match[1]] = { ...loadedLazy[match[1]], [match[2]]: bundle };
      if (!instance.hasResourceBundle(match[1], match[2]))
        instance.addResourceBundle(match[1], match[2], bundle, true, false);
    }),
  );
}

/** Lazy namespaces fetched so far: instances created later start with them. */
const loadedLazy: Resource = {};

function withLoaded(core: Resource): Resource {
  const merged: Resource = {};
  for (const language of new Set([...Object.keys(core), ...Object.keys(loadedLazy)])) {
    merged[language] = { ...core[language], ...loadedLazy[language] };
  }
  return merged;
}

function readLangCookie(): string | undefined {
  return typeof document === 'undefined' ? undefined : getSessionCookies().getLang();
}

/** The app's instance (language from the `lang` cookie). */
export const i18n: I18n = createI18n({ cookieLang: readLangCookie() });

/** Translate outside React (`t('http:status.500')`). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options ?? {}) as string;
}

/** The current app language. */
export function currentLanguage(instance: I18n = i18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : languageFromCookie(lng);
}

/**
 * Switches the language and persists it in the `lang` cookie (dvadmin's value), and on the `<html lang>`.
 * `persist` defaults to writing the page cookie; tests pass their own.
 */
export async function changeLanguage(
  language: string,
  options: { instance?: I18n; persist?: (cookieValue: string) => void } = {},
): Promise<Language> {
  const instance = options.instance ?? i18n;
  const next = isLanguage(language) ? language : languageFromCookie(language);
  await instance.changeLanguage(next);
  const persist = options.persist ?? writeLangCookie;
  persist(cookieValueFor(next));
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  return next;
}

function writeLangCookie(value: string): void {
  if (typeof document !== 'undefined') getSessionCookies().setLang(value);
}
