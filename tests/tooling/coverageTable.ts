/** The coverage summary as text (tests/tooling/coverage.test.ts prints it once per run). */
import type { CoverageReport } from '../machines/support/paths.ts';

/** The summary as text: one row per registered chart, then the charts' totals. */
export function coverageTable(
  reports: ReadonlyMap<string, CoverageReport>,
  names: readonly string[],
): string {
  const rows = names.map((name) => {
    const r = reports.get(name);
    if (!r) return [name, '—', '—', '—', 'no generated paths'];
    const excepted = r.transitions.excepted.length ? ` (+${r.transitions.excepted.length} excepted)` : '';
    return [
      name,
      `${r.states.reached}/${r.states.total}`,
      `${r.transitions.taken}/${r.transitions.total}${excepted}`,
      `${r.paths.executed}/${r.paths.generated}`,
      r.states.missing.length || r.transitions.missing.length ? 'INCOMPLETE' : '',
    ];
  });
  const sum = (pick: (r: CoverageReport) => number) => [...reports.values()].reduce((n, r) => n + pick(r), 0);
  rows.push([
    'total',
    `${sum((r) => r.states.reached)}/${sum((r) => r.states.total)}`,
    `${sum((r) => r.transitions.taken)}/${sum((r) => r.transitions.total)}`,
    `${sum((r) => r.paths.executed)}/${sum((r) => r.paths.generated)}`,
    '',
  ]);
  const head = ['chart', 'states reached', 'transitions taken', 'paths run/generated', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((w, i) => (head[i] ? '-'.repeat(w) : '')));
  return [
    'Generated-path coverage (tests/machines/**/*.paths.test.ts)',
    line(head),
    rule,
    ...rows.slice(0, -1).map(line),
    rule,
    line(rows.at(-1) as string[]),
  ].join('\n');
}
