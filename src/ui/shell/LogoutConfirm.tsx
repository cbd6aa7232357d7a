import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type LogoutConfirmProps = {
  /** Open while the session chart waits for the answer; the overlay greys the page. */
  opened: boolean;
  /** True once confirmed, while the logout call runs. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** 注销用户 — 确定要注销当前用户吗. Controlled by the session chart; closing it any way means cancel. */
export function LogoutConfirm({ opened, busy, onConfirm, onCancel }: LogoutConfirmProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onCancel()}
      title={t('logout_title')}
      centered
      size="sm"
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      <Text size="sm">{t('logout_confirm')}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('logout_cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
          {t('logout_ok')}
        </Button>
      </Group>
    </Modal>
  );
}
