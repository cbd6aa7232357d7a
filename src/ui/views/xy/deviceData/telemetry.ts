// Heartbeat rows as chart points: oldest first, battery as is, the network as a level on a second axis
// (none < 2g < 3g < 4g < 5g < wifi) so its changes read as steps beside the battery line.
import type { DeviceDataRow } from '../../../../contract/pipeline.ts';

export const NETWORK_LEVELS = ['none', '2g', '3g', '4g', '5g', 'wifi'] as const;

export function networkLevel(network: string | null | undefined): number | null {
  if (!network) return null;
  const i = NETWORK_LEVELS.indexOf(network.trim().toLowerCase() as (typeof NETWORK_LEVELS)[number]);
  return i < 0 ? null : i;
}

export type TelemetryPoint = { time: string; battery: number | null; network: number | null };

/** Newest-first rows (the list's order) → oldest-first points. */
export function telemetryPoints(rows: readonly DeviceDataRow[]): TelemetryPoint[] {
  return [...rows].reverse().map((r) => ({
    time: String(r.create_datetime ?? '').slice(5, 19),
    battery: typeof r.battery === 'number' ? r.battery : null,
    network: networkLevel(r.network),
  }));
}
