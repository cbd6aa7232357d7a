import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Svg } from '../icons/Svg.tsx';
import { Field } from './Field.tsx';
import { lockGlyph, shieldGlyph, userGlyph } from './glyphs.ts';
import { applyHandover, takeHandover } from './handover.ts';
import classes from './Login.module.css';
import { PasswordField } from './PasswordField.tsx';

export type LoginValues = { username: string; password: string; captcha: string };

export type CaptchaView = {
  /** False when the server has captcha off: the row is not rendered at all. */
  enabled: boolean;
  /** Key of the current challenge; a new key remounts (and so clears) the captcha field. */
  key: string | number | null;
  /** data: URL of the challenge image, null while loading or after a failure. */
  image: string | null;
  loading: boolean;
};

export type LoginFormProps = {
  captcha: CaptchaView;
  submitting: boolean;
  /** Why the last attempt failed (the server's message), shown above the button. */
  error: string | null;
  /** Username to prefill, e.g. the one of a failed attempt. */
  defaultUsername?: string;
  onSubmit: (values: LoginValues) => void;
  onRefreshCaptcha: () => void;
  /**
   * Drawn by the server into /login's HTML (draw-sign-in.tsx): marked for the page's inline guard, which holds
   * a submit until the console's form takes over, and posting (never a query string) should it be missing.
   */
  serverDrawn?: boolean;
};

type FieldErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * The 账号密码登录 form. Fields are uncontrolled (the browser keeps what was typed, so a failed attempt keeps
 * the username); the captcha field is keyed by the challenge so every new challenge starts empty.
 */
export function LoginForm({
  captcha,
  submitting,
  error,
  defaultUsername,
  onSubmit,
  onRefreshCaptcha,
  serverDrawn,
}: LoginFormProps) {
  const { t } = useTranslation('login');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Replacing the page's first-paint form (handover.ts): what was typed there, before this one is painted.
  const refreshCaptcha = useRef(onRefreshCaptcha);
  refreshCaptcha.current = onRefreshCaptcha;
  useLayoutEffect(() => {
    const handover = takeHandover();
    if (handover && formRef.current)
      applyHandover(formRef.current, handover, { refreshCaptcha: () => refreshCaptcha.current() });
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const values: LoginValues = {
      username: String(data.get('username') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      captcha: String(data.get('captcha') ?? '').trim(),
    };
    const found: FieldErrors = {};
    if (!values.username) found.username = t('username_required');
    if (!values.password) found.password = t('password_required');
    if (captcha.enabled && !values.captcha) found.captcha = t('captcha_required');
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  const clear = (field: keyof LoginValues) => () => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form
      ref={formRef}
      className={classes.form}
      onSubmit={submit}
      noValidate
      aria-label={t('tab_password')}
      {...(serverDrawn ? { 'data-server-drawn': '', method: 'post' } : {})}
    >
      <Field
        name="username"
        label={t('username')}
        placeholder={t('username_placeholder')}
        autoComplete="username"
        defaultValue={defaultUsername}
        error={errors.username}
        onInput={clear('username')}
        icon={<Svg paths={userGlyph} size={18} />}
      />
      <PasswordField
        name="password"
        label={t('password')}
        placeholder={t('password_placeholder')}
        autoComplete="current-password"
        error={errors.password}
        onInput={clear('password')}
        icon={<Svg paths={lockGlyph} size={18} />}
      />
      {captcha.enabled && (
        <Field
          key={String(captcha.key ?? 'none')}
          name="captcha"
          label={t('captcha')}
          placeholder={t('captcha_placeholder')}
          autoComplete="off"
          inputMode="numeric"
          error={errors.captcha}
          onInput={clear('captcha')}
          icon={<Svg paths={shieldGlyph} size={18} />}
          right={
            <button
              type="button"
              className={classes.captcha}
              onClick={onRefreshCaptcha}
              title={t('captcha_refresh')}
              aria-label={t('captcha_refresh')}
              data-loading={captcha.loading || undefined}
              // the challenge on screen (public: the login sends it), for scripts that answer it
              data-captcha-key={captcha.image && captcha.key != null ? String(captcha.key) : undefined}
              data-testid="captcha-image"
            >
              {captcha.image ? (
                <img src={captcha.image} alt={t('captcha')} />
              ) : (
                <span>{captcha.loading ? t('captcha_loading') : t('captcha_unavailable')}</span>
              )}
            </button>
          }
        />
      )}
      {error && (
        <div className={classes.alert} role="alert">
          <strong>{t('failed')}</strong>
          <span>{error}</span>
        </div>
      )}
      <button
        type="submit"
        className={classes.submit}
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        {submitting && <span className={classes.spinner} aria-hidden="true" />}
        {submitting ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
