import { useTranslation } from 'react-i18next';
import { PlaceholderView } from './PlaceholderView.tsx';

/** 站内信 — built by a later issue. */
export function Component() {
  const { t } = useTranslation('pages');
  return <PlaceholderView title={t('user_message.title')} />;
}
