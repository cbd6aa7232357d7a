// A machine token shown once (a phone's agent token on create and on rotate): the value, a copy button and
// the warning that it will not be shown again. The server keeps only its hash.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function TokenModal({ token, onClose }: { token: string | null; onClose(): void }) {
  const { t } = useTranslation('pipeline');
  return (
    <Modal opened={token !== null} onClose={onClose} title={t('phone.token_title')} centered size="lg">
      <Stack gap="sm">
        <Alert color="orange" data-testid="token-once">
          {t('phone.token_once')}
        </Alert>
        <Code block data-testid="phone-token" style={{ wordBreak: 'break-all' }}>
          {token ?? ''}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={token ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : 'brand'} onClick={copy}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('phone.token_close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
