// The customer's full API key: read from the kit's create answer (resource.onSaved) and shown once (the server keeps a hash).
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { customerRowSchema } from '../../../../contract/delivery.ts';

/** The full API key of a create answer (other answers carry a masked hint ending in …). */
export function fullApiKey(data: unknown): string | undefined {
  const key = customerRowSchema.safeParse(data).data?.api_key;
  return key && !key.endsWith('…') ? key : undefined;
}

/** The full API key, shown this once: the server keeps only its hash. */
export function ApiKeyModal({ value, onClose }: { value: string; onClose(): void }) {
  const { t } = useTranslation('delivery');
  return (
    <Modal opened onClose={onClose} title={t('customer.key_title')} centered>
      <Stack gap="sm">
        <Text fz="sm">{t('customer.key_once')}</Text>
        <Code block data-testid="api-key-once">
          {value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {t(copied ? 'secret.copied' : 'secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('crud:close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
