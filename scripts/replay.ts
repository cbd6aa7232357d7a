/**
 * `npm run replay <report.json>`: feeds a report's events into fresh charts with fake effects and prints
 * each actor's state trail. Exit 0: every recorded state reproduced; 1: a divergence (step, event, expected
 * and actual state); 2: no such file, or not a report. Format: docs/charts/README.md.
 */
import { readFileSync } from 'node:fs';
import { APP_VERSION } from '../src/contract/paths.ts';
import { formatReplay, parseReport, ReportError, replayReport } from './lib/replay.ts';

async function main(argv: string[]): Promise<number> {
  const file = argv.find((arg) => !arg.startsWith('-'));
  if (!file) {
    console.error('usage: npm run replay <report.json>');
    return 2;
  }
  let report: ReturnType<typeof parseReport>;
  try {
    report = parseReport(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const why = error instanceof ReportError || error instanceof SyntaxError ? error.message : String(error);
    console.error(`${file}: not a replayable report: ${why}`);
    return 2;
  }
  if (report.app !== APP_VERSION) {
    console.warn(`note: recorded by console ${report.app}, replaying with ${APP_VERSION}`);
  }
  const result = await replayReport(report);
  const text = formatReplay(result);
  if (result.ok) console.log(text);
  else console.error(text);
  return result.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
