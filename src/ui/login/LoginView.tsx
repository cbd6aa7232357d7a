import { useTranslation } from 'react-i18next';
import type { Settings } from '../../contract/index.ts';
import { BrandArt } from './BrandArt.tsx';
import classes from './Login.module.css';
import { LoginFooter, type LoginFooterProps } from './LoginFooter.tsx';
import { LoginForm, type LoginFormProps } from './LoginForm.tsx';

export type LoginViewProps = LoginFormProps &
  LoginFooterProps & {
    /** `login.site_name`; the localised default when empty. */
    siteName: string | null;
    /** `login.site_logo`; the bundled logo when empty. */
    logo: string | null;
    /** `login.login_background`; a brand gradient when empty. */
    background: string | null;
  };

/** The page's texts and images from the public settings (an empty or non-text value: the page's default). */
export function loginViewSettings(settings: Settings | null | undefined) {
  const text = (key: string) => {
    const value = settings?.[key];
    return typeof value === 'string' && value.trim() ? value : null;
  };
  return {
    siteName: text('login.site_name'),
    logo: text('login.site_logo'),
    background: text('login.login_background'),
    copyright: text('login.copyright'),
    keepRecord: text('login.keep_record'),
    helpUrl: text('login.help_url'),
    privacyUrl: text('login.privacy_url'),
    clauseUrl: text('login.clause_url'),
  };
}

/** The whole /login screen: brand panel, the sign-in card and the settings-driven footer. */
export function LoginView({ siteName, logo, background, ...rest }: LoginViewProps) {
  const { t } = useTranslation('login');
  const name = siteName || t('site_name_default');
  const art = background ? { backgroundImage: `url("${background}")` } : undefined;
  return (
    <div className={classes.page}>
      <aside className={classes.brand} style={art} data-custom={background ? true : undefined}>
        {!background && <BrandArt className={classes.brandArt} />}
        <div className={classes.brandInner}>
          <img className={classes.brandLogo} src={logo || '/logo.svg'} alt={t('logo_alt')} />
          <div className={classes.brandName}>{name}</div>
        </div>
      </aside>
      <main className={classes.main}>
        <div className={classes.card}>
          <header className={classes.heading}>
            <img className={classes.logo} src={logo || '/logo.svg'} alt="" aria-hidden="true" />
            <h1 className={classes.title}>{name}</h1>
          </header>
          {/* One way to sign in for now; kept as a tab list so more (SMS, OAuth) can join. */}
          <div className={classes.tabs} role="tablist">
            <button
              type="button"
              role="tab"
              id="login-tab-password"
              aria-selected="true"
              aria-controls="login-panel-password"
              className={classes.tab}
            >
              {t('tab_password')}
            </button>
          </div>
          <div
            role="tabpanel"
            id="login-panel-password"
            aria-labelledby="login-tab-password"
            className={classes.panel}
          >
            <LoginForm {...rest} />
          </div>
        </div>
        <LoginFooter {...rest} />
      </main>
    </div>
  );
}
