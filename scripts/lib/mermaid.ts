/**
 * A chart model as a Mermaid `stateDiagram-v2`.
 *
 * - Every state is declared first, nested as in the chart (`state "key" as id { … }`; parallel regions
 *   separated by `--`; `[*] --> initial` and `final --> [*]` inside their parent), then every edge at the top
 *   level, so an edge never declares a state in the wrong block.
 * - Edge labels: `event [guard]`, `always [guard]`, `after 5000ms`, `after name (5000ms)`,
 *   `done.actor.<id>`, `error.actor.<id>`, `onDone`.
 * - Mermaid cannot draw an edge from a composite state into its own descendants (it tears the cluster apart)
 *   nor give a composite state description lines, so those transitions, a composite's invokes, entry/exit
 *   actions and targetless transitions go in a note beside it. Simple states list them as description lines
 *   (`invoke x`, `entry / a, b`, `event [guard] / actions`, `event [guard] → child`).
 * - Ids are the XState ids with every non-word character replaced (`session.signedIn` → `session_signedIn`),
 *   made unique; labels drop the characters Mermaid reserves.
 */
import type { ChartModel, StateInfo, TransitionInfo } from './chartModel.ts';

/** Text Mermaid shows as is: no quotes, colons, semicolons, hashes or braces. */
export function mermaidText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[:;#]/g, ' ')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
}

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'as']);

function assignIds(model: ChartModel): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const state of model.states) {
    let id = state.id.replace(/\W/g, '_');
    if (/^\d/.test(id) || RESERVED.has(id)) id = `s_${id}`;
    const base = id;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(state.path, id);
  }
  return ids;
}

export function edgeLabel(t: TransitionInfo): string {
  return mermaidText(t.guard ? `${t.trigger} [${t.guard}]` : t.trigger);
}

const isWithin = (path: string, ancestor: string) =>
  ancestor === '' ? path !== '' : path.startsWith(`${ancestor}.`);

/** Target relative to the state a note belongs to (`.idle` reads as "my child idle"). */
const relative = (target: string, from: string) =>
  target === from ? '(itself)' : isWithin(target, from) ? target.slice(from ? from.length + 1 : 0) : target;

/** How a transition that is not drawn as an edge reads in a note or a description line. */
function internalLine(t: TransitionInfo, state: StateInfo): string {
  const head = edgeLabel(t);
  const targets = t.targets.map((target) => relative(target, state.path));
  const arrow = targets.length ? ` → ${targets.join(', ')}${t.reenter ? ' (re-enter)' : ''}` : '';
  // Actions only where they are the whole point (the tables list every transition's actions).
  const actions = !targets.length && t.actions.length ? ` / ${t.actions.join(', ')}` : '';
  return mermaidText(`${head}${arrow}${actions}`);
}

/** Drawn as an edge, or told beside the state. */
function isEdge(t: TransitionInfo, state: StateInfo): boolean {
  if (t.targets.length === 0) return false;
  const composite = state.children.length > 0;
  return t.targets.every((target) => {
    if (target === state.path) return !composite;
    return !isWithin(target, state.path) && !isWithin(state.path, target);
  });
}

export function toMermaid(model: ChartModel): string {
  const ids = assignIds(model);
  const idOf = (path: string) => ids.get(path) as string;
  const bySource = new Map<string, TransitionInfo[]>();
  for (const t of model.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t]);

  const declarations: string[] = [];
  const notes: string[] = [];
  const edges: string[] = [];

  const details = (state: StateInfo): string[] => [
    ...state.invokes.map((inv) =>
      mermaidText(`invoke ${inv.id}${inv.systemId ? ` (systemId ${inv.systemId})` : ''}`),
    ),
    ...(state.entry.length ? [mermaidText(`entry / ${state.entry.join(', ')}`)] : []),
    ...(state.exit.length ? [mermaidText(`exit / ${state.exit.join(', ')}`)] : []),
    ...(bySource.get(state.path) ?? []).filter((t) => !isEdge(t, state)).map((t) => internalLine(t, state)),
  ];

  const declare = (state: StateInfo, indent: string) => {
    const id = idOf(state.path);
    const label = mermaidText(state.path === '' ? model.id : state.key);
    const lines = details(state);
    if (state.children.length === 0) {
      declarations.push(`${indent}state "${label}" as ${id}`);
      for (const line of lines) declarations.push(`${indent}${id} : ${line}`);
      if (state.tags.length)
        declarations.push(`${indent}${id} : ${mermaidText(`tags ${state.tags.join(', ')}`)}`);
      return;
    }
    declarations.push(`${indent}state "${label}" as ${id} {`);
    const inner = `${indent}  `;
    state.children.forEach((child, i) => {
      if (state.type === 'parallel' && i > 0) declarations.push(`${inner}--`);
      declare(child, inner);
    });
    if (state.initial)
      declarations.push(
        `${inner}[*] --> ${idOf(state.path ? `${state.path}.${state.initial}` : state.initial)}`,
      );
    for (const child of state.children) {
      if (child.type === 'final') declarations.push(`${inner}${idOf(child.path)} --> [*]`);
    }
    declarations.push(`${indent}}`);
    const noted = [...lines, ...(state.tags.length ? [mermaidText(`tags ${state.tags.join(', ')}`)] : [])];
    if (noted.length) notes.push(`note right of ${id}`, ...noted.map((line) => `  ${line}`), 'end note');
  };

  declare(model.root, '  ');
  for (const state of model.states) {
    for (const t of bySource.get(state.path) ?? []) {
      if (!isEdge(t, state)) continue;
      for (const target of t.targets)
        edges.push(`  ${idOf(state.path)} --> ${idOf(target)} : ${edgeLabel(t)}`);
    }
  }
  return ['stateDiagram-v2', ...declarations, ...edges, ...notes.map((line) => `  ${line}`)].join('\n');
}
