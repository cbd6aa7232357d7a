import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from './LanguageLinks.tsx';
import classes from './Login.module.css';

export type LoginFooterProps = {
  /** `login.copyright`, shown as "Copyright © …". */
  copyright: string | null;
  /** `login.keep_record` (备案号), linked to beian.miit.gov.cn. */
  keepRecord: string | null;
  helpUrl: string | null;
  privacyUrl: string | null;
  clauseUrl: string | null;
  language: string;
  onLanguageChange: (language: string) => void;
};

/** Language switch, copyright, 备案 link and help / privacy / terms — every part from the settings. */
export function LoginFooter({
  copyright,
  keepRecord,
  helpUrl,
  privacyUrl,
  clauseUrl,
  language,
  onLanguageChange,
}: LoginFooterProps) {
  const { t } = useTranslation('login');
  const links = [
    keepRecord ? { key: 'record', href: 'https://beian.miit.gov.cn', label: keepRecord } : null,
    helpUrl ? { key: 'help', href: helpUrl, label: t('help') } : null,
    privacyUrl ? { key: 'privacy', href: privacyUrl, label: t('privacy') } : null,
    clauseUrl ? { key: 'clause', href: clauseUrl, label: t('clause') } : null,
  ].filter((l) => l !== null);
  return (
    <footer className={classes.footer}>
      <LanguageLinks value={language} onChange={onLanguageChange} label={t('language')} />
      {copyright && <div>{t('copyright', { text: copyright })}</div>}
      {links.length > 0 && (
        <nav className={classes.links}>
          {links.map((link, i) => (
            <Fragment key={link.key}>
              {i > 0 && <span aria-hidden="true">·</span>}
              <a href={link.href} target="_blank" rel="noopener noreferrer" data-link={link.key}>
                {link.label}
              </a>
            </Fragment>
          ))}
        </nav>
      )}
    </footer>
  );
}
