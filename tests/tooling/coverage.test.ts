/**
 * One coverage table per run: every chart's states reached and transitions taken by its generated paths.
 *
 * The per-chart `*.paths.test.ts` files keep their fixtures to themselves and assert 100% each; this file
 * runs them again with the harness's `coverChart` wrapped to keep each `CoverageReport` it returns, then
 * prints the reports as one table (the numbers are the harness's own) and checks that every registered
 * chart has generated paths.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { charts } from '../../src/machines/registry.ts';
import type { CoverageReport } from '../machines/support/paths.ts';
import { coverageTable } from './coverageTable.ts';

const collected = vi.hoisted(() => new Map<string, CoverageReport>());

vi.mock('../machines/support/paths.ts', async (importOriginal) => {
  const harness = await importOriginal<typeof import('../machines/support/paths.ts')>();
  return {
    ...harness,
    coverChart: async (...args: Parameters<typeof harness.coverChart>) => {
      const report = await harness.coverChart(...args);
      collected.set(report.name, report);
      return report;
    },
  };
});

// Loading the per-chart files registers their tests here too, where `coverChart` is the wrapper above.
import.meta.glob('../machines/**/*.paths.test.ts', { eager: true });

describe('coverage summary', () => {
  it('every registered chart has generated paths', () => {
    expect(charts.map((chart) => chart.name).filter((name) => !collected.has(name))).toEqual([]);
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
  console.log(
    coverageTable(
      collected,
      charts.map((chart) => chart.name),
    ),
  );
});
