/**
 * One coverage table per run: every chart's states reached and transitions taken by its generated paths.
 *
 * The per-chart `*.paths.test.ts` files keep their fixtures to themselves and assert 100% each; the
 * harness's `coverChart` records each report in the run's coverage directory (tests/support/globalSetup.ts).
 * This file runs after every other test file (the `summary` project, a later `groupOrder` in
 * vite.config.ts), reads those reports — nothing runs twice — prints them as one table (the numbers are the
 * harness's own) and checks that every registered chart has generated paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { charts } from '../../src/machines/registry.ts';
import type { CoverageReport, RecordedReport } from '../machines/support/paths.ts';
import { coverageTable } from './coverageTable.ts';

/** The reports the generated-path tests of this run recorded, by chart name. */
function recordedReports(): Map<string, CoverageReport> {
  const dir = inject('chartCoverageDir');
  const records = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RecordedReport);
  return new Map(records.map((r) => [r.report.name, r.report]));
}

const collected = recordedReports();
const names = charts.map((chart) => chart.name);

describe('coverage summary', () => {
  it('every registered chart has generated paths that ran in this run', (context) => {
    // A run filtered to other files (e.g. `npx vitest run tests/tooling`) ran no generated paths at all.
    if (collected.size === 0)
      context.skip('no generated-path test ran in this run (run the vitest layer without a filter)');
    expect(names.filter((name) => !collected.has(name))).toEqual([]);
  });

  it('the table shows each chart’s counts as the harness reports them', () => {
    const report = (name: string, states: [number, number], transitions: [number, number]) =>
      ({
        name,
        states: { reached: states[0], total: states[1], missing: [] },
        transitions: {
          taken: transitions[0],
          total: transitions[1],
          missing: [],
          excepted: [],
          divergent: [],
        },
        paths: { generated: 12, leaves: 8, executed: 8 },
        line: '',
      }) satisfies CoverageReport;
    const table = coverageTable(new Map([['a', report('a', [5, 5], [11, 11])]]), ['a', 'b']);
    expect(table.split('\n').map((l) => l.split(/\s{2,}/))).toEqual([
      ['Generated-path coverage (tests/machines/**/*.paths.test.ts)'],
      ['chart', 'states reached', 'transitions taken', 'paths run/generated'],
      [expect.stringMatching(/^-+$/), expect.any(String), expect.any(String), expect.any(String)],
      ['a', '5/5', '11/11', '8/12'],
      ['b', '—', '—', '—', 'no generated paths'],
      [expect.stringMatching(/^-+$/), expect.any(String), expect.any(String), expect.any(String)],
      ['total', '5/5', '11/11', '8/12'],
    ]);
  });
});

afterAll(() => {
  if (collected.size) console.log(coverageTable(collected, names));
});
