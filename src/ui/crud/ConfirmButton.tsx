import { Button, type ButtonProps, Group, Popover, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks 确定? in a small popover before acting (deletes, password resets). */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  ...button
}: ButtonProps & { label: string; question?: string; onConfirm(): void }) {
  const { t } = useTranslation('crud');
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} withArrow shadow="md">
      <Popover.Target>
        <Button {...button} onClick={() => setOpen((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      {/* Only while open: a dropdown mounts a portal node, and a 100-row table has two of these a row. */}
      {open && (
        <Popover.Dropdown>
          <Text fz="sm" mb="xs">
            {question ?? t('confirm_delete')}
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {t('confirm')}
            </Button>
          </Group>
        </Popover.Dropdown>
      )}
    </Popover>
  );
}
