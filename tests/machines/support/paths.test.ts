import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { type ChartFixture, coverChart, generatePaths, inventory, invokeIdProblems } from './paths.ts';

const chart = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'stop' } },
  actors: { work: fromPromise<number>(async () => 1) },
  delays: { wait: 1000 },
}).createMachine({
  id: 'tiny',
  context: { n: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: 'working' } },
    working: {
      invoke: {
        id: 'work',
        src: 'work',
        onDone: { target: 'idle', actions: assign({ n: ({ event }) => event.output }) },
      },
      after: { wait: 'idle' },
      on: { stop: 'idle' },
    },
  },
});

const fixture: ChartFixture = {
  machine: chart,
  events: [{ type: 'go' }, { type: 'stop' }],
  actors: { work: { done: [1] } },
  summarize: (c: { n: number }) => c.n,
};

describe('the generated-paths harness', () => {
  it('counts states (root included) and transitions, `after` and done events among them', () => {
    const { states, transitions } = inventory(chart);
    expect(states).toEqual(['tiny', 'tiny.idle', 'tiny.working']);
    expect([...transitions.keys()].sort()).toEqual([
      'tiny.idle#go#0',
      'tiny.working#stop#0',
      'tiny.working#xstate.after.wait.tiny.working#0',
      'tiny.working#xstate.done.actor.work#0',
    ]);
  });

  it('takes every transition, including the delay, on a real actor', async () => {
    const report = await coverChart('tiny', fixture);
    expect(report.transitions).toMatchObject({ taken: 4, total: 4, missing: [], divergent: [] });
    expect(report.states.missing).toEqual([]);
  });

  it('refuses to traverse without a fixture for an event or an invoked actor', () => {
    expect(() => generatePaths({ ...fixture, events: [{ type: 'go' }] })).toThrow(
      'no fixture for event "stop"',
    );
    expect(() => generatePaths({ ...fixture, actors: {} })).toThrow(
      'no done fixture for invoked actor "work"',
    );
  });

  it('asks for explicit invoke ids equal to their src', () => {
    const generated = setup({ actors: { work: fromPromise(async () => 1) } }).createMachine({
      id: 'anon',
      invoke: { src: 'work' },
    });
    expect(invokeIdProblems(generated)).toHaveLength(1);
    expect(invokeIdProblems(chart)).toEqual([]);
  });

  it('reports a transition no path can take', async () => {
    const unreachable = setup({ types: { events: {} as { type: 'go' } } }).createMachine({
      id: 'stuck',
      initial: 'a',
      states: { a: {}, b: { on: { go: 'a' } } },
    });
    const report = await coverChart('stuck', {
      machine: unreachable,
      events: [{ type: 'go' }],
      summarize: () => null,
    });
    expect(report.states.missing).toEqual(['stuck.b']);
    expect(report.transitions.missing).toEqual(['stuck.b#go#0']);
  });
});
