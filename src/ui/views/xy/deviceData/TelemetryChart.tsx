// Battery and network of one phone over its latest heartbeats (up to 200), drawn with @mantine/charts. The
// rows load on a crudTask started at mount (the page keys this by phone); a failure shows with a retry.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Loader, Paper, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Pipeline } from '../../../../contract/pipeline.ts';
import { selectIsRunning, selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import { NETWORK_LEVELS, type TelemetryPoint, telemetryPoints } from './telemetry.ts';

const pageSchema = z.looseObject({ data: z.array(Pipeline.deviceData.row) });

export function TelemetryChart({ phone }: { phone: number }) {
  const { t } = useTranslation('pipeline');
  const { http } = useCrudEnv();
  const task = useTaskActor<number, TelemetryPoint[]>(
    {
      run: async (id, signal) => {
        const env = await http.get(
          Pipeline.deviceData.path,
          { phone: id, page: 1, limit: 200, ordering: '-create_datetime' },
          { signal },
        );
        return telemetryPoints(pageSchema.parse(env.data).data);
      },
    },
    { run: phone },
  );
  const running = useSelector(task, selectIsRunning);
  const error = useSelector(task, selectTaskError);
  const points = useSelector(task, (s) => s.context.output as TelemetryPoint[] | undefined);
  return (
    <Paper p="md" radius="md" withBorder data-testid="telemetry-chart">
      <Text fw={600} mb="sm">
        {t('deviceData.chart_title')}
      </Text>
      {error && <Failure reason={error} onRetry={() => task.send({ type: 'task.retry' })} />}
      {running && <Loader size="sm" />}
      {points && !points.length && <Text c="dimmed">{t('deviceData.no_data')}</Text>}
      {points && points.length > 0 && (
        <LineChart
          h={240}
          data={points}
          dataKey="time"
          withLegend
          withRightYAxis
          connectNulls
          yAxisProps={{ domain: [0, 100] }}
          rightYAxisProps={{
            domain: [0, NETWORK_LEVELS.length - 1],
            ticks: NETWORK_LEVELS.map((_, i) => i),
            tickFormatter: (v: number) => NETWORK_LEVELS[v] ?? '',
          }}
          series={[
            { name: 'battery', label: `${t('deviceData.battery')} %`, color: 'teal.6' },
            {
              name: 'network',
              label: t('deviceData.network'),
              color: 'brand.6',
              yAxisId: 'right',
              curveType: 'stepAfter',
            },
          ]}
        />
      )}
    </Paper>
  );
}
