import { useTranslation } from 'react-i18next';
import classes from './App.module.css';

/**
 * What the error boundary shows, and the entry when the console's code cannot load: the error and a reload
 * button (plain markup: Mantine may be the cause; texts of the sign-in page's `common` namespace, loaded first).
 */
export function CrashScreen({ error }: { error: Error }) {
  const { t } = useTranslation('common');
  return (
    <div className={classes.fullPage} role="alert">
      <div className={classes.panel}>
        <h2 className={classes.crashTitle}>{t('crash_title')}</h2>
        <p className={classes.crashText}>{t('crash_description')}</p>
        <pre className={`${classes.errorText} ${classes.errorBlock}`}>{error.message}</pre>
        <button type="button" className={classes.crashButton} onClick={() => window.location.reload()}>
          {t('crash_reload')}
        </button>
      </div>
    </div>
  );
}
