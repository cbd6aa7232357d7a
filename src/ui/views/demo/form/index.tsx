import { Card, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A demo page for trying the tab bar and keep-alive: one text field. With a menu whose `cache` is set, what
 * is typed here survives switching tabs; refreshing the tab clears it.
 */
export default function DemoForm() {
  const { t } = useTranslation('tabs');
  return (
    <Card radius="lg" padding="xl">
      <Title order={3}>{t('demo.form_title')}</Title>
      <Text c="dimmed" mt="xs" mb="md">
        {t('demo.form_hint')}
      </Text>
      <TextInput label={t('demo.note')} data-testid="demo-note" />
    </Card>
  );
}
