import '@mantine/core/styles/Drawer.css';
import { Button, Drawer, Group, Text } from '@mantine/core';
import type { LogEntry } from '../../machines/log/types.ts';
import { useHeaderTranslation } from '../shell/header/i18n.ts';
import { LogEntryList } from './LogEntryList.tsx';

export type LogDrawerProps = {
  opened: boolean;
  /** Oldest first, as the chart keeps them; the drawer lists them newest first. */
  entries: readonly LogEntry[];
  onClose: () => void;
  onClear: () => void;
};

/** The frontend log: every entry (message, type, time, url, user), newest first, and 清空. */
export function LogDrawer({ opened, entries, onClose, onClear }: LogDrawerProps) {
  const { t } = useHeaderTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t('log.title')}>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          {t('log.count', { count: entries.length })}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onClear} disabled={entries.length === 0}>
          {t('log.clear')}
        </Button>
      </Group>
      <LogEntryList entries={entries} />
    </Drawer>
  );
}
