import type { ChartReport } from '../../machines/registry.ts';
import type { InspectionStore } from '../../services/inspection-store.ts';

/** The report as the operator gets it (pretty JSON: `npm run replay <file>` reads it). */
export const reportJson = (report: ChartReport) => `${JSON.stringify(report, null, 2)}\n`;

/** Saves JSON text as a file (the fallback when the clipboard is refused; the log page's export). */
export function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copies the store's report to the clipboard; when the browser refuses, downloads it instead. */
export async function copyReport(store: InspectionStore): Promise<{ report: ChartReport; copied: boolean }> {
  const report = store.report();
  const text = reportJson(report);
  try {
    await navigator.clipboard.writeText(text);
    return { report, copied: true };
  } catch {
    download(text, `state-report-${report.createdAt.replace(/[:.]/g, '-')}.json`);
    return { report, copied: false };
  }
}
