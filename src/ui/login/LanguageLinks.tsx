import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../services/i18n/index.ts';
import classes from './Login.module.css';

type LanguageLinksProps = {
  value: string;
  onChange: (language: string) => void;
  /** Accessible name of the group. */
  label: string;
};

/** A compact inline language switch (简体中文 · English) for places without a menu. */
export function LanguageLinks({ value, onChange, label }: LanguageLinksProps) {
  const { t } = useTranslation('common');
  return (
    <fieldset className={classes.languages}>
      <legend className={classes.visuallyHidden}>{label}</legend>
      {LANGUAGES.map((lng) => (
        <button
          type="button"
          key={lng}
          className={classes.language}
          data-active={lng === value || undefined}
          aria-pressed={lng === value}
          lang={lng}
          onClick={() => lng !== value && onChange(lng)}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </fieldset>
  );
}
