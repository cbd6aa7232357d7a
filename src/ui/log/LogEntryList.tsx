import '@mantine/core/styles/Badge.css';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { LogEntry, LogType } from '../../machines/log/types.ts';
import { useHeaderTranslation } from '../shell/header/i18n.ts';

/** The frontend log's entries, newest first: shared by the header's drawer and the 前端错误日志 page. */

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

export type LogEntryListProps = {
  /** Oldest first, as the chart keeps them; listed newest first. */
  entries: readonly LogEntry[];
};

/** Every entry (message, type, time, url, user), newest first; 没有日志或异常 when there is none. */
export function LogEntryList({ entries }: LogEntryListProps) {
  const { t, i18n } = useHeaderTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const newestFirst = [...entries].reverse();
  if (newestFirst.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('log.none')}
      </Text>
    );
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('log.title')}>
      {newestFirst.map((entry) => (
        <li key={keyOf(entry)} data-testid="log-entry">
          <Stack gap={2} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
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
  );
}
