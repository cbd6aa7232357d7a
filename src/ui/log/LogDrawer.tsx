import '@mantine/core/styles/Drawer.css';
import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import type { LogEntry, LogType } from '../../machines/log/types.ts';
import { useHeaderTranslation } from '../shell/header/i18n.ts';

const TYPE_COLOR: Record<LogType, string> = {
  info: 'gray',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

// Entries are immutable and keep their identity in the chart's list: a stable key per entry object.
const keys = new WeakMap<LogEntry, number>();
let nextKey = 0;
function keyOf(entry: LogEntry): number {
  let key = keys.get(entry);
  if (key === undefined) {
    key = nextKey++;
    keys.set(entry, key);
  }
  return key;
}

export type LogDrawerProps = {
  opened: boolean;
  /** Oldest first, as the chart keeps them; the drawer lists them newest first. */
  entries: readonly LogEntry[];
  onClose: () => void;
  onClear: () => void;
};

/** The frontend log: every entry (message, type, time, url, user), newest first, and 清空. */
export function LogDrawer({ opened, entries, onClose, onClear }: LogDrawerProps) {
  const { t, i18n } = useHeaderTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const newestFirst = [...entries].reverse();
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
      {newestFirst.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('log.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('log.title')}>
          {newestFirst.map((entry) => (
            <li key={keyOf(entry)} data-testid="log-entry">
              <Stack gap={2} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <Group gap="xs" wrap="nowrap">
                  <Badge size="xs" variant="light" color={TYPE_COLOR[entry.type]}>
                    {t(`log.types.${entry.type}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {time.format(entry.time)}
                  </Text>
                  {entry.user && (
                    <Text size="xs" c="dimmed" truncate>
                      {t('log.user')}: {entry.user}
                    </Text>
                  )}
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="log-message">
                  {entry.message}
                </Text>
                {entry.url && (
                  <Text size="xs" c="dimmed" truncate title={entry.url}>
                    {t('log.url')}: {entry.url}
                  </Text>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
