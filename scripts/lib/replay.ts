/**
 * Replays a report (src/machines/registry.ts, `ChartReport`): each recorded actor's events go into a fresh
 * chart whose invoked and spawned actors are fakes that only the report settles, whose named effect actions
 * do nothing and whose timers only fire when the report says so. After every event the state value must be
 * the recorded one; the first step where it is not is the actor's divergence.
 */
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type StateValue,
} from 'xstate';
import { type ChartEntry, type ChartReport, charts, REPORT_VERSION } from '../../src/machines/registry.ts';
import { isBuiltIn } from './describe.ts';

export class ReportError extends Error {}

export type TrailStep = { step: number; event: string; state: StateValue };

export type Divergence = {
  actor: string;
  /** Index in the actor's `events`. */
  step: number;
  event: string;
  expected: StateValue;
  /** The replayed state value, or null when the step could not be applied at all. */
  actual: StateValue | null;
  reason: string;
};

export type ActorReplay = { actor: string; chart: string; trail: TrailStep[]; divergence?: Divergence };
export type ReplayResult = { ok: boolean; actors: ActorReplay[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Checks the shape of a parsed report; throws a `ReportError` saying what is wrong. */
export function parseReport(value: unknown): ChartReport {
  if (!isObject(value)) throw new ReportError('a report is a JSON object');
  if (value.version !== REPORT_VERSION) {
    throw new ReportError(`unsupported report version ${JSON.stringify(value.version)} (expected 1)`);
  }
  if (typeof value.app !== 'string') throw new ReportError('"app" must be a string');
  if (typeof value.createdAt !== 'string') throw new ReportError('"createdAt" must be a string');
  if (!isObject(value.actors)) throw new ReportError('"actors" must be an object');
  for (const [key, actor] of Object.entries(value.actors)) {
    if (!isObject(actor) || typeof actor.chart !== 'string') {
      throw new ReportError(`actors["${key}"] needs a "chart" name`);
    }
    if (!Array.isArray(actor.events) || !Array.isArray(actor.states)) {
      throw new ReportError(`actors["${key}"] needs "events" and "states" arrays`);
    }
    if (actor.events.length !== actor.states.length) {
      throw new ReportError(
        `actors["${key}"] has ${actor.events.length} events but ${actor.states.length} states (one per event)`,
      );
    }
    actor.events.forEach((event, i) => {
      if (!isObject(event) || typeof event.type !== 'string') {
        throw new ReportError(`actors["${key}"].events[${i}] needs a string "type"`);
      }
    });
  }
  return value as ChartReport;
}

export const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  ) ?? 'undefined';

/** `signedIn.{data.loading, token.valid}` for a state value. */
export function formatState(value: StateValue | null): string {
  if (value === null) return '(none)';
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length === 0) return '(root)';
  const one = ([key, sub]: [string, StateValue | undefined]) =>
    sub === undefined || (isObject(sub) && Object.keys(sub).length === 0)
      ? key
      : `${key}.${formatState(sub)}`;
  return entries.length === 1
    ? one(entries[0] as [string, StateValue])
    : `{${entries.map((entry) => one(entry as [string, StateValue])).join(', ')}}`;
}

async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** The chart with every actor a fake the report settles and every named effect a no-op. */
function withFakes(machine: AnyStateMachine) {
  const pending = new Map<AnyActorRef, Deferred>();
  const fake = fromPromise<unknown, unknown>(
    ({ self }) => new Promise((resolve, reject) => pending.set(self, { resolve, reject })),
  );
  const implementations = machine.implementations as {
    actors: Record<string, unknown>;
    actions: Record<string, unknown>;
  };
  const actors = Object.fromEntries(Object.keys(implementations.actors).map((name) => [name, fake]));
  const actions = Object.fromEntries(
    Object.entries(implementations.actions)
      .filter(([, action]) => !isBuiltIn(action))
      .map(([name]) => [name, () => {}]),
  );
  return { machine: machine.provide({ actors, actions } as never) as AnyStateMachine, pending, fake };
}

/**
 * An event that hands over actor logic (the root's `app.shellLoaded`) was recorded without it (JSON cannot
 * hold logic): each entry of its `logic` record becomes a fake the report settles, like any invoked actor.
 */
function withFakeLogic(event: AnyEventObject, fake: unknown): AnyEventObject {
  const logic = (event as { logic?: unknown }).logic;
  if (!isObject(logic)) return event;
  return { ...event, logic: Object.fromEntries(Object.keys(logic).map((name) => [name, fake])) };
}

/** Timers are scheduled but never fire by themselves: a recorded `xstate.after.*` event fires them. */
const stoppedClock = { setTimeout: () => 0, clearTimeout: () => {} };

type ScheduledEvent = { source: AnyActorRef; target: AnyActorRef; event: AnyEventObject; id: string };

async function replayActor(key: string, chart: ChartEntry, report: ChartReport): Promise<ActorReplay> {
  const recorded = report.actors[key] as ChartReport['actors'][string];
  const { machine, pending, fake } = withFakes(chart.machine);
  const trail: TrailStep[] = [];
  let actor: AnyActorRef | undefined;
  const start = async (input: unknown) => {
    actor?.stop();
    actor = createActor(machine, { clock: stoppedClock, ...(input === undefined ? {} : { input }) });
    actor.start();
    await flush();
  };
  const diverge = (step: number, event: string, actual: StateValue | null, reason: string): ActorReplay => {
    actor?.stop();
    const expected = recorded.states[step] as StateValue;
    return {
      actor: key,
      chart: chart.name,
      trail,
      divergence: { actor: key, step, event, expected, actual, reason },
    };
  };

  for (const [step, { at: _at, ...event }] of recorded.events.entries()) {
    const { type } = event;
    if (type === 'xstate.init') {
      await start((event as { input?: unknown }).input);
    } else if (type === 'xstate.stop') {
      // The recorded actor was stopped (its parent left the invoking state); a later init starts it again.
      if (!actor) await start(undefined);
      actor?.stop();
    } else {
      if (!actor) await start(undefined);
      const current = actor as AnyActorRef;
      const done = type.startsWith('xstate.done.actor.');
      if (done || type.startsWith('xstate.error.actor.')) {
        const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        const child = (current.getSnapshot() as { children: Record<string, AnyActorRef> }).children[id];
        const deferred = child ? pending.get(child) : undefined;
        if (!deferred)
          return diverge(step, type, current.getSnapshot().value, `invoked actor "${id}" is not running`);
        pending.delete(child as AnyActorRef);
        if (done) deferred.resolve((event as { output?: unknown }).output);
        else deferred.reject((event as { error?: unknown }).error);
      } else if (type.startsWith('xstate.after.')) {
        const system = current.system as {
          getSnapshot(): { _scheduledEvents: Record<string, ScheduledEvent> };
          scheduler: { cancel(source: AnyActorRef, id: string): void };
        };
        const timer = Object.values(system.getSnapshot()._scheduledEvents).find(
          (s) => s.event.type === type && s.target === current,
        );
        if (!timer) return diverge(step, type, current.getSnapshot().value, `no timer scheduled for ${type}`);
        system.scheduler.cancel(timer.source, timer.id);
        current.send(timer.event);
      } else {
        current.send(withFakeLogic(event as AnyEventObject, fake));
      }
      await flush();
    }
    const snapshot = (actor as AnyActorRef).getSnapshot() as {
      value: StateValue;
      status: string;
      error?: unknown;
    };
    if (snapshot.status === 'error') {
      const message = snapshot.error instanceof Error ? snapshot.error.message : String(snapshot.error);
      return diverge(step, type, snapshot.value ?? null, `the chart threw: ${message}`);
    }
    if (stableJson(snapshot.value) !== stableJson(recorded.states[step])) {
      return diverge(step, type, snapshot.value, 'the state differs');
    }
    trail.push({ step, event: type, state: snapshot.value });
  }
  actor?.stop();
  return { actor: key, chart: chart.name, trail };
}

/** Replays every actor of a report, in the report's order. */
export async function replayReport(
  report: ChartReport,
  entries: readonly ChartEntry[] = charts,
): Promise<ReplayResult> {
  const actors: ActorReplay[] = [];
  for (const [key, recorded] of Object.entries(report.actors)) {
    const chart = entries.find((entry) => entry.name === recorded.chart);
    if (!chart) {
      const first = recorded.events[0];
      actors.push({
        actor: key,
        chart: recorded.chart,
        trail: [],
        divergence: {
          actor: key,
          step: 0,
          event: first?.type ?? '(none)',
          expected: (recorded.states[0] ?? null) as StateValue,
          actual: null,
          reason: `no chart named "${recorded.chart}" in the registry`,
        },
      });
      continue;
    }
    actors.push(await replayActor(key, chart, report));
  }
  return { ok: actors.every((a) => !a.divergence), actors };
}

/** The trail of every actor, its divergence if any, and a closing line. */
export function formatReplay(result: ReplayResult): string {
  const lines: string[] = [];
  for (const actor of result.actors) {
    lines.push(`${actor.actor} (chart ${actor.chart})`);
    const width = Math.max(
      12,
      ...actor.trail.map((s) => s.event.length),
      actor.divergence?.event.length ?? 0,
    );
    for (const step of actor.trail) {
      lines.push(
        `  ${String(step.step).padStart(3)}  ${step.event.padEnd(width)}  ${formatState(step.state)}`,
      );
    }
    const d = actor.divergence;
    if (d) {
      lines.push(
        `  ${String(d.step).padStart(3)}  ${d.event.padEnd(width)}  ✗ expected ${formatState(d.expected)}, ` +
          `actual ${formatState(d.actual)}`,
      );
    }
  }
  const diverged = result.actors.filter((a) => a.divergence);
  for (const a of diverged) {
    const d = a.divergence as Divergence;
    lines.push(
      `DIVERGED ${d.actor} at step ${d.step} (${d.event}): expected ${formatState(d.expected)}, ` +
        `actual ${formatState(d.actual)} — ${d.reason}`,
    );
  }
  const events = result.actors.reduce((n, a) => n + a.trail.length, 0);
  lines.push(
    diverged.length
      ? `replay: ${diverged.length} of ${result.actors.length} actors diverged`
      : `replay: ${result.actors.length} actors, ${events} events, every recorded state reproduced`,
  );
  return lines.join('\n');
}
