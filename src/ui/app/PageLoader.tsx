import { useTranslation } from 'react-i18next';
import classes from './App.module.css';

/** A centred spinner while a chart is still deciding (restoring, loading menus, lazy chunks). */
export function PageLoader({ fullPage = true }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      className={fullPage ? classes.loading : classes.inlineLoading}
      role="status"
      aria-label={t('loading')}
    >
      <span className={classes.spinner} />
    </div>
  );
}
