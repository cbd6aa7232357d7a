/** The prose of docs/charts/README.md around the generated index table. */

export function readmeText(indexTable: string): string {
  return `# Statecharts

Every chart of the console, generated from the registry (\`src/machines/registry.ts\`) by
\`npm run charts\`. Each page holds the chart's opening comment, a Mermaid \`stateDiagram-v2\` diagram read
from \`machine.root\`, and tables of its states, events, guards, actions, actors and delays.

${indexTable}

## Regenerating

- \`npm run charts\` rewrites this folder (and removes pages of charts no longer registered).
- \`npm run charts -- --check\` writes nothing and exits 1, listing the stale files, when a page differs
  from what the charts generate; \`tests/tooling/charts.test.ts\` fails in the same case, and when a
  \`*.machine.ts\` under \`src/machines\` is missing from the registry.
- A new chart: add it to \`charts\` in \`src/machines/registry.ts\` (name = machine id, a one-line
  description, the file that opens with its comment), then \`npm run charts\`.

## Reading a diagram

- Edge labels: \`event [guard]\`, \`always [guard]\`, \`after 5000ms\` or \`after name (5000ms)\` for a named
  delay, \`done.actor.<id>\` / \`error.actor.<id>\` for an invoked actor's result, \`onDone\` for a compound
  state's completion. Guards read \`and(a, b)\`, \`not(a)\`, \`inline\` for an anonymous function.
- Parallel regions are separated by dashed lines; \`[*]\` marks initial and final states.
- A simple state lists inside its box what happens without leaving it: \`invoke <id>\`, \`entry / …\`,
  \`exit / …\` and targetless transitions (\`event [guard] / actions\`). A composite state keeps these in a
  note beside it, with its transitions into its own children (\`event [guard] → child\`): Mermaid cannot
  draw those.
- Transition actions are in the Events table, not on the edges.

## Replaying a report

\`npm run replay <report.json>\` feeds a report's events into fresh charts and prints each actor's state
trail. It exits 1 at the first divergence of an actor (step, event, expected state, actual state), 2 when
the file is not a report, 0 when every recorded state is reproduced.

A report (version 1) is JSON:

\`\`\`json
{
  "version": 1,
  "app": "2.0.4",
  "createdAt": "2026-01-01T00:00:05.000Z",
  "actors": {
    "session": {
      "chart": "session",
      "events": [
        { "type": "xstate.init", "at": 1767225600000 },
        { "type": "xstate.done.actor.readStoredSession", "output": { "receivedAt": 1767225600000 }, "at": 1767225600003 },
        { "type": "session.logoutRequested", "at": 1767225604000 }
      ],
      "states": ["restoring", "signedOut", "signedOut"]
    },
    "session/login": { "chart": "login", "events": [], "states": [] }
  }
}
\`\`\`

- \`actors\` is keyed by systemId; the root actor by its chart name; a child without a systemId by
  \`<parent key>/<invoke id>\` (\`session/login\`). \`chart\` names a registered chart.
- \`events[i]\` is an event the actor processed, with its own fields and \`at\` (ms since the epoch; \`at\` is
  reserved). \`states[i]\` is the actor's state value after it.
- \`xstate.init\` (with its \`input\`, if any) starts the chart; \`xstate.stop\` ends a run (the parent left
  the invoking state); a later \`xstate.init\` in the same list is a new run of the child (re-invoked), and
  replay starts a fresh actor there.
- \`xstate.done.actor.<id>\` (\`output\`) and \`xstate.error.actor.<id>\` (\`error\`) settle the invoked actor
  \`<id>\`, which must be running at that point; \`xstate.after.<delay>.<state id>\` fires that timer, which
  must be scheduled.

During a replay every invoked or spawned actor is a fake that never settles by itself (only the report's
done/error events settle it), timers never fire by themselves, and the named effect actions (the
placeholders services bind) do nothing; \`assign\`, \`raise\`, \`emit\` and \`sendTo\` run as in the chart. Each
actor is replayed alone: events one chart sent another are in the receiver's own list.

To make a report, record the actor system's inspection stream:

\`\`\`ts
import { createReportRecorder } from './src/machines/registry.ts';

const recorder = createReportRecorder({ app: APP_VERSION });
const actor = createActor(machine, { inspect: recorder.inspect }).start();
// …
const json = JSON.stringify(recorder.report(), null, 2);
\`\`\`

Passwords become \`***\` and tokens are masked by default (a JWT keeps its claims, which timers read; equal
tokens stay equal), so a masked report still replays; \`mask: false\` keeps them.

## Coverage

\`npx vitest run tests/tooling/coverage.test.ts\` prints one table, every chart's states reached and
transitions taken by its generated paths (\`tests/machines/**/*.paths.test.ts\`, which assert 100% each).
`;
}
