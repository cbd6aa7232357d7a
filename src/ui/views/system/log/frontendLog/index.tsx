import '@mantine/core/styles/Card.css';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectLogEntries } from '../../../../../machines/log/selectors.ts';
import type { LogEntry } from '../../../../../machines/log/types.ts';
import { useLogRef } from '../../../../app/actor.ts';
import { downloadLogExport } from '../../../../log/export.ts';
import { LogEntryList } from '../../../../log/LogEntryList.tsx';
import { useHeaderTranslation } from '../../../../shell/header/i18n.ts';

/**
 * 前端错误日志 (menu component `system/log/frontendLog/index`, in stock dvadmin's menu): the console's own
 * frontend log — the entries the header's log badge opens — as a page, with 导出 (a JSON file with the
 * statecharts' report attached, `src/ui/log/export.ts`) and 清空. Kept in this tab only (the `log` chart);
 * nothing is sent to the server.
 */
export function FrontendLogView({
  entries,
  onClear,
  onExport,
}: {
  entries: readonly LogEntry[];
  onClear: () => void;
  onExport: () => void;
}) {
  const { t } = useTranslation('compat');
  const { t: th } = useHeaderTranslation();
  return (
    <Card radius="lg" padding="lg" m="md" data-testid="frontend-log">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <div>
          <Title order={4}>{t('frontendLog.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('frontendLog.description')} · {th('log.count', { count: entries.length })}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onExport} data-testid="frontend-log-export">
            {t('frontendLog.export')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onClear} disabled={entries.length === 0}>
            {th('log.clear')}
          </Button>
        </Group>
      </Group>
      <LogEntryList entries={entries} />
    </Card>
  );
}

const EMPTY: never[] = [];

export default function FrontendLogPage() {
  const log = useLogRef();
  const entries = useSelector(log, (s) => (s ? selectLogEntries(s) : EMPTY));
  return (
    <FrontendLogView
      entries={entries}
      onClear={() => log?.send({ type: 'log.cleared' })}
      onExport={() => downloadLogExport(entries)}
    />
  );
}
