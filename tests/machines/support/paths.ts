/**
 * Generated paths for any chart (ARCHITECTURE.md "Tests" 2 and "Verified on this machine").
 *
 * 1. Inventory: every state node, and every transition from each node's transition map plus `always`,
 *    keyed `<source id>#<event type>#<index>`. Invoke ids must be explicit and equal to their `src`, so a
 *    done/error event names the fake that settles it.
 * 2. Traversal: `getShortestPaths` from `@xstate/graph` over the chart itself (pure: no actor or timer
 *    runs), with a fixture for every event the active states accept and every invoked actor's done/error
 *    variant, kept when `snapshot.can(event)` (in the events function: @xstate/graph 3.0.4 has no
 *    `filterEvents`), and the vertex keyed on the edge — previous value, event (with its payload), new
 *    value, bounded context summary — so every transition is a vertex and gets a path.
 * 3. Selection: the leaves of the shortest-path tree (every other path is a prefix of one) are replayed
 *    purely with an inspecting actor scope to learn which transitions each takes and which states it
 *    reaches; a greedy cover keeps the fewest leaves that take and reach them all.
 * 4. Execution: the chosen paths run on a real actor with fakes (`machine.provide`) and fake timers: a
 *    done/error step settles the fake, a delay step advances to 1 ms before the timer (nothing may
 *    happen), then the last 1 ms. After each step the state value and the context summary must be the
 *    ones the traversal predicted. Taken transitions are measured from `@xstate.microstep` inspection
 *    events, reached states from the snapshots; both must include what the pure replay planned.
 * 5. Record: a report made in a `*.paths.test.ts` file is written to the run's coverage directory
 *    (tests/support/globalSetup.ts), from which tests/tooling/coverage.test.ts prints the one table.
 */

import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, inject, vi } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
} from 'xstate';
import {
  edgeKeyedShortestPaths,
  type GeneratedPath,
  greedyCover,
  inventory,
  invokeIdProblems,
  leafPaths,
  plannedCoverage,
  type Snap,
  stableJson,
  type TransitionDef,
  transitionKey,
} from '../../support/chartPaths.ts';

// The pure pieces live in tests/support/chartPaths.ts (shared with the Playwright walks); re-exported so
// the harness's import sites keep working.
export {
  type GeneratedPath,
  greedyCover,
  inventory,
  invokeIdProblems,
  leafPaths,
  plannedCoverage,
  type TransitionInfo,
} from '../../support/chartPaths.ts';

/** Outputs (`done`) and errors (`error`) an invoked actor may produce; each is a traversal variant. */
export type ActorFixture = { done?: readonly unknown[]; error?: readonly unknown[] };

export type ChartFixture = {
  machine: AnyStateMachine;
  /** Inputs to start from; each is traversed and run (default: no input). */
  inputs?: readonly unknown[];
  /** Every event the chart handles, with the payload variants its guards distinguish. */
  events: readonly AnyEventObject[];
  /** Invoked actors that complete (promises, child machines), by invoke id (= src). */
  actors?: Record<string, ActorFixture>;
  /** Invoked actors that never complete (callbacks, long-lived children), replaced by inert fakes. */
  inert?: readonly string[];
  /** Context reduced to what guards and delays read; must take finitely many values. */
  summarize: (context: never) => unknown;
  /** Transition keys that cannot be taken, each with its reason (also listed in the chart header). */
  exceptions?: Record<string, string>;
  /** Traversal bound (vertices); a summary that is not bounded fails loudly instead of hanging. */
  limit?: number;
};

function eventsFor(fixture: ChartFixture) {
  const byType = new Map<string, AnyEventObject[]>();
  for (const event of fixture.events) byType.set(event.type, [...(byType.get(event.type) ?? []), event]);
  return (snapshot: Snap): AnyEventObject[] => {
    const out = new Map<string, AnyEventObject>();
    const add = (event: AnyEventObject) => out.set(stableJson(event), event);
    for (const node of snapshot._nodes) {
      for (const type of node.transitions.keys()) {
        if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
          const done = type.startsWith('xstate.done.actor.');
          const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
          const variants = fixture.actors?.[id]?.[done ? 'done' : 'error'];
          if (!variants?.length)
            throw new Error(`no ${done ? 'done' : 'error'} fixture for invoked actor "${id}"`);
          for (const v of variants) add(done ? { type, output: v } : { type, error: v });
        } else if (type.startsWith('xstate.after.') || type.startsWith('xstate.done.state.')) {
          add({ type });
        } else {
          const variants = byType.get(type);
          if (!variants) throw new Error(`no fixture for event "${type}"`);
          for (const v of variants) add(v);
        }
      }
    }
    return [...out.values()];
  };
}

/** Shortest paths with the vertex keyed on the edge: one path per distinct transition taken. */
export function generatePaths(fixture: ChartFixture, input?: unknown): GeneratedPath[] {
  return edgeKeyedShortestPaths(fixture.machine, {
    events: eventsFor(fixture),
    canTake: true,
    summarize: fixture.summarize as (context: unknown) => unknown,
    limit: fixture.limit ?? 20_000,
    input,
  });
}

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown };

/** Promise fakes settled by the steps, and inert callback fakes. */
export function createFakes(fixture: ChartFixture) {
  const pending = new Map<string, Pending[]>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const id of Object.keys(fixture.actors ?? {})) {
    actors[id] = fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) =>
          pending.set(id, [...(pending.get(id) ?? []), { resolve, reject, input }]),
        ),
    );
  }
  for (const id of fixture.inert ?? []) actors[id] = fromCallback(() => () => {});
  const settle = (id: string, outcome: { output: unknown } | { error: unknown }) => {
    const latest = pending.get(id)?.pop();
    if (!latest) throw new Error(`invoked actor "${id}" is not running`);
    if ('output' in outcome) latest.resolve(outcome.output);
    else latest.reject(outcome.error);
  };
  return { actors, pending, settle };
}

export async function flush(times = 8): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}

type ScheduledEvent = { event: EventObject; delay: number; startedAt: number };

/** Runs a delay step: 1 ms before the timer nothing happens, the last 1 ms fires it. */
async function elapse(actor: { getSnapshot(): Snap; system: unknown }, type: string, label: string) {
  const system = actor.system as { getSnapshot(): { _scheduledEvents: Record<string, ScheduledEvent> } };
  const scheduled = Object.values(system.getSnapshot()._scheduledEvents).find((s) => s.event.type === type);
  if (!scheduled) throw new Error(`${label}: no timer scheduled for ${type}`);
  const remaining = Math.max(0, scheduled.startedAt + scheduled.delay - Date.now());
  if (remaining > 0) {
    const before = stableJson(actor.getSnapshot().value);
    vi.advanceTimersByTime(remaining - 1);
    await flush();
    const after = stableJson(actor.getSnapshot().value);
    if (after !== before) throw new Error(`${label}: ${type} fired 1 ms early (${before} → ${after})`);
  }
  vi.advanceTimersByTime(remaining > 0 ? 1 : 0);
  await flush();
}

export type PathRun = { taken: Set<string>; reached: Set<string> };

/** Runs one path on a real actor with fakes; throws when the actor leaves the predicted path. */
export async function executePath(
  fixture: ChartFixture,
  path: GeneratedPath,
  input?: unknown,
  label = '',
): Promise<PathRun> {
  const known = inventory(fixture.machine).transitions;
  const fakes = createFakes(fixture);
  const machine = fixture.machine.provide({ actors: fakes.actors } as never) as AnyStateMachine;
  const taken = new Set<string>();
  const reached = new Set<string>();
  const markReached = (snapshot: Snap) => {
    for (const node of snapshot._nodes) reached.add(node.id);
  };
  const actor = createActor(machine, {
    ...(input === undefined ? {} : { input }),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      for (const t of ev._transitions as unknown as TransitionDef[]) {
        const key = transitionKey(t);
        if (known.has(key)) taken.add(key);
      }
      markReached(ev.snapshot as Snap);
    },
  });
  const summarize = fixture.summarize as (context: unknown) => unknown;
  const stepLabel = (i: number) =>
    `${label} step ${i} (${path.steps
      .slice(1, i + 1)
      .map((s) => s.event.type)
      .join(' → ')})`;
  actor.start();
  await flush();
  markReached(actor.getSnapshot() as Snap);
  try {
    for (let i = 1; i < path.steps.length; i++) {
      const { event, state } = path.steps[i] as {
        event: EventObject & { output?: unknown; error?: unknown };
        state: Snap;
      };
      if (event.type.startsWith('xstate.done.actor.')) {
        fakes.settle(event.type.slice('xstate.done.actor.'.length), { output: event.output });
        await flush();
      } else if (event.type.startsWith('xstate.error.actor.')) {
        fakes.settle(event.type.slice('xstate.error.actor.'.length), { error: event.error });
        await flush();
      } else if (event.type.startsWith('xstate.after.')) {
        await elapse(actor as never, event.type, stepLabel(i));
      } else {
        actor.send(event);
        await flush();
      }
      const snapshot = actor.getSnapshot() as Snap;
      const got = stableJson([snapshot.value, summarize(snapshot.context)]);
      const want = stableJson([state.value, summarize(state.context)]);
      if (got !== want) throw new Error(`${stepLabel(i)}: expected ${want}, got ${got}`);
      markReached(snapshot);
    }
  } finally {
    actor.stop();
  }
  return { taken, reached };
}

/** Every run starts at this fake time (fixtures stamp their tokens with it). */
export const START_TIME = Date.UTC(2026, 0, 1);

export type CoverageReport = {
  name: string;
  states: { reached: number; total: number; missing: string[] };
  /** `divergent`: planned by the pure replay but not taken by the real actor (must stay empty). */
  transitions: { taken: number; total: number; missing: string[]; excepted: string[]; divergent: string[] };
  /** Generated shortest paths, their leaves, and the leaves run (a greedy cover, or all with `runAll`). */
  paths: { generated: number; leaves: number; executed: number };
  line: string;
};

/**
 * Generates, selects, runs and measures; the caller asserts on the report. `runAll` runs every leaf
 * instead of the greedy cover (slower; each run still checks every predicted state).
 */
export async function coverChart(
  name: string,
  fixture: ChartFixture,
  runAll = false,
): Promise<CoverageReport> {
  const problems = invokeIdProblems(fixture.machine);
  if (problems.length) throw new Error(problems.join('\n'));
  const { states, transitions } = inventory(fixture.machine);
  const inputs = fixture.inputs ?? [undefined];
  const plans = inputs.map((input) => {
    const generated = generatePaths(fixture, input);
    return { input, generated, leaves: leafPaths(generated) };
  });
  const candidates = plans.flatMap((plan) =>
    plan.leaves.map((path) => ({
      path,
      input: plan.input,
      planned: plannedCoverage(fixture.machine, path, plan.input),
    })),
  );
  const chosen = runAll ? candidates : greedyCover(candidates, (c) => c.planned);
  vi.useFakeTimers({ now: START_TIME });
  const runs: PathRun[] = [];
  try {
    for (const [i, candidate] of chosen.entries()) {
      vi.setSystemTime(START_TIME);
      runs.push(await executePath(fixture, candidate.path, candidate.input, `${name} path ${i}`));
    }
  } finally {
    vi.useRealTimers();
  }
  const taken = new Set(runs.flatMap((r) => [...r.taken]));
  const reached = new Set(runs.flatMap((r) => [...r.reached]));
  const exceptions = fixture.exceptions ?? {};
  const missingStates = states.filter((s) => !reached.has(s));
  const missing = [...transitions.keys()].filter((k) => !taken.has(k) && !(k in exceptions));
  const excepted = [...transitions.keys()].filter((k) => !taken.has(k) && k in exceptions);
  const divergent = [...new Set(chosen.flatMap((c) => [...c.planned]))].filter((k) =>
    k.startsWith('state:') ? !reached.has(k.slice('state:'.length)) : !taken.has(k),
  );
  const line =
    `${name}: states ${states.length - missingStates.length}/${states.length}, ` +
    `transitions ${taken.size}/${transitions.size}` +
    (excepted.length ? ` (+${excepted.length} explained exception${excepted.length > 1 ? 's' : ''})` : '') +
    `; ${plans.reduce((n, p) => n + p.generated.length, 0)} paths generated, ` +
    `${candidates.length} leaves, ${chosen.length} executed${runAll ? '' : ' (greedy cover)'}`;
  const report: CoverageReport = {
    name,
    states: { reached: states.length - missingStates.length, total: states.length, missing: missingStates },
    transitions: { taken: taken.size, total: transitions.size, missing, excepted, divergent },
    paths: {
      generated: plans.reduce((n, p) => n + p.generated.length, 0),
      leaves: candidates.length,
      executed: chosen.length,
    },
    line,
  };
  recordReport(report);
  return report;
}

/** A recorded report: the chart's numbers and the test file that made them. */
export type RecordedReport = { file: string; report: CoverageReport };

/** Writes the report of a generated-path test (`*.paths.test.ts`) for this run's coverage table. */
function recordReport(report: CoverageReport) {
  const file = expect.getState().testPath ?? '';
  const dir = inject('chartCoverageDir');
  if (!dir || !file.endsWith('.paths.test.ts')) return;
  const record: RecordedReport = { file, report };
  writeFileSync(join(dir, `${basename(file)}.${report.name}.json`), JSON.stringify(record));
}
