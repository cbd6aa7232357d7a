import type { SessionEmitted } from '../session/types.ts';

/** What `app` hears: the session's emitted events, relayed by its `relaySessionEvents` child. */
export type AppEvent = Extract<
  SessionEmitted,
  { type: 'session.signedIn' | 'session.signedOut' | 'session.ready' }
>;

/** The session events `app` forwards to the other charts. */
export const RELAYED_SESSION_EVENTS = ['session.signedIn', 'session.signedOut', 'session.ready'] as const;
