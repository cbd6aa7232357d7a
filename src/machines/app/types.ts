import type { AnyActorLogic } from 'xstate';
import type { MenuRecord } from '../../contract/index.ts';
import type { SessionEmitted } from '../session/types.ts';

/** The session events `app` forwards to the other charts. */
export const RELAYED_SESSION_EVENTS = [
  'session.signedIn',
  'session.signedOut',
  'session.ready',
  'session.menusChanged',
  'session.refreshed',
] as const;

/** The shell's charts by systemId (src/machines/app/shell.ts builds them). */
export const SHELL_CHARTS = ['tabs', 'fullscreen', 'preferences', 'socket', 'messagePoller'] as const;
export type ShellLogic = Record<(typeof SHELL_CHARTS)[number], AnyActorLogic>;

/** What `app` hears: the session's emitted events (relayed by `relaySessionEvents`) and the shell's chunk. */
export type AppEvent =
  | Extract<
      SessionEmitted,
      {
        type:
          | 'session.signedIn'
          | 'session.signedOut'
          | 'session.ready'
          | 'session.menusChanged'
          | 'session.refreshed';
      }
    >
  /** The shell charts' chunk has loaded: run them (once). */
  | { type: 'app.shellLoaded'; logic: ShellLogic };

export type AppContext = {
  /** The shell charts run (after `app.shellLoaded`). */
  shellReady: boolean;
  /** A session exists (between `session.signedIn` and `session.signedOut`). */
  signedIn: boolean;
  /** The signed-in user's saved preferences once read (`{saved}`; null before). */
  savedPreferences: { saved: unknown } | null;
  /** The signed-in user's saved tab list (any shape: the tabs chart validates it), once read. */
  savedTabs: unknown;
  /** The menus of the current sign-in, once the session's start-up has them (null before). */
  menus: MenuRecord[] | null;
};
