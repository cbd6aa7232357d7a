// /xy/device_data/ — one row per phone heartbeat (battery, network, app version, the other keys in `extra`):
// the telemetry history behind the device data page's charts. Read-only + delete (the seeded 设备数据
// buttons); `?phone=<id>`; data scope by the phone's dept (heartbeats stamp it).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { COMMON_LABELS } from '../crud/fields.ts';
import { head, registerResource, tail } from '../crud/kit.ts';

export const DEVICE_DATA_API = '/xy/device_data/';

const LABELS = {
  phone: { zh: '手机', en: 'Phone' },
  battery: { zh: '电量', en: 'Battery' },
  network: { zh: '网络', en: 'Network' },
  app_version: { zh: '应用版本', en: 'App version' },
  extra: { zh: '其他', en: 'Other' },
  ...COMMON_LABELS,
};

export function registerDeviceDataRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    name: 'device_data',
    base: DEVICE_DATA_API,
    module: 'device_data',
    table: 'xy_device_data',
    model: { zh: '设备数据', en: 'device data' },
    labels: LABELS,
    deletable: true,
    select: (qb) =>
      qb
        .leftJoin('xy_phone as p', 'p.id', 't.phone_id')
        .select(['p.name as phone_name', 'p.serial as phone_serial']),
    row: (r) => ({
      ...head(r),
      ...tail(r),
      phone: r.phone_id,
      phone_name: r.phone_name ?? null,
      phone_serial: r.phone_serial ?? null,
      battery: r.battery,
      network: r.network,
      app_version: r.app_version,
      extra: r.extra ?? {},
    }),
    columnOf: { phone: 'phone_id' },
    filters: { phone: 'int', network: 'exact' },
    search: ['network', 'app_version'],
    ordering: ['id', 'battery', 'create_datetime'],
    defaultOrder: ['-create_datetime'],
    export: {
      filename: { zh: '设备数据', en: 'device data' },
      columns: [
        { field: 'phone_name', header: LABELS.phone },
        { field: 'battery', header: LABELS.battery },
        { field: 'network', header: LABELS.network },
        { field: 'app_version', header: LABELS.app_version },
        { field: 'create_datetime', header: { zh: '时间', en: 'Time' } },
      ],
    },
  });
}
