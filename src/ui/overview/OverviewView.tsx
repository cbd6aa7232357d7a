/**
 * The operator's overview (pure view): today's counters, items per hour over 24 h (a bar chart) and the
 * push success rate (a gauge). The figures come from the overview chart; nothing is fetched here.
 */
import { Button, Card, Group, type GroupProps, Loader, SimpleGrid, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Overview } from '../../contract/support.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { useRetryableLazy } from '../app/retryable-lazy.ts';

export type OverviewViewProps = {
  overview: Overview | null;
  loading: boolean;
  refreshing: boolean;
  /** The first load failed (shown with a retry) … */
  error: string | null;
  /** … or the last refresh did (the older figures stay). */
  refreshError: string | null;
  onRetry(): void;
};

// The charts (recharts underneath) load on their own, so the workbench's first paint does not wait for them.
const importCharts = () => import('./OverviewCharts.tsx');

/** A part of the panel that failed to load: what went wrong, and 重试. */
function FailedRow({
  message,
  onRetry,
  testId,
  ...group
}: { message: string; onRetry(): void; testId: string } & Pick<GroupProps, 'mt' | 'role'>) {
  const { t } = useTranslation('overview');
  return (
    <Group gap="sm" data-testid={testId} {...group}>
      <Text size="sm" c="red">
        {message}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Group>
  );
}

/**
 * The charts' chunk, with its failure kept inside the panel: a chunk that does not arrive (the server down
 * while it loads) says so with a retry, and the counters and the rest of the page stay.
 */
function Charts({ overview }: { overview: Overview }) {
  const { t } = useTranslation('overview');
  const { Component: OverviewCharts, attempt, retry } = useRetryableLazy(importCharts);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={() => (
        <FailedRow
          message={t('charts_failed')}
          onRetry={retry}
          testId="overview-charts-failed"
          mt="lg"
          role="alert"
        />
      )}
    >
      <Suspense fallback={<Loader size="sm" mt="lg" />}>
        <OverviewCharts overview={overview} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Counter({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Card radius="md" padding="md" withBorder data-overview={id}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={`overview-${id}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" data-testid={`overview-${id}-hint`}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

export function OverviewView({
  overview,
  loading,
  refreshing,
  error,
  refreshError,
  onRetry,
}: OverviewViewProps) {
  const { t } = useTranslation('overview');
  const header = (
    <Group justify="space-between" mb="md">
      <Text fw={600}>{t('title')}</Text>
      <Group gap="xs">
        {refreshing && <Loader size="xs" data-testid="overview-refreshing" />}
        {refreshError && (
          <Text size="xs" c="red" data-testid="overview-refresh-failed">
            {t('refresh_failed', { reason: refreshError })}
          </Text>
        )}
      </Group>
    </Group>
  );
  if (!overview) {
    return (
      <Card radius="lg" padding="lg" data-testid="overview-panel">
        {header}
        {loading && <Loader size="sm" />}
        {error && <FailedRow message={error} onRetry={onRetry} testId="overview-failed" />}
      </Card>
    );
  }
  const { items, pushes, phones, tasks, customers } = overview;
  return (
    <Card radius="lg" padding="lg" data-testid="overview-panel">
      {header}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Counter
          id="items"
          label={t('items_today')}
          value={String(items.today_stored)}
          hint={t('items_dropped', { count: items.today_dropped })}
        />
        <Counter
          id="pushes"
          label={t('pushes_today')}
          value={String(pushes.today_success)}
          hint={t('pushes_hint', { failed: pushes.today_failed, pending: pushes.pending })}
        />
        <Counter id="phones" label={t('phones_online')} value={`${phones.online} / ${phones.total}`} />
        <Counter id="tasks" label={t('tasks_enabled')} value={String(tasks.enabled)} />
        <Counter id="expiring" label={t('customers_expiring')} value={String(customers.expiring_7d)} />
      </SimpleGrid>
      <Charts overview={overview} />
    </Card>
  );
}
