/**
 * The live state panel's content: every running actor (state value, masked context summary), the last
 * events (masked), and "copy report" (a `ChartReport` that `npm run replay` accepts). Reads one
 * `InspectionStore` (src/services/inspection-store.ts); nothing here touches the network.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { StateValue } from 'xstate';
import { DEVTOOLS_SETTING } from '../../services/inspection.ts';
import type { ActorRow, EventRow, InspectionStore } from '../../services/inspection-store.ts';
import { REPORT_EVENT_LIMIT } from '../../services/inspection-store.ts';
import { copyReport } from './report.ts';

/** `signedIn.{data.ready, token.valid}` for a state value. */
export function formatStateValue(value: StateValue | null): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const one = ([key, sub]: [string, StateValue | undefined]) => {
    const inner = sub === undefined ? '' : formatStateValue(sub);
    return inner ? `${key}.${inner}` : key;
  };
  if (entries.length === 0) return '';
  return entries.length === 1
    ? one(entries[0] as [string, StateValue])
    : `{${entries.map((e) => one(e as [string, StateValue])).join(', ')}}`;
}

const time = (at: number) => {
  const d = new Date(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

function useStore(store: InspectionStore) {
  return useSyncExternalStore(store.subscribe, store.version);
}

function ActorList({ rows, filter }: { rows: ActorRow[]; filter: string }) {
  const { t } = useTranslation('devtools');
  const shown = rows.filter(
    (row) =>
      !filter || `${row.key} ${row.logic} ${formatStateValue(row.state)}`.toLowerCase().includes(filter),
  );
  if (shown.length === 0) return <Text c="dimmed">{t('no_actors')}</Text>;
  return (
    <Stack gap={4} data-testid="devtools-actors">
      {shown.map((row) => (
        <details
          key={row.sessionId}
          data-testid="devtools-actor"
          data-actor={row.key}
          style={{ paddingLeft: row.depth * 16 }}
        >
          <summary style={{ cursor: 'pointer' }}>
            <Text span fw={600} ff="monospace" size="sm">
              {row.key}
            </Text>{' '}
            {row.logic !== row.key.split('/').at(-1) ? (
              <Text span c="dimmed" size="xs">
                ({row.logic}){' '}
              </Text>
            ) : null}
            {row.state !== null ? (
              <Badge variant="light" tt="none" data-testid="devtools-actor-state">
                {formatStateValue(row.state)}
              </Badge>
            ) : (
              <Badge variant="outline" color="gray" tt="none">
                {t('status', { status: row.status })}
              </Badge>
            )}
          </summary>
          {row.context === undefined ? (
            <Text c="dimmed" size="xs">
              {t('no_context')}
            </Text>
          ) : (
            <pre title={t('context')} style={{ fontSize: 12, margin: '4px 0', whiteSpace: 'pre-wrap' }}>
              {json(row.context)}
            </pre>
          )}
        </details>
      ))}
    </Stack>
  );
}

function EventTable({ rows, filter }: { rows: readonly EventRow[]; filter: string }) {
  const { t } = useTranslation('devtools');
  const shown = [...rows]
    .reverse()
    .filter(
      (row) =>
        !filter || `${row.actor} ${row.type} ${formatStateValue(row.state)}`.toLowerCase().includes(filter),
    );
  if (shown.length === 0) return <Text c="dimmed">{t('no_events')}</Text>;
  return (
    <Table striped withTableBorder fz="xs" data-testid="devtools-events">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('column_time')}</Table.Th>
          <Table.Th>{t('column_actor')}</Table.Th>
          <Table.Th>{t('column_event')}</Table.Th>
          <Table.Th>{t('column_state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((row) => (
          <Table.Tr key={row.seq} data-testid="devtools-event">
            <Table.Td ff="monospace">{time(row.at)}</Table.Td>
            <Table.Td ff="monospace">{row.actor}</Table.Td>
            <Table.Td>
              <details>
                <summary style={{ cursor: 'pointer', fontFamily: 'monospace' }}>{row.type}</summary>
                <pre title={t('payload')} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {json(row.event)}
                </pre>
              </details>
            </Table.Td>
            <Table.Td ff="monospace">{formatStateValue(row.state)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function readSetting(): Set<string> {
  try {
    return new Set((localStorage.getItem(DEVTOOLS_SETTING) ?? '').split(',').filter(Boolean));
  } catch {
    return new Set();
  }
}

function InspectorSetting() {
  const { t } = useTranslation('devtools');
  const [on, setOn] = useState(() => readSetting().has('inspect'));
  const [unsaved, setUnsaved] = useState(false);
  const toggle = (next: boolean) => {
    const setting = readSetting();
    if (next) setting.add('inspect');
    else setting.delete('inspect');
    try {
      if (setting.size) localStorage.setItem(DEVTOOLS_SETTING, [...setting].join(','));
      else localStorage.removeItem(DEVTOOLS_SETTING);
      setUnsaved(false);
    } catch {
      // storage refused: the switch shows the choice, and says it will not outlive this page
      setUnsaved(true);
    }
    setOn(next);
  };
  return (
    <Switch
      checked={on}
      onChange={(e) => toggle(e.currentTarget.checked)}
      label={t('inspector')}
      description={t('inspector_hint')}
      error={unsaved ? t('inspector_not_saved') : undefined}
    />
  );
}

export function StatePanel({ store }: { store: InspectionStore }) {
  const { t } = useTranslation('devtools');
  useStore(store);
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const needle = filter.trim().toLowerCase();
  const actors = store.actors();
  const events = store.events();
  const truncated = store.truncated();
  const tabs = useMemo(
    () => ({
      actors: t('actors_tab', { count: actors.length }),
      events: t('events_tab', { count: events.length }),
    }),
    [t, actors.length, events.length],
  );

  const copy = async () => {
    try {
      const { report, copied } = await copyReport(store);
      const events = Object.values(report.actors).reduce((n, a) => n + a.events.length, 0);
      setNotice(
        copied
          ? { ok: true, text: t('copied', { actors: Object.keys(report.actors).length, events }) }
          : { ok: false, text: t('copy_failed') },
      );
    } catch (error) {
      // neither the clipboard nor a download: say why, the report is still in the panel
      setNotice({
        ok: false,
        text: t('report_failed', { message: String((error as Error)?.message ?? error) }),
      });
    }
  };

  return (
    <Stack gap="sm" data-testid="devtools-panel">
      <Text size="xs" c="dimmed">
        {t('privacy')}
      </Text>
      <Group justify="space-between" align="flex-start">
        <Button size="xs" onClick={() => void copy()} data-testid="devtools-copy">
          {t('copy_report')}
        </Button>
        <InspectorSetting />
      </Group>
      {notice ? (
        <Alert color={notice.ok ? 'green' : 'yellow'} role="status" data-testid="devtools-notice">
          {notice.text}
        </Alert>
      ) : null}
      {truncated ? <Alert color="yellow">{t('truncated', { limit: REPORT_EVENT_LIMIT })}</Alert> : null}
      <TextInput
        size="xs"
        label={t('filter')}
        placeholder={t('filter_placeholder')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <Tabs defaultValue="actors" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="actors">{tabs.actors}</Tabs.Tab>
          <Tabs.Tab value="events">{tabs.events}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="actors" pt="xs">
          <ScrollArea.Autosize mah="70vh">
            <ActorList rows={actors} filter={needle} />
          </ScrollArea.Autosize>
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="xs">
          <ScrollArea.Autosize mah="70vh">
            <EventTable rows={events} filter={needle} />
          </ScrollArea.Autosize>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
