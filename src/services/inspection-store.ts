/**
 * The live state panel's store (lazy chunk, loaded at boot when the panel is on): from the inspection hub
 * it keeps every running actor of the system, the last `EVENT_LIMIT` events they processed (masked), and
 * a report recorder (src/machines/registry.ts `createReportRecorder`) whose report `npm run replay` accepts.
 * All in memory, nothing leaves the page unless the operator copies the report.
 */
import type { InspectionEvent, StateValue } from 'xstate';
import { APP_VERSION } from '../contract/paths.ts';
import { type ChartReport, createReportRecorder } from '../machines/registry.ts';
import { activeInspectionHub, type InspectionHub } from './inspection.ts';
import { maskedPlain, summarize, toSafePlain } from './inspection-format.ts';

/** Events the panel lists. */
export const EVENT_LIMIT = 200;
/** Events a report holds at most (from the page load on; past it recording stops, the panel says so). */
export const REPORT_EVENT_LIMIT = 20_000;

export type ActorRow = {
  /** The report's key: systemId, or `<parent key>/<id>`, or the root's chart name. */
  key: string;
  /** Unique among the rows (the actor's session id). */
  sessionId: string;
  /** Nesting below the root (0 for the root). */
  depth: number;
  /** The logic: the machine id, or the invoked source's name. */
  logic: string;
  status: string;
  /** A machine's state value; null for other actors. */
  state: StateValue | null;
  /** Masked, summarised context (undefined when the actor has none). */
  context: unknown;
};

export type EventRow = {
  seq: number;
  /** ms since the epoch. */
  at: number;
  actor: string;
  type: string;
  /** Masked, summarised event. */
  event: unknown;
  /** The actor's state value after the event (null for actors without states). */
  state: StateValue | null;
};

export type InspectionStore = {
  /** The running actors, root first, each followed by its children. */
  actors(): ActorRow[];
  /** The last `EVENT_LIMIT` events, oldest first. */
  events(): readonly EventRow[];
  /** Every recorded event and state since the page loaded, masked (`ChartReport`). */
  report(): ChartReport;
  /** True once the report stopped recording at `REPORT_EVENT_LIMIT` events. */
  truncated(): boolean;
  subscribe(listener: () => void): () => void;
  /** Changes on every update (for `useSyncExternalStore`). */
  version(): number;
  dispose(): void;
};

/** What the store reads of an inspected actor (fields every XState actor has). */
type Ref = {
  id: string;
  sessionId: string;
  systemId?: string;
  src?: unknown;
  logic?: { id?: string; config?: { id?: string } };
  _parent?: Ref;
  getSnapshot(): { status?: string; value?: StateValue; context?: unknown };
};

export type StoreOptions = { now?: () => number; eventLimit?: number; reportEventLimit?: number };

export function createInspectionStore(hub: InspectionHub, options: StoreOptions = {}): InspectionStore {
  const now = options.now ?? Date.now;
  const eventLimit = options.eventLimit ?? EVENT_LIMIT;
  const reportLimit = options.reportEventLimit ?? REPORT_EVENT_LIMIT;
  const recorder = createReportRecorder({ app: APP_VERSION, now });
  const known = new Map<Ref, string>();
  const running = new Set<Ref>();
  let events: EventRow[] = [];
  let recorded = 0;
  let seq = 0;
  let version = 0;
  const listeners = new Set<() => void>();
  let pending: ReturnType<typeof setTimeout> | undefined;

  const notify = () => {
    version += 1;
    if (pending !== undefined) return;
    // Coalesced: a burst of events is one update of the panel.
    pending = setTimeout(() => {
      pending = undefined;
      for (const listener of listeners) listener();
    }, 30);
  };

  const logicName = (ref: Ref) =>
    typeof ref.src === 'string' ? ref.src : (ref.logic?.config?.id ?? ref.logic?.id ?? ref.id);
  const keyOf = (ref: Ref): string => {
    let key = known.get(ref);
    if (key === undefined) {
      key = ref.systemId ?? (ref._parent ? `${keyOf(ref._parent)}/${ref.id}` : logicName(ref));
      known.set(ref, key);
    }
    return key;
  };
  const stateOf = (snapshot: { value?: StateValue } | undefined): StateValue | null =>
    snapshot?.value === undefined ? null : (toSafePlain(snapshot.value) as StateValue);

  const record = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.snapshot' || recorded >= reportLimit) return;
    recorded += 1;
    // Plain first: an event carrying actor logic or anything unserialisable is recorded as plain JSON.
    recorder.inspect({ ...inspection, event: toSafePlain(inspection.event, 32) } as InspectionEvent);
  };

  const unsubscribe = hub.subscribe((inspection) => {
    const ref = inspection.actorRef as unknown as Ref;
    // Only actors that started are listed (their first snapshot is `xstate.init`): a root created by a
    // render React discarded, and its children, never start.
    if (inspection.type !== '@xstate.snapshot') return;
    record(inspection);
    const snapshot = inspection.snapshot as { status?: string; value?: StateValue };
    const row: EventRow = {
      seq: ++seq,
      at: now(),
      actor: keyOf(ref),
      type: inspection.event.type,
      event: summarize(maskedPlain(inspection.event, 6)),
      state: stateOf(snapshot),
    };
    events.push(row);
    if (events.length > eventLimit) events = events.slice(-eventLimit);
    if (snapshot.status && snapshot.status !== 'active') running.delete(ref);
    else running.add(ref);
    notify();
  });

  const actors = (): ActorRow[] => {
    const live = [...running].filter((ref) => ref.getSnapshot().status === 'active');
    const children = new Map<Ref | undefined, Ref[]>();
    for (const ref of live) {
      const parent = ref._parent && live.includes(ref._parent) ? ref._parent : undefined;
      children.set(parent, [...(children.get(parent) ?? []), ref]);
    }
    const rows: ActorRow[] = [];
    const visit = (parent: Ref | undefined, depth: number) => {
      for (const ref of children.get(parent) ?? []) {
        const snapshot = ref.getSnapshot();
        rows.push({
          key: keyOf(ref),
          sessionId: ref.sessionId,
          depth,
          logic: logicName(ref),
          status: snapshot.status ?? 'active',
          state: stateOf(snapshot),
          context: snapshot.context === undefined ? undefined : summarize(maskedPlain(snapshot.context, 6)),
        });
        visit(ref, depth + 1);
      }
    };
    visit(undefined, 0);
    return rows;
  };

  return {
    actors,
    events: () => events,
    report: () => recorder.report(),
    truncated: () => recorded >= reportLimit,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    version: () => version,
    dispose() {
      unsubscribe();
      if (pending !== undefined) clearTimeout(pending);
      listeners.clear();
    },
  };
}

let store: InspectionStore | undefined;
/** The page's store (on the page's hub); undefined when the panel is off. */
export function devtoolsStore(): InspectionStore | undefined {
  const hub = activeInspectionHub();
  if (!store && hub) store = createInspectionStore(hub);
  return store;
}
