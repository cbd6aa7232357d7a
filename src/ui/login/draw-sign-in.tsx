// The sign-in page drawn by the server (issue 15). The reference server renders this module (built into
// `<build>/.ssr/` by scripts/lib/sign-in-renderer.ts) into /login's HTML, so the form is on screen and takes
// typing as soon as the page and its stylesheet arrive, before any script has run. It is the very markup the
// console's LoginView draws from the same data (the settings and the page's captcha challenge); the console's
// form replaces it with what was typed (handover.ts), and a submit or a captcha click made meanwhile is held
// on the form by the page's inline guard (server/http/sign-in-guard.ts) for the console to carry out. Not
// hydrated: the console renders its own tree over it, so the two never have to agree on React's internals.
// Rendering the page takes a few ms; it changes only with the settings and the language, so each is rendered
// once, with markers where the challenge goes, and a request only puts its challenge in.
import type { i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { BootData } from '../../services/boot.ts';
import { createI18n, type Language, languageFromCookie, resources } from '../../services/i18n/index.ts';
import { LoginView, loginViewSettings } from './LoginView.tsx';

const instances = new Map<Language, I18n>();
/** Rendered pages by language and settings; a settings change starts a new entry (a few at most are kept). */
const pages = new Map<string, string>();
const MAX_PAGES = 8;
/** Where a page's challenge goes: marker values no setting can hold by chance. */
const marker = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
const KEY_MARKER = `captcha-key-${marker}`;
const IMAGE_MARKER = `data:image/svg+xml;base64,${marker}`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One i18next instance per language, holding the bundled (sign-in page) namespaces only. */
function translations(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n({ cookieLang: language, resources });
    instances.set(language, instance);
  }
  return instance;
}

/**
 * The sign-in page's markup for `boot`, in the language of the `lang` cookie's value (dvadmin's `zh-chs` or
 * `en`; the default when absent), and that language for `<html lang>`.
 */
export function drawSignIn(boot: BootData, cookieLang?: string): { html: string; language: Language } {
  const language = languageFromCookie(cookieLang);
  const challenge = boot.captcha;
  const id = JSON.stringify([language, boot.captchaEnabled, !!challenge, boot.settings]);
  let page = pages.get(id);
  if (page === undefined) {
    page = render(boot, language);
    if (pages.size >= MAX_PAGES) pages.clear();
    pages.set(id, page);
  }
  const html = challenge
    ? page
        .replaceAll(KEY_MARKER, () => escapeAttribute(String(challenge.key)))
        .replaceAll(IMAGE_MARKER, () => escapeAttribute(challenge.image))
    : page;
  return { html, language };
}

function render(boot: BootData, language: Language): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={translations(language)}>
      <LoginView
        {...loginViewSettings(boot.settings)}
        language={language}
        onLanguageChange={() => undefined}
        captcha={{
          enabled: boot.captchaEnabled,
          key: boot.captcha ? KEY_MARKER : null,
          image: boot.captcha ? IMAGE_MARKER : null,
          loading: boot.captchaEnabled && !boot.captcha,
        }}
        submitting={false}
        error={null}
        defaultUsername=""
        onSubmit={() => undefined}
        onRefreshCaptcha={() => undefined}
        serverDrawn
      />
    </I18nextProvider>,
  );
}
