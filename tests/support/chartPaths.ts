/**
 * Path generation shared by the chart harness (tests/machines/support/paths.ts, run under vitest with fakes)
 * and the generated UI walks (tests/e2e/walks, run under Playwright against the real console). Pure: no
 * test runner, no timers, nothing runs; see the harness's header for how the pieces fit together.
 *
 * - `inventory`: every state node and transition of a chart, transitions keyed `<source id>#<event>#<index>`.
 * - `edgeKeyedShortestPaths`: `getShortestPaths` from `@xstate/graph` over any logic (a chart, or a chart
 *   wrapped so that its events are user intents) with the vertex keyed on the edge — previous value,
 *   event, new value, bounded context summary — so every distinct transition gets a path. `@xstate/graph`
 *   3.0.4 has no `filterEvents` option (only `xstate/graph` does): `canTake` filters inside the events
 *   function with `snapshot.can(event)`.
 * - `leafPaths`, `plannedCoverage`, `greedyCover`: keep the leaves of the shortest-path tree, learn what
 *   each takes and reaches from a pure replay, and keep the fewest that cover it all.
 */

import { getShortestPaths } from '@xstate/graph';
import { type AnyActorLogic, type AnyStateMachine, createEmptyActor, type EventObject } from 'xstate';

export type TransitionInfo = {
  key: string;
  source: string;
  eventType: string;
  index: number;
  forbidden: boolean;
};

export type Node = AnyStateMachine['root'];
export type TransitionDef = {
  source: Node;
  eventType: string;
  target?: unknown;
  actions: unknown[];
  reenter?: boolean;
};

export function allNodes(node: Node): Node[] {
  return Object.values(node.states as Record<string, Node>).flatMap((child) => [child, ...allNodes(child)]);
}

export function transitionKey(t: TransitionDef): string {
  const always = (t.source.always ?? []) as unknown[];
  const inAlways = always.indexOf(t);
  if (inAlways >= 0) return `${t.source.id}#always#${inAlways}`;
  const list = (t.source.transitions.get(t.eventType) ?? []) as unknown[];
  return `${t.source.id}#${t.eventType}#${list.indexOf(t)}`;
}

/** Every state node (root excluded) and every transition of a chart. */
export function inventory(machine: AnyStateMachine) {
  const nodes = [machine.root, ...allNodes(machine.root)];
  const transitions = new Map<string, TransitionInfo>();
  for (const node of nodes) {
    const lists: [string, TransitionDef[]][] = [
      ...([...node.transitions.entries()] as unknown as [string, TransitionDef[]][]),
      ['always', (node.always ?? []) as unknown as TransitionDef[]],
    ];
    for (const [eventType, defs] of lists) {
      defs.forEach((t, index) => {
        const key = eventType === 'always' ? `${node.id}#always#${index}` : transitionKey(t);
        const forbidden = !t.target && !t.actions.length && !t.reenter;
        transitions.set(key, { key, source: node.id, eventType, index, forbidden });
      });
    }
  }
  return { states: nodes.map((n) => n.id), transitions };
}

/** Invoke ids must be explicit and equal to `src` (a generated id cannot be matched to its fake). */
export function invokeIdProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  for (const node of [machine.root, ...allNodes(machine.root)]) {
    for (const def of node.invoke as { id: string; src: unknown }[]) {
      if (typeof def.src !== 'string' || def.id !== def.src) {
        problems.push(`${node.id}: invoke id "${def.id}" should equal its src "${String(def.src)}"`);
      }
    }
  }
  return problems;
}

export const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

export type Snap = ReturnType<AnyStateMachine['getInitialSnapshot']> & { _nodes: Node[] };

export type GeneratedPath = { steps: { state: Snap; event: EventObject }[]; state: Snap };

export type EdgePathOptions = {
  /** The events to try from a snapshot (a chart's handled events, or the intents a user has there). */
  events: (snapshot: Snap) => EventObject[];
  /** Context reduced to what matters; must take finitely many values so the traversal ends. */
  summarize: (context: unknown) => unknown;
  /** Traversal bound (vertices); an unbounded summary fails loudly instead of hanging. */
  limit: number;
  input?: unknown;
  /**
   * Key the vertex on the previous summary too: needed when one event stands for several chart steps (a
   * walk's user intent), where two different transitions can end in the same value and summary.
   */
  keyPreviousSummary?: boolean;
  /** Only the events the snapshot can take (`snapshot.can(event)`): a chart's events that its guards refuse. */
  canTake?: boolean;
};

/**
 * Shortest paths with the vertex keyed on the edge: one path per distinct transition taken. `logic` is a
 * machine, or any logic whose snapshots are machine snapshots (a chart wrapped to take user intents).
 */
export function edgeKeyedShortestPaths(logic: AnyActorLogic, options: EdgePathOptions): GeneratedPath[] {
  const { summarize, input, keyPreviousSummary, canTake, limit } = options;
  const events = canTake
    ? (snapshot: Snap) => options.events(snapshot).filter((event) => snapshot.can(event))
    : options.events;
  const traversal = {
    events,
    limit,
    serializeState: (state: Snap, event: EventObject | undefined, prev?: Snap) =>
      stableJson([
        prev?.value ?? null,
        event ? stableJson(event) : null,
        state.value,
        summarize(state.context),
        ...(keyPreviousSummary && prev ? [summarize(prev.context)] : []),
      ]),
    ...(input === undefined ? {} : { input }),
  };
  return getShortestPaths(logic, traversal as never) as unknown as GeneratedPath[];
}

/** Paths that are not a prefix of another path: running them runs every path. */
export function leafPaths(paths: GeneratedPath[]): GeneratedPath[] {
  const sequence = (p: GeneratedPath) => p.steps.slice(1).map((s) => stableJson(s.event));
  const prefixes = new Set<string>();
  for (const p of paths) {
    const seq = sequence(p);
    for (let i = 0; i < seq.length; i++) prefixes.add(stableJson(seq.slice(0, i)));
  }
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = stableJson(sequence(p));
    if (prefixes.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The transitions a path takes and the states it reaches (`state:<id>`), from a pure replay
 * (`machine.transition` with an actor scope whose system records `@xstate.microstep` inspection events;
 * nothing runs).
 */
export function plannedCoverage(machine: AnyStateMachine, path: GeneratedPath, input?: unknown): Set<string> {
  const taken = new Set<string>();
  const empty = createEmptyActor();
  const system = Object.create(empty.system) as typeof empty.system & { _sendInspectionEvent: unknown };
  system._sendInspectionEvent = (ev: { type: string; _transitions?: TransitionDef[] }) => {
    if (ev.type === '@xstate.microstep') for (const t of ev._transitions ?? []) taken.add(transitionKey(t));
  };
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'planned',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  const markReached = (snapshot: unknown) => {
    for (const node of (snapshot as Snap)._nodes) taken.add(`state:${node.id}`);
  };
  let snapshot = machine.getInitialSnapshot(scope as never, input);
  markReached(snapshot);
  for (const step of path.steps.slice(1)) {
    snapshot = machine.transition(snapshot, step.event as never, scope as never);
    markReached(snapshot);
  }
  return taken;
}

/** The fewest items (greedy) whose sets cover the union of all sets. */
export function greedyCover<T>(items: T[], setOf: (item: T) => Set<string>): T[] {
  const left = new Set(items.flatMap((item) => [...setOf(item)]));
  const chosen: T[] = [];
  while (left.size > 0) {
    let best: T | undefined;
    let bestGain = 0;
    for (const item of items) {
      const gain = [...setOf(item)].filter((k) => left.has(k)).length;
      if (gain > bestGain) {
        best = item;
        bestGain = gain;
      }
    }
    if (best === undefined) break;
    for (const k of setOf(best)) left.delete(k);
    chosen.push(best);
  }
  return chosen;
}
