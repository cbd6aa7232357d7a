import type { LogEntry } from '../../machines/log/types.ts';
import type { ChartReport } from '../../machines/registry.ts';
import { devtoolsStore, type InspectionStore } from '../../services/inspection-store.ts';
import { download } from '../devtools/report.ts';

/**
 * The frontend log as a file an engineer can read or attach to a bug: its entries, and the statecharts'
 * report (every recorded event and state since the page loaded, masked — `npm run replay` reads it) when the
 * state panel records on this page (`stateReport: null` when it is off).
 */
export type LogExport = {
  exportedAt: string;
  url: string;
  userAgent: string;
  entries: readonly LogEntry[];
  stateReport: ChartReport | null;
};

export function logExport(
  entries: readonly LogEntry[],
  store: InspectionStore | undefined,
  now = new Date(),
): LogExport {
  return {
    exportedAt: now.toISOString(),
    url: typeof location === 'undefined' ? '' : location.href,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    entries,
    stateReport: store ? store.report() : null,
  };
}

/** Downloads the export as `frontend-log-<time>.json`. */
export function downloadLogExport(entries: readonly LogEntry[]): LogExport {
  const data = logExport(entries, devtoolsStore());
  download(
    `${JSON.stringify(data, null, 2)}\n`,
    `frontend-log-${data.exportedAt.replace(/[:.]/g, '-')}.json`,
  );
  return data;
}
