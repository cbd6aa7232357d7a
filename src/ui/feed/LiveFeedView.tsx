import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedStats, Item } from '../../machines/feed/types.ts';
import { ConnectionBadge, type FeedConnection } from './ConnectionBadge.tsx';
import classes from './Feed.module.css';
import { LiveItemRow, type RowLabels } from './LiveItemRow.tsx';

export type LiveFeedViewProps = {
  connection: FeedConnection;
  /** Newest first, already bounded. */
  items: Item[];
  stats: FeedStats | null;
  loading: boolean;
  /** Why the seed or the counts failed (shown with a retry). */
  error: string | null;
  onRetry: () => void;
  resolveUrl: (url: string) => string;
};

type FeedListProps = { items: Item[]; resolveUrl: (url: string) => string; labels: RowLabels };

/** The rows; memoised so a change of the counts alone does not walk the list. */
const FeedList = memo(function FeedList({ items, resolveUrl, labels }: FeedListProps) {
  return (
    <div className={`${classes.list} ${classes.scroll}`}>
      {items.map((item) => (
        <LiveItemRow key={item.id} item={item} resolveUrl={resolveUrl} labels={labels} />
      ))}
    </div>
  );
});

/** 实时商品: today's counts, the connection badge and the newest items. */
export function LiveFeedView({
  connection,
  items,
  stats,
  loading,
  error,
  onRetry,
  resolveUrl,
}: LiveFeedViewProps) {
  const { t } = useTranslation('feed');
  const labels = useMemo<RowLabels>(
    () => ({ price: (value) => t('price', { value }), seller: (name) => t('seller', { name }) }),
    [t],
  );
  return (
    <Card radius="lg" padding="lg" data-testid="live-feed">
      <Group justify="space-between" mb="md">
        <Text fw={600}>{t('title')}</Text>
        <ConnectionBadge state={connection} />
      </Group>
      <SimpleGrid cols={2} spacing="md" mb="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('today')}
          </Text>
          <Text fw={650} size="xl" data-testid="feed-today">
            {stats ? stats.today : '—'}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('total')}
          </Text>
          <Text fw={650} size="xl" data-testid="feed-total">
            {stats ? stats.total : '—'}
          </Text>
        </div>
      </SimpleGrid>
      {error && (
        <Group gap="sm" mb="sm">
          <Text size="sm" c="red" data-testid="feed-error">
            {error}
          </Text>
          <Button size="compact-xs" variant="light" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Group>
      )}
      {items.length ? (
        <FeedList items={items} resolveUrl={resolveUrl} labels={labels} />
      ) : (
        <Text c="dimmed" size="sm">
          {loading ? t('loading') : t('empty')}
        </Text>
      )}
    </Card>
  );
}
