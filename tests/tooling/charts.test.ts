import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderChartDocs, staleFiles } from '../../scripts/lib/chartDocs.ts';
import { buildChartModel } from '../../scripts/lib/chartModel.ts';
import { mermaidText, toMermaid } from '../../scripts/lib/mermaid.ts';
import { headerComment, namedDocs } from '../../scripts/lib/sourceComments.ts';
import { charts } from '../../src/machines/registry.ts';
import { sampleChart } from './fixtures.ts';

const root = resolve(import.meta.dirname, '../..');
const machinesDir = join(root, 'src/machines');

/** Every `*.machine.ts` under src/machines, by repository path. */
function machineFiles(): string[] {
  return readdirSync(machinesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(machinesDir, dir.name))
        .filter((name) => name.endsWith('.machine.ts'))
        .map((name) => `src/machines/${dir.name}/${name}`),
    )
    .sort();
}

describe('the chart registry', () => {
  it('lists every chart folder under src/machines (a new chart cannot be forgotten)', () => {
    const folders = readdirSync(machinesDir, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && machineFiles().some((f) => f.startsWith(`src/machines/${entry.name}/`)),
      )
      .map((entry) => entry.name);
    const registered = new Set(charts.map((chart) => chart.source.split('/')[2]));
    expect(folders.filter((folder) => !registered.has(folder))).toEqual([]);
  });

  it('lists every machine exported by a *.machine.ts file', async () => {
    const names = new Set(charts.map((chart) => chart.name));
    const missing: string[] = [];
    for (const file of machineFiles()) {
      const module = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const machine = value as { root?: unknown; id?: string; provide?: unknown };
        if (machine && typeof machine === 'object' && machine.root && typeof machine.provide === 'function') {
          if (!names.has(machine.id as string)) missing.push(`${file}: ${machine.id}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('names each chart by its machine id, once, with a one-line description and a commented source', () => {
    expect(new Set(charts.map((c) => c.name)).size).toBe(charts.length);
    for (const chart of charts) {
      expect(chart.machine.id, chart.name).toBe(chart.name);
      expect(chart.description, chart.name).toMatch(/^[^\n]{10,120}$/);
      expect(existsSync(join(root, chart.source)), chart.source).toBe(true);
      expect(headerComment(readFileSync(join(root, chart.source), 'utf8')), chart.source).not.toBe('');
    }
  });
});

describe('docs/charts', () => {
  it('is up to date with the charts (run `npm run charts` when this fails)', () => {
    const { changed, orphans } = staleFiles(root, renderChartDocs(root, charts));
    expect({ changed, orphans }).toEqual({ changed: [], orphans: [] });
  });

  it('is generated deterministically, with a page per chart and an index linking them all', () => {
    const first = renderChartDocs(root, charts);
    expect(renderChartDocs(root, charts)).toEqual(first);
    expect([...first.keys()]).toEqual([
      'docs/charts/README.md',
      ...charts.map((chart) => `docs/charts/${chart.name}.md`),
    ]);
    const index = first.get('docs/charts/README.md') as string;
    for (const chart of charts) expect(index).toContain(`[${chart.name}](${chart.name}.md)`);
  });

  it('a page holds the header comment, the diagram and the tables', () => {
    const page = renderChartDocs(root, charts).get('docs/charts/session.md') as string;
    expect(page).toContain('Session: who is signed in, their tokens');
    expect(page).toContain('```mermaid\nstateDiagram-v2\n');
    for (const section of ['## States', '## Events', '## Guards', '## Actions', '## Actors', '## Delays']) {
      expect(page).toContain(section);
    }
    expect(page).toContain(
      '| `xstate.done.actor.readStoredSession` | `restoring` | `signedIn` | `hasStoredToken` | `restoreSession` |',
    );
    expect(page).toMatch(/\| `isStaleToken` \| .* \| The failed request carried an older token/);
    expect(page).toContain('| `logoutTimeout` | 5000ms |');
    expect(page).toContain('| `login` | machine [login](login.md) |');
  });

  it('staleness lists changed, missing and orphaned pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'charts-'));
    try {
      mkdirSync(join(dir, 'docs/charts'), { recursive: true });
      writeFileSync(join(dir, 'docs/charts/a.md'), 'same');
      writeFileSync(join(dir, 'docs/charts/b.md'), 'old');
      writeFileSync(join(dir, 'docs/charts/gone.md'), 'x');
      const files = new Map([
        ['docs/charts/a.md', 'same'],
        ['docs/charts/b.md', 'new'],
        ['docs/charts/c.md', 'added'],
      ]);
      expect(staleFiles(dir, files)).toEqual({
        changed: ['docs/charts/b.md', 'docs/charts/c.md'],
        orphans: ['docs/charts/gone.md'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('`npm run charts -- --check` passes on the committed pages', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/charts.ts', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^docs\/charts is up to date \(\d+ files\)\.$/m);
  });
});

describe('the Mermaid diagram of a chart', () => {
  const diagram = toMermaid(buildChartModel(sampleChart));
  const lines = diagram.split('\n');

  it('nests compound states, separates parallel regions and marks initial and final states', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(diagram).toContain('state "sample" as sample {');
    expect(diagram).toMatch(
      /state "busy-state" as sample_busy_state \{\n\s+state "left" as sample_busy_state_left \{/,
    );
    expect(diagram).toMatch(/\n\s+}\n\s+--\n\s+state "right" as sample_busy_state_right \{/);
    expect(diagram).toContain('[*] --> sample_idle');
    expect(diagram).toContain('sample_busy_state_left_finished --> [*]');
  });

  it('labels events, guards, always and delayed transitions and invoked actors’ results', () => {
    expect(lines).toContain('  sample_idle --> sample_busy_state : go');
    expect(lines).toContain(
      '  sample_busy_state_left_checking --> sample_busy_state_left_finished : always [isDone]',
    );
    expect(lines).toContain(
      '  sample_busy_state_left_checking --> sample_busy_state_left_loading : always [and(isQuiet, not(isDone))]',
    );
    expect(lines).toContain(
      '  sample_busy_state_left_loading --> sample_busy_state_left_checking : after 5000ms',
    );
    expect(lines).toContain(
      '  sample_busy_state_left_loading --> sample_busy_state_left_checking : after computed',
    );
    expect(lines).toContain(
      '  sample_busy_state_right_waiting --> sample_busy_state_right_waiting : after settle (2000ms)',
    );
    expect(lines).toContain(
      '  sample_busy_state_left_loading --> sample_busy_state_left_checking : done.actor.load',
    );
    expect(lines).toContain(
      '  sample_busy_state_left_loading --> sample_busy_state_left_checking : error.actor.load',
    );
  });

  it('keeps invokes, entry actions, targetless transitions and moves into a composite’s children beside it', () => {
    expect(lines).toContain('        sample_busy_state_left_loading : invoke load');
    expect(lines).toContain('    sample_idle : ping / count');
    expect(lines).toContain('        sample_busy_state_right_waiting : tags busy');
    expect(diagram).toContain(
      'note right of sample_busy_state\n    entry / notify\n    go [isQuiet] → right.waiting\n  end note',
    );
    expect(diagram).toContain('note right of sample\n    invoke watch\n    stop → idle\n  end note');
    // Mermaid tears a cluster apart when an edge runs from it into its own children.
    expect(lines.filter((line) => /^\s+sample(_busy_state)? --> /.test(line))).toEqual([]);
  });

  it('declares every state before any edge, with ids free of dots and hyphens', () => {
    const firstEdge = lines.findIndex((line) => /^ {2}\w+ --> \w+ :/.test(line));
    const lastDeclaration = lines.findLastIndex((line) => line.includes(' as '));
    expect(firstEdge).toBeGreaterThan(lastDeclaration);
    for (const line of lines.filter((l) => l.includes(' as '))) expect(line).toMatch(/ as \w+( \{)?$/);
  });

  it('drops the characters Mermaid reserves from labels', () => {
    expect(mermaidText('a "b": c; #d {e}\nf')).toBe("a 'b' c d (e) f");
  });
});

describe('comments read from a chart source', () => {
  it('the opening comment loses its decoration and keeps its lines', () => {
    expect(headerComment('/**\n * One.\n *\n * - two\n */\nimport x from "y";')).toBe('One.\n\n- two');
    expect(headerComment('import x from "y";')).toBe('');
  });

  it('named docs come from `/** … */` before a property or an exported const', () => {
    const docs = namedDocs('/** Loads\n * it. */\n  load: x,\n/** Relay. */\nexport const relay = 1;');
    expect(Object.fromEntries(docs)).toEqual({ load: 'Loads it.', relay: 'Relay.' });
  });
});
