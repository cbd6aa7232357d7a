import { Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A menu page whose chunk failed or did not arrive in time: say so and offer a retry (a fresh load). */
export function ViewLoadFailed({ title }: { title: string }) {
  const { t } = useTranslation('shell');
  return (
    <Card radius="lg" padding="xl" role="alert" data-testid="view-load-failed">
      <Title order={3}>{t('view_failed_title', { title })}</Title>
      <Text c="dimmed" mt="sm">
        {t('view_failed_description')}
      </Text>
      <Button mt="lg" onClick={() => window.location.reload()}>
        {t('view_failed_retry')}
      </Button>
    </Card>
  );
}
