/**
 * Every statechart of the console in one list, and the report format its tools share.
 *
 * - `charts`: name, machine, a one-line description and the file whose opening comment explains the chart.
 *   `npm run charts` writes docs/charts/<name>.md from each entry; tests/tooling checks that every
 *   `*.machine.ts` under src/machines is listed here, so a new chart cannot be forgotten.
 * - `ChartReport`: what a live state panel's "copy report" produces and `npm run replay <report.json>` feeds
 *   back into fresh charts (docs/charts/README.md, "Replaying a report"). `createReportRecorder` builds one
 *   from an actor's `inspect` stream.
 *
 * Pure like the charts it lists: no browser globals, no effects.
 */
import type { AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { appMachine } from './app/app.machine.ts';
import { formMachine } from './crud/form.machine.ts';
import { listMachine } from './crud/list.machine.ts';
import { taskMachine } from './crud/task.machine.ts';
import { feedMachine } from './feed/feed.machine.ts';
import { fullscreenMachine } from './fullscreen/fullscreen.machine.ts';
import { liveListMachine } from './items/liveList.machine.ts';
import { logMachine } from './log/log.machine.ts';
import { messagePollerMachine } from './messagePoller/messagePoller.machine.ts';
import { inboxMachine } from './messages/inbox.machine.ts';
import { unreadMachine } from './messages/unread.machine.ts';
import { overviewMachine } from './overview/overview.machine.ts';
import { preferencesMachine } from './preferences/preferences.machine.ts';
import { profileMachine } from './profile/profile.machine.ts';
import { routeGuardMachine } from './routeGuard/routeGuard.machine.ts';
import { searchMachine } from './search/search.machine.ts';
import { loginMachine } from './session/login.machine.ts';
import { menusRefetchMachine } from './session/menusRefetch.machine.ts';
import { sessionMachine } from './session/session.machine.ts';
import { startupMachine } from './session/startup.machine.ts';
import { shellMachine } from './shell/shell.machine.ts';
import { socketMachine } from './socket/socket.machine.ts';
import { tabsMachine } from './tabs/tabs.machine.ts';

export type ChartEntry = {
  /** The chart's name: its machine id, its docs/charts file and its `chart` in a report. */
  name: string;
  machine: AnyStateMachine;
  /** One line: what the chart decides. */
  description: string;
  /** Repository path of the file that opens with the chart's explanatory comment. */
  source: string;
};

/** Every chart, root first, then the long-lived children and their sub-charts, then the CRUD kit's charts. */
export const charts: readonly ChartEntry[] = [
  {
    name: 'app',
    machine: appMachine,
    description:
      'Root actor: invokes session, route guard and log; loads and runs the shell while signed in; relays session events.',
    source: 'src/machines/app/app.machine.ts',
  },
  {
    name: 'shell',
    machine: shellMachine,
    description:
      'The signed-in console: invokes its long-lived children, runs the page charts, restores the user’s data.',
    source: 'src/machines/shell/shell.machine.ts',
  },
  {
    name: 'session',
    machine: sessionMachine,
    description:
      'Who is signed in: restore, login, start-up data, single-flight token refresh, logout, expiry.',
    source: 'src/machines/session/session.machine.ts',
  },
  {
    name: 'login',
    machine: loginMachine,
    description: 'The /login page while signed out: settings, captcha, form submission (invoked by session).',
    source: 'src/machines/session/login.machine.ts',
  },
  {
    name: 'startup',
    machine: startupMachine,
    description: 'The ordered loads after sign-in, each with a timeout (invoked by session).',
    source: 'src/machines/session/startup.machine.ts',
  },
  {
    name: 'menusRefetch',
    machine: menusRefetchMachine,
    description:
      'Live permissions: fetches the menus again when the server says the grants changed (invoked by session).',
    source: 'src/machines/session/menusRefetch.machine.ts',
  },
  {
    name: 'routeGuard',
    machine: routeGuardMachine,
    description:
      'Where the router may go: login-free paths, redirects, menu routes, replayed navigation, 404.',
    source: 'src/machines/routeGuard/routeGuard.machine.ts',
  },
  {
    name: 'log',
    machine: logMachine,
    description: 'The frontend log behind the header badge, stamped with the current user.',
    source: 'src/machines/log/log.machine.ts',
  },
  {
    name: 'messagePoller',
    machine: messagePollerMachine,
    description: 'Unread messages one at a time every 5 s, paused while one is shown, with back-off.',
    source: 'src/machines/messagePoller/messagePoller.machine.ts',
  },
  {
    name: 'socket',
    machine: socketMachine,
    description: 'The live socket.io feed: connection states, token hand-over to session, back-off, items.',
    source: 'src/machines/socket/socket.machine.ts',
  },
  {
    name: 'tabs',
    machine: tabsMachine,
    description: 'Open pages: close commands, reorder, refresh, keep-alive keys, per-user persistence.',
    source: 'src/machines/tabs/tabs.machine.ts',
  },
  {
    name: 'fullscreen',
    machine: fullscreenMachine,
    description: 'Full screen on/off, reset when the browser leaves it.',
    source: 'src/machines/fullscreen/fullscreen.machine.ts',
  },
  {
    name: 'preferences',
    machine: preferencesMachine,
    description: 'Theme, colour, size, page transition and aside settings, per user.',
    source: 'src/machines/preferences/preferences.machine.ts',
  },
  {
    name: 'unread',
    machine: unreadMachine,
    description:
      'The header’s unread-message count: asked every 30 s and when messages change (invoked by shell).',
    source: 'src/machines/messages/unread.machine.ts',
  },
  {
    name: 'search',
    machine: searchMachine,
    description:
      'The header’s search panel: open/closed, the query, opening the chosen page (invoked by shell).',
    source: 'src/machines/search/search.machine.ts',
  },
  {
    name: 'profile',
    machine: profileMachine,
    description:
      'The 个人信息 page: profile save, avatar upload, password change then sign-out (spawned by shell).',
    source: 'src/machines/profile/profile.machine.ts',
  },
  {
    name: 'inbox',
    machine: inboxMachine,
    description:
      'The 站内信 page: received messages by filter and page, mark read, reload on changes (spawned by shell).',
    source: 'src/machines/messages/inbox.machine.ts',
  },
  {
    name: 'feed',
    machine: feedMachine,
    description:
      'The workbench feed: latest items and counts, counted as the socket’s items arrive (spawned by shell).',
    source: 'src/machines/feed/feed.machine.ts',
  },
  {
    name: 'crudList',
    machine: listMachine,
    description:
      'One CRUD table: first load, reload keeping rows, paging/filters/ordering, tree children, delete.',
    source: 'src/machines/crud/list.machine.ts',
  },
  {
    name: 'crudForm',
    machine: formMachine,
    description:
      'A create/edit form: load the record, edit, submit; a failure keeps values and field errors.',
    source: 'src/machines/crud/form.machine.ts',
  },
  {
    name: 'crudTask',
    machine: taskMachine,
    description: 'One effect the user starts and may retry: a small load, a download, an import, a reset.',
    source: 'src/machines/crud/task.machine.ts',
  },
  {
    name: 'overview',
    machine: overviewMachine,
    description:
      "The workbench's business figures: load, refresh on items and on an interval, hide when refused.",
    source: 'src/machines/overview/overview.machine.ts',
  },
  {
    name: 'itemsLive',
    machine: liveListMachine,
    description:
      'The /items live list over its crudList: following, paused with a "N new" pill, reconnecting.',
    source: 'src/machines/items/liveList.machine.ts',
  },
];

export function findChart(name: string): ChartEntry | undefined {
  return charts.find((chart) => chart.name === name);
}

/* ---------- the report: recorded events and states, replayed by `npm run replay` ---------- */

export const REPORT_VERSION = 1;

/** An event an actor processed, as recorded: its own fields plus `at` (ms since the epoch). */
export type ReportEvent = { type: string; at: number; [field: string]: unknown };

/** One actor's history. `states[i]` is the state value after `events[i]`. */
export type ActorReport = { chart: string; events: ReportEvent[]; states: StateValue[] };

/**
 * Keys of `actors` are systemIds; the root actor is keyed by its chart name, and a child without a
 * systemId by `<parent key>/<invoke id>` (e.g. `session/login`). A child that is invoked again starts
 * over with a new `xstate.init` event (carrying its `input`) in the same list.
 */
export type ChartReport = {
  version: typeof REPORT_VERSION;
  /** The console's version (`APP_VERSION`). */
  app: string;
  /** ISO date the report was made. */
  createdAt: string;
  actors: Record<string, ActorReport>;
};

export type RecorderOptions = {
  app: string;
  /** Mask passwords and tokens (default true; masked values keep emptiness and equality). */
  mask?: boolean;
  now?: () => number;
  /** The charts to record (default: every chart in the registry). */
  charts?: readonly ChartEntry[];
};

const SECRET_KEY = /passw(or)?d|secret/i;
const TOKEN_KEY = /token|^access$|^refresh$/i;
/** Cookies, authorization headers, credentials: fingerprinted, and so is everything under them. */
const CREDENTIAL_KEY = /cookie|authori[sz]ation|credential|api[-_]?key/i;

/** FNV-1a, 32 bits: equal tokens stay equal after masking, and nothing of them can be read back. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A JWT keeps its claims (expiry drives timers) and loses its signature; other tokens become a fingerprint. */
function maskToken(token: string): string {
  if (token === '' || token === 'undefined' || token === 'null') return token;
  const parts = token.split('.');
  if (parts.length === 3) return `${parts[0]}.${parts[1]}.masked-${fingerprint(token)}`;
  return `masked-${fingerprint(token)}`;
}

/**
 * Passwords become `***`, tokens are masked, cookies and authorization values become a fingerprint (with
 * everything under them), at any depth; a cycle is cut (`[circular]`). The one masking of the console's
 * tools: reports, the live state panel and the Stately inspector.
 */
export function maskSecrets(value: unknown, key = '', parents: readonly object[] = []): unknown {
  const credential = CREDENTIAL_KEY.test(key);
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key)) return value === '' ? '' : '***';
    if (credential) return value === '' ? '' : `masked-${fingerprint(value)}`;
    return TOKEN_KEY.test(key) ? maskToken(value) : value;
  }
  if (!value || typeof value !== 'object') return value;
  if (parents.includes(value)) return '[circular]';
  const inside = [...parents, value];
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, key, inside));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, maskSecrets(v, credential ? key : k, inside)]),
  );
}

/** Plain JSON: errors keep their name, message and own fields; what JSON cannot hold is dropped. */
export function toPlainJson<T>(value: T): T {
  try {
    return JSON.parse(
      JSON.stringify(value, (_key, v: unknown) =>
        v instanceof Error ? { ...v, name: v.name, message: v.message } : v,
      ) ?? 'null',
    ) as T;
  } catch {
    return '[unserializable]' as T;
  }
}

/** What the recorder reads of an inspected actor (the fields every XState actor has). */
type InspectedRef = { id: string; systemId?: string; logic?: { id?: string }; _parent?: InspectedRef };

/**
 * Records every registered chart's events and states from an actor system's inspection stream:
 * `createActor(machine, { inspect: recorder.inspect })`, later `recorder.report()`.
 */
export function createReportRecorder(options: RecorderOptions) {
  const now = options.now ?? Date.now;
  const byMachineId = new Map((options.charts ?? charts).map((chart) => [chart.machine.id, chart.name]));
  const keys = new Map<InspectedRef, string>();
  const actors: Record<string, ActorReport> = {};

  const chartOf = (ref: InspectedRef) => byMachineId.get(ref.logic?.id ?? '');
  const keyOf = (ref: InspectedRef): string => {
    const known = keys.get(ref);
    if (known) return known;
    const parent = ref._parent;
    let key = ref.systemId ?? (parent ? `${keyOf(parent)}/${ref.id}` : (chartOf(ref) ?? ref.id));
    // Another root of the same chart is another run; a re-invoked child continues its list (new init).
    if (!parent && !ref.systemId) {
      const base = key;
      for (let n = 2; [...keys.values()].includes(key); n++) key = `${base}#${n}`;
    }
    keys.set(ref, key);
    return key;
  };

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.snapshot') return;
    const ref = inspection.actorRef as unknown as InspectedRef;
    const chart = chartOf(ref);
    if (!chart) return;
    const snapshot = inspection.snapshot as { value?: StateValue };
    const key = keyOf(ref);
    const entry = actors[key] ?? { chart, events: [], states: [] };
    actors[key] = entry;
    const plain = toPlainJson(options.mask === false ? inspection.event : maskSecrets(inspection.event));
    // An event JSON cannot hold (a cycle) keeps at least its type.
    const event = plain && typeof plain === 'object' ? plain : { type: inspection.event.type };
    entry.events.push({ ...(event as { type: string }), at: now() });
    entry.states.push(toPlainJson(snapshot.value ?? {}));
  };

  const report = (): ChartReport => ({
    version: REPORT_VERSION,
    app: options.app,
    createdAt: new Date(now()).toISOString(),
    actors: toPlainJson(actors),
  });

  return { inspect, report };
}
