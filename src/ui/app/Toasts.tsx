import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { MantineRoot } from './MantineRoot.tsx';
import classes from './Toasts.module.css';

/** The toast container, in its own chunk with its own Mantine provider; top toasts clear the header. */
export default function Toasts() {
  return (
    <MantineRoot>
      <Notifications className={classes.container} position="top-right" limit={5} zIndex={1000} />
    </MantineRoot>
  );
}
