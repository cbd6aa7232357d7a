import { Badge, Button, Card, Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InboxFilter, InboxRow } from '../../machines/messages/types.ts';
import { plainText } from './plain-text.ts';

export type InboxViewProps = {
  filter: InboxFilter;
  rows: InboxRow[];
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  error: string | null;
  /** The id being marked read (its button spins). */
  markingId: number | null;
  canMark: boolean;
  onFilter: (filter: InboxFilter) => void;
  onPage: (page: number) => void;
  onMarkRead: (id: number) => void;
  onRetry: () => void;
};

/** 站内信: the received messages with a 全部 / 未读 / 已读 filter, paging and 标记已读. */
export function InboxView(props: InboxViewProps) {
  const { t } = useTranslation('profile');
  const { filter, rows, page, pages, total, loading, error, markingId, canMark } = props;
  return (
    <Card radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('messages.title')}</Title>
        <SegmentedControl
          value={filter}
          onChange={(value) => props.onFilter(value as InboxFilter)}
          data={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: t('messages.unread') },
            { value: 'read', label: t('messages.read') },
          ]}
        />
      </Group>
      {error && (
        <Group gap="sm" mb="sm">
          <Text c="red" size="sm">
            {error}
          </Text>
          <Button size="compact-xs" variant="light" onClick={props.onRetry}>
            {t('messages.retry')}
          </Button>
        </Group>
      )}
      <Stack gap={0} data-testid="inbox-list" aria-busy={loading}>
        {rows.map((row) => (
          <Group
            key={row.id}
            justify="space-between"
            wrap="nowrap"
            py="sm"
            data-testid="inbox-row"
            data-read={row.is_read ? 'true' : 'false'}
          >
            <div style={{ minWidth: 0 }}>
              <Group gap={8}>
                <Badge size="sm" variant="light" color={row.is_read ? 'gray' : 'blue'}>
                  {row.is_read ? t('messages.read') : t('messages.unread')}
                </Badge>
                <Text fw={row.is_read ? 400 : 600}>{row.title}</Text>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2} mt={4}>
                {plainText(row.content)}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {[row.creator_name, row.create_datetime].filter(Boolean).join(' · ')}
              </Text>
            </div>
            {!row.is_read && (
              <Button
                size="xs"
                variant="light"
                loading={markingId === row.id}
                disabled={!canMark}
                onClick={() => props.onMarkRead(row.id)}
              >
                {t('messages.mark_read')}
              </Button>
            )}
          </Group>
        ))}
        {!rows.length && (
          <Text c="dimmed" size="sm" py="md">
            {loading ? t('messages.loading') : t('messages.empty')}
          </Text>
        )}
      </Stack>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {t('messages.total', { count: total })}
        </Text>
        {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={props.onPage} />}
      </Group>
    </Card>
  );
}
