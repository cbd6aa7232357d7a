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

/** What `app` hears: the session's emitted events (relayed by `relaySessionEvents`), and a retry. */
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
  /** The shell's chunk could not be loaded: try again (the shell view's retry button). */
  | { type: 'app.retryShell' };

export type AppContext = {
  /** The uuid of the user signed in (null when signed out or unknown): the shell's per-user data. */
  uuid: string | null;
  /** The menus of the current sign-in, once the session's start-up has them (null before). */
  menus: MenuRecord[] | null;
};

/** The shell chart's logic as the root invokes it (its type only: the chart loads with the shell's chunk). */
export type ShellLogic = AnyActorLogic;
