/** The overview's charts: items per hour over 24 h (stacked bars) and today's push success rate (a gauge). */
import '@mantine/charts/styles.css';
import { BarChart, GaugeChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Overview } from '../../contract/support.ts';

export default function OverviewCharts({ overview }: { overview: Overview }) {
  const { t } = useTranslation('overview');
  const rate = overview.pushes.success_rate;
  const hours = overview.items_per_hour.map((h) => ({ ...h, label: h.hour.slice(11, 13) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('per_hour')}
        </Text>
        <BarChart
          h={200}
          data={hours}
          dataKey="label"
          type="stacked"
          series={[
            { name: 'stored', label: t('series_stored'), color: 'blue.6' },
            { name: 'pushed', label: t('series_pushed'), color: 'teal.6' },
            { name: 'failed', label: t('series_failed'), color: 'red.6' },
          ]}
          withLegend
          data-testid="overview-per-hour"
        />
      </Stack>
      <Stack gap={4} align="center">
        <Text size="sm" fw={500}>
          {t('success_rate')}
        </Text>
        <GaugeChart
          value={rate === null || rate === undefined ? 0 : Math.round(rate * 1000) / 10}
          size={180}
          filledColor="teal.6"
          label={
            <Text fw={700} data-testid="overview-success-rate">
              {rate === null || rate === undefined ? t('no_pushes') : `${Math.round(rate * 1000) / 10}%`}
            </Text>
          }
        />
      </Stack>
    </SimpleGrid>
  );
}
