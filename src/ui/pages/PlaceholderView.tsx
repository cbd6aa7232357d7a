import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page that a later version builds: its title and an honest note. */
export function PlaceholderView({ title }: { title: string }) {
  const { t } = useTranslation('pages');
  return (
    <Card radius="lg" padding="xl">
      <Title order={3}>{title}</Title>
      <Text c="dimmed" mt="sm">
        {t('coming_later')}
      </Text>
    </Card>
  );
}
