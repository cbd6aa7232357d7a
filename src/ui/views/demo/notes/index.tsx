import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A second demo page: shows its own location, which a kept-alive page must keep while hidden. */
export default function DemoNotes() {
  const { t } = useTranslation('tabs');
  const { pathname } = useLocation();
  return (
    <Card radius="lg" padding="xl">
      <Title order={3}>{t('demo.notes_title')}</Title>
      <Text c="dimmed" mt="xs" data-testid="demo-location">
        {pathname}
      </Text>
    </Card>
  );
}
