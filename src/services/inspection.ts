/**
 * The inspection hub: one observer passed to the root actor at `createActor` time (the `inspect` option
 * sees every actor of the system: the root, its invoked and spawned children, theirs…), fanned out to the
 * developer tools that load later — the live state panel's store (src/services/inspection-store.ts) and
 * the Stately browser inspector (src/services/inspection-stately.ts). Both are lazy chunks; until they
 * subscribe the hub keeps the events of the boot so they still see every actor from its `xstate.init`.
 *
 * Switches (read once per page load):
 * - the state panel: development builds, `?debug`, or the `debug` setting;
 * - the Stately inspector: `?inspect`, or the `inspect` setting.
 * The setting is `localStorage['xy-admin.devtools']`, a comma-separated list (`debug,inspect`), written by
 * the panel. With neither switch there is no hub at all: the root actor runs without an `inspect` option.
 * A build made with `VITE_DEVTOOLS=off` has both switches constantly off, so the bundler drops the
 * dynamic imports below and their chunks (README, "Inspecting the charts").
 *
 * Kept tiny on purpose: this module is part of the sign-in page's initial JavaScript.
 */
import type { InspectionEvent } from 'xstate';

export type InspectionListener = (event: InspectionEvent) => void;

export type InspectionHub = {
  /** The observer for `createActor(logic, { inspect })`. */
  inspect(event: InspectionEvent): void;
  /** Hears the events kept since the boot (until `settle()`), then every new one. */
  subscribe(listener: InspectionListener): () => void;
  /** Stops keeping boot events (the lazy tools have subscribed). */
  settle(): void;
};

/** A hub; `keep` bounds the boot events held until `settle()`. */
export function createInspectionHub({ keep = 20_000 }: { keep?: number } = {}): InspectionHub {
  const listeners = new Set<InspectionListener>();
  let kept: InspectionEvent[] | null = [];
  const deliver = (listener: InspectionListener, event: InspectionEvent) => {
    try {
      listener(event);
    } catch (error) {
      // A broken tool must never break the charts it watches.
      console.error('inspection listener failed', error);
    }
  };
  return {
    inspect(event) {
      if (kept && kept.length < keep) kept.push(event);
      for (const listener of listeners) deliver(listener, event);
    },
    subscribe(listener) {
      for (const event of kept ?? []) deliver(listener, event);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    settle() {
      kept = null;
    },
  };
}

export type DevtoolsFlags = { panel: boolean; inspector: boolean };

/** `localStorage` key of the devtools setting (`debug`, `inspect`, comma-separated). */
export const DEVTOOLS_SETTING = 'xy-admin.devtools';

/** False in a build made with `VITE_DEVTOOLS=off`: a constant, so dead code goes with it. */
const BUILT_IN = import.meta.env.VITE_DEVTOOLS !== 'off';

/** Which tools a page load asks for (pure: tests pass their own search, mode and setting). */
export function readDevtoolsFlags(search: string, dev: boolean, setting: string | null): DevtoolsFlags {
  if (!BUILT_IN) return { panel: false, inspector: false };
  const query = new URLSearchParams(search);
  const saved = new Set((setting ?? '').split(',').map((s) => s.trim()));
  return {
    panel: dev || query.has('debug') || saved.has('debug'),
    inspector: query.has('inspect') || saved.has('inspect'),
  };
}

function readSetting(): string | null {
  try {
    return localStorage.getItem(DEVTOOLS_SETTING);
  } catch {
    return null;
  }
}

let flags: DevtoolsFlags | undefined;
/** This page's switches (read once). */
export function devtoolsFlags(): DevtoolsFlags {
  flags ??=
    typeof location === 'undefined'
      ? { panel: false, inspector: false }
      : readDevtoolsFlags(location.search, import.meta.env.DEV, readSetting());
  return flags;
}

let active: InspectionHub | undefined;
/** The page's hub, when a tool is on. */
export const activeInspectionHub = (): InspectionHub | undefined => active;

/**
 * At boot (app-system): the hub when a tool is on, with the tools' chunks already loading so they hear the
 * boot; undefined otherwise (no `inspect` option, no tool code loaded).
 */
export function startInspection(): InspectionHub | undefined {
  if (!BUILT_IN) return undefined;
  const { panel, inspector } = devtoolsFlags();
  if (!panel && !inspector) return undefined;
  const hub = createInspectionHub();
  active = hub;
  const loading: Promise<unknown>[] = [];
  if (panel) loading.push(import('./inspection-store.ts').then((m) => m.devtoolsStore()));
  if (inspector) loading.push(import('./inspection-stately.ts').then((m) => m.connectStatelyInspector(hub)));
  void Promise.allSettled(loading).then(() => hub.settle());
  return hub;
}
