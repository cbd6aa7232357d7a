import { Button, Code, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import classes from './App.module.css';

export type StartupErrorProps = {
  /** The start-up step that failed (`settings`, `userInfo`, `menus`…); unknown names are shown as-is. */
  step: string | null;
  /** The error's message. */
  message: string | null;
  retrying?: boolean;
  /** Inside the layout's content area (header and menus around it) rather than the whole page. */
  inLayout?: boolean;
  onRetry: () => void;
  onSignOut: () => void;
};

/** The message when the start-up sequence fails: which step, the error, retry or sign out. */
export function StartupError({ step, message, retrying, inLayout, onRetry, onSignOut }: StartupErrorProps) {
  const { t } = useTranslation('shell');
  const stepName = t(`steps.${step ?? 'unknown'}`, { defaultValue: step ?? t('steps.unknown') });
  return (
    <div className={inLayout ? classes.inLayout : classes.fullPage} role="alert" data-testid="startup-error">
      <div className={classes.panel}>
        <ThemeIcon color="red" variant="light" size={56} radius="xl">
          <Icon name="warning" size={28} />
        </ThemeIcon>
        <Title order={2} mt="lg">
          {t('startup_title')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('startup_description', { step: stepName })}
        </Text>
        <Text size="xs" fw={600} c="dimmed" mt="lg" mb={4}>
          {t('startup_error')}
        </Text>
        <Code block className={classes.errorText}>
          {message || t('startup_unknown_error')}
        </Code>
        <Group mt="xl" justify="center">
          <Button onClick={onRetry} loading={retrying}>
            {t('startup_retry')}
          </Button>
          <Button variant="default" onClick={onSignOut}>
            {t('startup_sign_out')}
          </Button>
        </Group>
      </div>
    </div>
  );
}
