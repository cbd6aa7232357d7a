// /deviceData (设备数据), read-only + delete: one row per heartbeat. The phone select above filters the
// table and, for the chosen phone, draws battery and network over time.
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pipeline } from '../../../../contract/pipeline.ts';
import { selectTaskError } from '../../../../machines/crud/selectors.ts';
import { useTaskActor } from '../../../crud/actors.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import { useCrudEnv } from '../../../crud/env.tsx';
import { Failure } from '../../../crud/Failure.tsx';
import type { CrudOption, CrudResource } from '../../../crud/types.ts';
import { loadPhones } from '../pipeline/options.ts';
import { TelemetryChart } from './TelemetryChart.tsx';

export function deviceDataResource(phone: number | null): CrudResource {
  return {
    name: 'device_data',
    url: Pipeline.deviceData.path,
    row: Pipeline.deviceData.row,
    title: 'pipeline:deviceData.title',
    ordering: '-create_datetime',
    actions: { create: false, update: false },
    ...(phone === null ? {} : { params: { phone } }),
    fields: [
      {
        name: 'phone',
        label: 'pipeline:deviceData.phone',
        form: false,
        column: { width: 140, render: (row) => (row.phone_name as string | null) ?? '' },
      },
      {
        name: 'battery',
        label: 'pipeline:deviceData.battery',
        column: {
          width: 80,
          sortable: true,
          render: (row) => (row.battery == null ? '' : `${String(row.battery)}%`),
        },
      },
      { name: 'network', label: 'pipeline:deviceData.network', search: true, column: { width: 90 } },
      { name: 'app_version', label: 'pipeline:deviceData.app_version', column: { width: 100 } },
      {
        name: 'create_datetime',
        label: 'pipeline:deviceData.time',
        kind: 'datetime',
        search: true,
        column: { width: 160, sortable: true },
      },
    ],
  };
}

export function DeviceDataView() {
  const { t } = useTranslation('pipeline');
  const { http } = useCrudEnv();
  const [phone, setPhone] = useState<number | null>(null);
  const phones = useTaskActor<void, CrudOption[]>(
    { run: (_, signal) => loadPhones(http, signal) },
    { run: undefined },
  );
  const options = useSelector(phones, (s) => (s.context.output as CrudOption[] | undefined) ?? []);
  const phonesError = useSelector(phones, selectTaskError);
  const resource = useMemo(() => deviceDataResource(phone), [phone]);
  return (
    <Stack gap={0}>
      <Paper p="md" radius="md" withBorder m={16} mb={0}>
        <Group gap="sm" mb={phone === null ? 0 : 'sm'}>
          <label htmlFor="device-data-phone" style={{ fontSize: 14 }}>
            {t('deviceData.phone')}
          </label>
          <Select
            id="device-data-phone"
            w={220}
            clearable
            searchable
            placeholder={t('deviceData.phone_placeholder')}
            data={options.map((o) => ({ value: String(o.value), label: o.label }))}
            value={phone === null ? null : String(phone)}
            onChange={(v) => setPhone(v === null ? null : Number(v))}
          />
          {phone === null && (
            <Text c="dimmed" fz="sm">
              {t('deviceData.choose_phone')}
            </Text>
          )}
        </Group>
        {phonesError && (
          <Failure compact reason={phonesError} onRetry={() => phones.send({ type: 'task.retry' })} />
        )}
        {phone !== null && <TelemetryChart key={phone} phone={phone} />}
      </Paper>
      <CrudPage resource={resource} />
    </Stack>
  );
}

/** 设备数据 (menu component `xy/deviceData/index`). */
export default function DeviceDataRoute() {
  return (
    <AppCrudEnv>
      <DeviceDataView />
    </AppCrudEnv>
  );
}
