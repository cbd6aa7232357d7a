import { useSelector } from '@xstate/react';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCaptchaEnabled,
  selectCaptchaImage,
  selectCaptchaKey,
  selectIsCaptchaLoading,
  selectIsLoginPreparing,
  selectIsSubmitting,
  selectLoginError,
  selectLoginSettings,
  selectLoginUsername,
} from '../../machines/session/selectors.ts';
import { changeLanguage, currentLanguage } from '../../services/i18n/index.ts';
import { whenIdle } from '../../services/idle.ts';
import { useLoginRef } from '../app/actor.ts';
import { PageLoader } from '../app/PageLoader.tsx';
import { reasonText } from '../app/reason.ts';
import { PageServicesContext } from '../pages/services.ts';
import { LoginView, loginViewSettings } from './LoginView.tsx';

/** /login: reads the `login` chart and sends the form's intents to it. */
export function LoginPage() {
  const login = useLoginRef();
  const { t, i18n } = useTranslation('login');
  const settings = useSelector(login, (s) => (s ? selectLoginSettings(s) : null));
  const captchaEnabled = useSelector(login, (s) => (s ? selectCaptchaEnabled(s) : false));
  const captchaKey = useSelector(login, (s) => (s ? selectCaptchaKey(s) : null));
  const captchaImage = useSelector(login, (s) => (s ? selectCaptchaImage(s) : null));
  const captchaLoading = useSelector(login, (s) => (s ? selectIsCaptchaLoading(s) : false));
  const submitting = useSelector(login, (s) => (s ? selectIsSubmitting(s) : false));
  const error = useSelector(login, (s) => (s ? selectLoginError(s) : null));
  const username = useSelector(login, (s) => (s ? selectLoginUsername(s) : ''));
  // Until the settings and the captcha decision are in (asked together, see session.ts): the form then
  // appears whole, its captcha row not popping in a moment later; a script that finds no captcha row on the
  // shown form knows the server asks none.
  const preparing = useSelector(login, (s) => !s || selectIsLoginPreparing(s));
  const formShown = !!login && !preparing;
  // Once the form is usable, the shell's code and translations are fetched ahead so that signing in does
  // not wait for them: at the user's first touch of the page (typing a name takes seconds) or after a few
  // quiet seconds (a password manager may fill the form untouched) — never competing with the page's own
  // requests, nor spent on a visitor who leaves at once.
  const prefetchShell = useContext(PageServicesContext)?.prefetchShell;
  useEffect(() => {
    if (!formShown || !prefetchShell) return;
    return prefetchOnFirstTouch(() => whenIdle(prefetchShell));
  }, [formShown, prefetchShell]);

  // Restoring the session, or signed in and about to leave: nothing to fill in yet.
  if (!login || preparing) return <PageLoader />;
  return (
    <LoginView
      {...loginViewSettings(settings)}
      language={currentLanguage(i18n)}
      onLanguageChange={(lng) => void changeLanguage(lng, { instance: i18n })}
      captcha={{ enabled: captchaEnabled, key: captchaKey, image: captchaImage, loading: captchaLoading }}
      submitting={submitting}
      error={reasonText(t, error)}
      defaultUsername={username}
      onSubmit={(values) => login.send({ type: 'login.submitted', ...values })}
      onRefreshCaptcha={() => login.send({ type: 'login.captchaRefreshRequested' })}
    />
  );
}

const QUIET_PREFETCH_MS = 3_000;
const TOUCH_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `start` once: on the first pointer, key or focus event of the document (at once when something has the
 * focus already), or after a quiet while.
 */
export function prefetchOnFirstTouch(start: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cleanup();
    start();
  };
  const timer = setTimeout(run, QUIET_PREFETCH_MS);
  for (const type of TOUCH_EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
  // Touched already: the visitor began in the page's first form (drawn by the server or the entry), and the
  // handover moved their focus into this one before these listeners were there.
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) run();
  function cleanup() {
    clearTimeout(timer);
    for (const type of TOUCH_EVENTS) document.removeEventListener(type, run, { capture: true });
  }
  return cleanup;
}
