/**
 * A chart as the docs show it, read from `machine.root` (`toDirectedGraph` and `machine.definition` drop
 * `always` transitions and guards). Everything keeps definition order, so the output is deterministic.
 */
import type { AnyStateMachine } from 'xstate';
import {
  actionNames,
  describeAction,
  describeGuard,
  guardNames,
  isBuiltIn,
  isDelayPlumbing,
} from './describe.ts';

type Node = AnyStateMachine['root'];

/** How XState keeps a transition once the machine is built (only what the docs read). */
type TransitionDef = {
  eventType: string;
  target?: readonly Node[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  delay?: number | string;
};

export type StateInfo = {
  /** XState id (`session.signedIn.token`). */
  id: string;
  /** Path from the root, dot-separated; '' for the root. */
  path: string;
  key: string;
  depth: number;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Key of the initial child (compound states). */
  initial?: string;
  entry: string[];
  exit: string[];
  invokes: { id: string; src: string; systemId?: string }[];
  tags: string[];
  description?: string;
  children: StateInfo[];
};

export type TransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'done.state';

export type TransitionInfo = {
  /** State path of the node the transition is defined on. */
  source: string;
  /** The event type as XState matches it (`always` for eventless transitions). */
  eventType: string;
  kind: TransitionKind;
  /** How the diagram names the trigger: `session.expired`, `always`, `after 5000ms`, `done.actor.login`. */
  trigger: string;
  guard?: string;
  /** Target state paths; empty for a targetless transition (actions only, the state is not left). */
  targets: string[];
  reenter: boolean;
  actions: string[];
  /** The delay reference of an `after` transition (a number of ms, or a named delay). */
  delay?: string;
};

export type ImplementationInfo = { name: string; kind: string; usedBy: string[]; value?: string };

export type ChartModel = {
  id: string;
  root: StateInfo;
  states: StateInfo[];
  transitions: TransitionInfo[];
  guards: ImplementationInfo[];
  actions: ImplementationInfo[];
  actors: ImplementationInfo[];
  delays: ImplementationInfo[];
};

function kindOf(eventType: string): TransitionKind {
  if (eventType === 'always') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function delayLabel(delay: string, delays: Record<string, unknown>): string {
  if (/^\d+$/.test(delay)) return `${delay}ms`;
  const value = delays[delay];
  return typeof value === 'number' ? `${delay} (${value}ms)` : delay;
}

export function buildChartModel(machine: AnyStateMachine): ChartModel {
  const rootId = machine.root.id;
  const pathOf = (node: Node) => (node.id === rootId ? '' : node.id.slice(rootId.length + 1));
  const implementations = machine.implementations as {
    actions: Record<string, unknown>;
    actors: Record<string, unknown>;
    guards: Record<string, unknown>;
    delays: Record<string, unknown>;
  };
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const usedGuards = new Map<string, string[]>();
  const usedActions = new Map<string, string[]>();
  const usedDelays = new Map<string, string[]>();
  const invokedIn = new Map<string, string[]>();
  const note = (map: Map<string, string[]>, name: string, use: string) => {
    const list = map.get(name) ?? [];
    if (!list.includes(use)) list.push(use);
    map.set(name, list);
  };

  const visit = (node: Node, depth: number): StateInfo => {
    const children = Object.values(node.states as Record<string, Node>);
    const initialTarget = (node.initial as { target?: readonly Node[] } | undefined)?.target?.[0];
    const info: StateInfo = {
      id: node.id,
      path: pathOf(node),
      key: node.key,
      depth,
      type: node.type as StateInfo['type'],
      ...(node.type === 'compound' && initialTarget ? { initial: initialTarget.key } : {}),
      entry: (node.entry as unknown[]).filter((a) => !isDelayPlumbing(a)).map(describeAction),
      exit: (node.exit as unknown[]).filter((a) => !isDelayPlumbing(a)).map(describeAction),
      invokes: (node.invoke as { id: string; src: unknown; systemId?: string }[]).map((def) => ({
        id: def.id,
        src: typeof def.src === 'string' ? def.src : 'inline',
        ...(def.systemId ? { systemId: def.systemId } : {}),
      })),
      tags: [...(node.tags as string[])],
      ...(typeof node.description === 'string' ? { description: node.description } : {}),
      children: [],
    };
    states.push(info);
    const here = info.path || '(root)';
    for (const phase of ['entry', 'exit'] as const) {
      for (const action of node[phase] as unknown[]) {
        for (const name of actionNames(action)) note(usedActions, name, `${here}: ${phase}`);
      }
    }
    for (const inv of info.invokes) note(invokedIn, inv.src, here);
    const lists: [string, TransitionDef[]][] = [
      ...([...node.transitions.entries()] as unknown as [string, TransitionDef[]][]),
      ['always', (node.always ?? []) as unknown as TransitionDef[]],
    ];
    for (const [eventType, defs] of lists) {
      for (const def of defs) {
        const kind = kindOf(eventType);
        const delay = kind === 'after' ? String(def.delay) : undefined;
        const trigger =
          kind === 'after'
            ? `after ${delayLabel(delay as string, implementations.delays)}`
            : kind === 'done.state'
              ? 'onDone'
              : eventType.replace(/^xstate\./, '');
        const use = `${here}: ${trigger}`;
        for (const name of guardNames(def.guard)) note(usedGuards, name, use);
        for (const action of def.actions)
          for (const name of actionNames(action)) note(usedActions, name, use);
        if (delay !== undefined && !/^\d+$/.test(delay)) note(usedDelays, delay, here);
        transitions.push({
          source: info.path,
          eventType,
          kind,
          trigger,
          ...(def.guard === undefined ? {} : { guard: describeGuard(def.guard) }),
          targets: (def.target ?? []).map(pathOf),
          reenter: def.reenter ?? false,
          actions: def.actions.map(describeAction),
          ...(delay === undefined ? {} : { delay }),
        });
      }
    }
    info.children = children.map((child) => visit(child, depth + 1));
    return info;
  };
  const root = visit(machine.root, 0);

  return {
    id: rootId,
    root,
    states,
    transitions,
    guards: Object.keys(implementations.guards).map((name) => ({
      name,
      kind: 'guard',
      usedBy: usedGuards.get(name) ?? [],
    })),
    actions: Object.entries(implementations.actions).map(([name, impl]) => ({
      name,
      kind: isBuiltIn(impl) ? impl.type.slice('xstate.'.length) : 'effect',
      usedBy: usedActions.get(name) ?? [],
    })),
    actors: Object.entries(implementations.actors).map(([name, logic]) => ({
      name,
      kind: logic && typeof logic === 'object' && 'root' in logic ? 'machine' : 'actor',
      usedBy: invokedIn.get(name) ?? [],
      ...(logic && typeof logic === 'object' && 'root' in logic
        ? { value: (logic as AnyStateMachine).id }
        : {}),
    })),
    delays: Object.entries(implementations.delays).map(([name, value]) => ({
      name,
      kind: 'delay',
      usedBy: usedDelays.get(name) ?? [],
      value: typeof value === 'number' ? `${value}ms` : 'computed',
    })),
  };
}
