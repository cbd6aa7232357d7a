// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { buildChartModel } from '../../scripts/lib/chartModel.ts';
import { toMermaid } from '../../scripts/lib/mermaid.ts';
import { charts } from '../../src/machines/registry.ts';
import { sampleChart } from './fixtures.ts';

type Mermaid = { initialize(config: object): void; parse(text: string): Promise<unknown> };
let mermaid: Mermaid;

beforeAll(async () => {
  mermaid = (await import('mermaid')).default as unknown as Mermaid;
  mermaid.initialize({ startOnLoad: false });
});

describe('Mermaid accepts every generated diagram', () => {
  it('the parser rejects what it cannot draw (so the checks below are not vacuous)', async () => {
    const described = 'stateDiagram-v2\n  state "a" as a {\n    b\n  }\n  a : a composite with a description';
    await expect(mermaid.parse(described)).rejects.toThrow(/description/);
  });

  const diagrams: [string, AnyStateMachine][] = [
    ['sample', sampleChart],
    ...charts.map((chart): [string, AnyStateMachine] => [chart.name, chart.machine]),
  ];
  it.each(diagrams)('%s', async (_name, machine) => {
    await expect(mermaid.parse(toMermaid(buildChartModel(machine)))).resolves.toMatchObject({
      diagramType: 'stateDiagram',
    });
  });
});
