/**
 * Generated UI walks: a chart's paths, generated from its machine definition, driven through the real
 * console in Playwright (issue 7). The mapping tables live in ./support.ts; this file plans and runs.
 *
 * 1. Model: the chart wrapped so that its events are user intents (`WalkModel`). An intent causes chart
 *    events (`toEvents`); after each chart step the app reacts by itself (`react`: the router reporting a
 *    page the chart asked for, the responses to the requests a state makes), so the traversal only ever
 *    stops in a state where the user has to act again. Every intent has a user action, every state a page
 *    check, or is declared `transient` (the app passes through it within one action) or `outOfReach`
 *    (no user action leads there), each with its reason.
 * 2. Generation: `edgeKeyedShortestPaths` (tests/support/chartPaths.ts, the same generation as the chart
 *    harness) over the wrapped logic; `leafPaths` drops every path that is a prefix of another; a pure
 *    replay of each leaf's chart events (`plannedCoverage`) gives the chart states and transitions it
 *    visits, and `greedyCover` keeps the fewest leaves that visit them all and use every intent.
 * 3. Run: each chosen path is one Playwright test: the intent's action, then every check of the state the
 *    model predicts after it (root to leaf, from the state's active nodes).
 */
import type { Page } from '@playwright/test';
import { type AnyEventObject, type AnyStateMachine, createEmptyActor, transition } from 'xstate';
import {
  edgeKeyedShortestPaths,
  type GeneratedPath,
  greedyCover,
  inventory,
  leafPaths,
  type Node,
  plannedCoverage,
  type Snap,
  stableJson,
} from '../../support/chartPaths.ts';
import type { TestServer } from '../support/server.ts';

export type { Snap };

/** What a user does, in the model's terms (`type` names the action in `WalkModel.actions`). */
export type Intent = { type: string; [field: string]: unknown };

/** An executed chart action as `transition` reports it. */
export type ChartAction = { type: string; params?: unknown };

/** What an action or a check gets: the page, the server, and the model's snapshots around the step. */
export type WalkStep = {
  page: Page;
  server: TestServer;
  intent: Intent;
  /** The settled state before the action (for a check: the same as `after` on the first step). */
  before: Snap;
  /** The settled state the model predicts after the action. */
  after: Snap;
};

export type WalkModel<I extends Intent = Intent> = {
  name: string;
  machine: AnyStateMachine;
  /** The intents a user has in a settled state (only the ones the page offers there). */
  intents: (snapshot: Snap) => I[];
  /** The chart events the user action causes directly (may be none: e.g. a refused form). */
  toEvents: (intent: I, snapshot: Snap) => AnyEventObject[];
  /** The chart events the app produces by itself after a chart step (router, responses); none when settled. */
  react: (snapshot: Snap, actions: readonly ChartAction[], intent: I) => AnyEventObject[];
  /** Context reduced to what the page shows; bounded, so the walk ends. */
  summarize: (context: never) => unknown;
  /** User action per intent type. */
  actions: Record<string, (step: WalkStep) => Promise<void>>;
  /** Page check per state (node path joined by '.', e.g. `ready.idle`). */
  checks: Record<string, (step: WalkStep) => Promise<void>>;
  /** States the app passes through within one action, with the reason they get no check. */
  transient: Record<string, string>;
  /** States no user action reaches, with the reason (covered by the chart's unit paths instead). */
  outOfReach: Record<string, string>;
  /** A short label for a test title. */
  describe: (intent: I) => string;
  /** Before the first action (e.g. open the login page); the initial state is checked after it. */
  start?: (step: WalkStep) => Promise<void>;
  /**
   * Intents whose walk currently fails because of a known app bug, with the bug: walked once each (the spec
   * marks those walks `test.fail`, so a fix turns them red until the mark is removed) and left out of the
   * cover, so the coverage comes from passing walks only.
   */
  knownBugs?: Record<string, string>;
  /** Upper bound on the chosen paths (the run fails to plan when the cover needs more). */
  maxPaths: number;
  limit?: number;
};

const pathKey = (node: Node) => node.path.join('.');

/** The chart events of one intent and the snapshots they pass through, ending settled. */
export function settle<I extends Intent>(model: WalkModel<I>, snapshot: Snap, intent: I) {
  const queue = [...model.toEvents(intent, snapshot)];
  const events: AnyEventObject[] = [];
  const passed: Snap[] = [];
  let current = snapshot;
  while (queue.length) {
    if (events.length > 20) throw new Error(`${model.name}: ${intent.type} does not settle`);
    const event = queue.shift() as AnyEventObject;
    const [next, actions] = transition(model.machine, current as never, event as never);
    current = next as Snap;
    events.push(event);
    passed.push(current);
    queue.push(...model.react(current, actions as ChartAction[], intent));
  }
  return { snapshot: current, events, passed };
}

/** The chart wrapped as logic whose events are intents: one traversal step = one user action, settled. */
function intentLogic<I extends Intent>(model: WalkModel<I>) {
  return {
    config: {},
    transition: (snapshot: Snap, intent: I) => settle(model, snapshot, intent).snapshot,
    getInitialSnapshot: (scope: unknown, input: unknown) =>
      model.machine.getInitialSnapshot(scope as never, input),
    getPersistedSnapshot: (snapshot: Snap) => snapshot,
    restoreSnapshot: (snapshot: Snap) => snapshot,
  };
}

export type PlannedWalk = {
  path: GeneratedPath;
  intents: Intent[];
  /** Chart transitions (`<source>#<event>#<i>`), `state:<id>` and `intent:<type>` this walk visits. */
  planned: Set<string>;
  title: string;
  /** The known bug this walk runs into (see `WalkModel.knownBugs`). */
  knownBug?: string;
};

export type WalkPlan = {
  name: string;
  walks: PlannedWalk[];
  /** Mapping problems: a reachable state without a check, a declaration that no longer holds… */
  problems: string[];
  coverage: {
    states: { visited: string[]; total: string[] };
    transitions: { visited: string[]; total: string[] };
    intents: string[];
    generated: number;
    leaves: number;
  };
  line: string;
};

function intentSteps(path: GeneratedPath) {
  return path.steps.slice(1).map((s) => s.event as Intent);
}

/** Generates, selects and checks the mapping; pure (no browser). */
export function planWalks<I extends Intent>(model: WalkModel<I>): WalkPlan {
  const problems: string[] = [];
  const logic = intentLogic(model);
  const generated = edgeKeyedShortestPaths(logic as never, {
    events: (snapshot) => model.intents(snapshot),
    summarize: model.summarize as (context: unknown) => unknown,
    limit: model.limit ?? 20_000,
    keyPreviousSummary: true,
  });
  const leaves = leafPaths(generated);
  const initial = model.machine.getInitialSnapshot(createEmptyActor() as never) as Snap;
  const plannedOf = (path: GeneratedPath) => {
    let snapshot = initial;
    const chartEvents: AnyEventObject[] = [];
    const intents = intentSteps(path);
    for (const intent of intents) {
      const settled = settle(model, snapshot, intent as I);
      chartEvents.push(...settled.events);
      snapshot = settled.snapshot;
    }
    const replay = {
      steps: [{ event: { type: 'xstate.init' } }, ...chartEvents.map((event) => ({ event }))],
    };
    const planned = plannedCoverage(model.machine, replay as never);
    for (const intent of intents) planned.add(`intent:${intent.type}`);
    return planned;
  };
  const bugs = model.knownBugs ?? {};
  const bugOf = (path: GeneratedPath) => intentSteps(path).find((i) => i.type in bugs)?.type;
  const candidates = leaves.map((path) => ({ path, planned: plannedOf(path), bug: bugOf(path) }));
  const clean = candidates.filter((c) => c.bug === undefined);
  const chosen = greedyCover(clean, (c) => c.planned).sort(
    (a, b) => a.path.steps.length - b.path.steps.length,
  );
  for (const type of Object.keys(bugs)) {
    const shortest = candidates
      .filter((c) => c.bug === type)
      .sort((a, b) => a.path.steps.length - b.path.steps.length)[0];
    if (shortest) chosen.push(shortest);
    else problems.push(`${model.name}: known bug "${type}" is not an intent any walk uses`);
  }
  if (chosen.length > model.maxPaths)
    problems.push(
      `${model.name}: the cover needs ${chosen.length} walks, more than maxPaths ${model.maxPaths}`,
    );

  // The mapping: every atomic state is checked, transient or out of reach; reachable ones are not the last.
  const { states, transitions } = inventory(model.machine);
  const nodes = new Map<string, Node>();
  const collect = (node: Node) => {
    nodes.set(node.id, node);
    for (const child of Object.values(node.states as Record<string, Node>)) collect(child);
  };
  collect(model.machine.root);
  const visited = new Set(clean.flatMap((c) => [...c.planned]));
  for (const id of states) {
    const node = nodes.get(id) as Node;
    const key = pathKey(node);
    const reached = visited.has(`state:${id}`);
    const mapped = [key in model.checks, key in model.transient, key in model.outOfReach].filter(
      Boolean,
    ).length;
    if (mapped > 1) problems.push(`${model.name}: state "${key}" is mapped more than once`);
    const atomic = node.type === 'atomic' || node.type === 'final';
    if (atomic && mapped === 0) problems.push(`${model.name}: state "${key}" has no page check`);
    if (reached && key in model.outOfReach)
      problems.push(`${model.name}: state "${key}" is declared out of reach but a user reaches it`);
    if (!reached && (key in model.checks || key in model.transient))
      problems.push(`${model.name}: state "${key}" has a check or is transient but no walk reaches it`);
  }
  const knownKeys = new Set([...nodes.values()].map(pathKey));
  for (const key of [
    ...Object.keys(model.checks),
    ...Object.keys(model.transient),
    ...Object.keys(model.outOfReach),
  ]) {
    if (!knownKeys.has(key)) problems.push(`${model.name}: "${key}" is not a state of the chart`);
  }
  // A walk must never rest in a transient state: the check after an action would have nothing to see.
  for (const c of candidates) {
    for (const step of c.path.steps.slice(1)) {
      const resting = (step.state._nodes as Node[]).filter(
        (n) => (n.type === 'atomic' || n.type === 'final') && pathKey(n) in model.transient,
      );
      for (const n of resting)
        problems.push(`${model.name}: a walk rests in transient state "${pathKey(n)}"`);
    }
  }
  const intentTypes = new Set(candidates.flatMap((c) => intentSteps(c.path).map((i) => i.type)));
  for (const type of intentTypes)
    if (!(type in model.actions)) problems.push(`${model.name}: intent "${type}" has no user action`);

  const chosenSet = new Set(chosen.filter((c) => c.bug === undefined).flatMap((c) => [...c.planned]));
  const statesVisited = states.filter((s) => chosenSet.has(`state:${s}`));
  const transitionsVisited = [...transitions.keys()].filter((k) => chosenSet.has(k));
  const line =
    `${model.name} walks: ${chosen.length} (of ${leaves.length} leaves, ${generated.length} paths generated); ` +
    `states ${statesVisited.length}/${states.length}, transitions ${transitionsVisited.length}/${transitions.size}, ` +
    `intents ${intentTypes.size}`;
  return {
    name: model.name,
    walks: chosen.map((c, i) => {
      const intents = intentSteps(c.path);
      return {
        path: c.path,
        intents,
        planned: c.planned,
        title: `${model.name} walk ${i + 1}: ${intents.map((x) => model.describe(x as I)).join(' → ')}`,
        ...(c.bug === undefined ? {} : { knownBug: bugs[c.bug] }),
      };
    }),
    problems: [...new Set(problems)],
    coverage: {
      states: { visited: statesVisited, total: states },
      transitions: { visited: transitionsVisited, total: [...transitions.keys()] },
      intents: [...intentTypes].sort(),
      generated: generated.length,
      leaves: leaves.length,
    },
    line,
  };
}

/** The step of `walk` whose state is `snapshot` (value and summary), latest first; 0 when none is. */
export function resumeIndex<I extends Intent>(
  model: WalkModel<I>,
  walk: PlannedWalk,
  snapshot: Snap,
): number {
  const summarize = model.summarize as (context: unknown) => unknown;
  const key = (s: Snap) => stableJson([s.value, summarize(s.context)]);
  const want = key(snapshot);
  const steps = walk.path.steps;
  for (let i = steps.length - 2; i > 0; i--) if (key(steps[i]?.state as Snap) === want) return i;
  return 0;
}

/**
 * Orders walks so that one can go on where the previous one ended (`resumeIndex` > 0) whenever possible,
 * saving a fresh page load and the steps before; the order is otherwise the plan's.
 */
export function chainWalks<I extends Intent>(
  model: WalkModel<I>,
  walks: readonly PlannedWalk[],
): PlannedWalk[] {
  const left = [...walks];
  const ordered: PlannedWalk[] = [];
  while (left.length) {
    const last = ordered.at(-1);
    let pick = 0;
    if (last) {
      const end = last.path.state;
      const scores = left.map((w) => resumeIndex(model, w, end));
      const best = Math.max(...scores);
      if (best > 0) pick = scores.indexOf(best);
    }
    ordered.push(...left.splice(pick, 1));
  }
  return ordered;
}

/** The checks of a snapshot's active states, root to leaf; returns the state keys checked. */
async function checkState<I extends Intent>(model: WalkModel<I>, step: WalkStep): Promise<string[]> {
  const checked: string[] = [];
  for (const node of step.after._nodes as Node[]) {
    const key = pathKey(node);
    const check = model.checks[key];
    if (check) {
      await check(step);
      checked.push(key);
    }
  }
  return checked;
}

/**
 * Runs one walk in the browser; returns the states checked and the intents performed. With `resumeAt`, the
 * page is already in the state of step `resumeAt` (a previous walk left it there after a reset): the steps
 * up to it are not performed again, but that state is checked before going on.
 */
export async function runWalk<I extends Intent>(
  model: WalkModel<I>,
  walk: PlannedWalk,
  page: Page,
  server: TestServer,
  resumeAt = 0,
): Promise<{ checked: Set<string>; performed: Set<string> }> {
  const checked = new Set<string>();
  const performed = new Set<string>();
  const steps = walk.path.steps;
  const at = steps[resumeAt]?.state as Snap;
  const start: WalkStep = { page, server, intent: { type: 'start' }, before: at, after: at };
  if (resumeAt === 0) await model.start?.(start);
  for (const key of await checkState(model, start)) checked.add(key);
  for (let i = resumeAt + 1; i < steps.length; i++) {
    const step: WalkStep = {
      page,
      server,
      intent: steps[i]?.event as Intent,
      before: steps[i - 1]?.state as Snap,
      after: steps[i]?.state as Snap,
    };
    const action = model.actions[step.intent.type];
    if (!action) throw new Error(`no user action for intent ${step.intent.type}`);
    await action(step);
    performed.add(step.intent.type);
    for (const key of await checkState(model, step)) checked.add(key);
  }
  return { checked, performed };
}
