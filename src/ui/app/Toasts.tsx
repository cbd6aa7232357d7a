import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOASTS_Z_INDEX } from '../theme.ts';
import { MantineRoot } from './MantineRoot.tsx';
import classes from './Toasts.module.css';

/**
 * The toast container, in its own chunk with its own Mantine provider; top toasts clear the header. Every
 * toast's close button is named (关闭 / Close) for screen readers.
 */
export default function Toasts() {
  const { t } = useTranslation('common');
  const label = t('close');
  const override = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': label } } } } }),
    [label],
  );
  return (
    <MantineRoot override={override}>
      <Notifications className={classes.container} position="top-right" limit={5} zIndex={TOASTS_Z_INDEX} />
    </MantineRoot>
  );
}
