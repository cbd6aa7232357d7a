import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BootData } from '../../services/boot.ts';
import { changeLanguage, currentLanguage } from '../../services/i18n/index.ts';
import { afterPaint } from '../app/after-paint.ts';
import { refreshCaptchaAfterHandover, submitAfterHandover } from './handover.ts';
import { LoginView, loginViewSettings } from './LoginView.tsx';

/**
 * The sign-in page as the entry draws it in its first render, from the boot data the server put into the page
 * without the form drawn from it (a build without its renderer), before the router and the charts exist: the
 * same markup the console's LoginPage draws from the `login` chart a moment later, so the swap does not show.
 * The visitor can type at once; a submit or a captcha click made before the console takes over is carried out
 * by the console's form (handover.ts). `onPainted` runs once this form has been painted: the entry then starts
 * the console.
 */
export function FirstPaintLogin({ boot, onPainted }: { boot: BootData; onPainted: () => void }) {
  const { i18n } = useTranslation('login');
  useEffect(() => afterPaint(onPainted), [onPainted]);
  const captcha = boot.captcha;
  return (
    <LoginView
      {...loginViewSettings(boot.settings)}
      language={currentLanguage(i18n)}
      onLanguageChange={(lng) => void changeLanguage(lng, { instance: i18n })}
      captcha={{
        enabled: boot.captchaEnabled,
        key: captcha?.key ?? null,
        image: captcha?.image ?? null,
        loading: boot.captchaEnabled && !captcha,
      }}
      submitting={false}
      error={null}
      defaultUsername=""
      onSubmit={submitAfterHandover}
      onRefreshCaptcha={refreshCaptchaAfterHandover}
    />
  );
}
