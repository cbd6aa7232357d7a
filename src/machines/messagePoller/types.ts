import type { Message } from '../../contract/index.ts';
import type { EffectError } from '../shared/effects.ts';

export type { Message };

/** Seed §9: message polling every 5000 ms, one message at a time. */
export const POLL_INTERVAL_MS = 5_000;
/** Failed polls back off from 10 s, doubling, capped at 5 min. */
export const RETRY_CAP_MS = 300_000;
export const MAX_FAILURES = 6;
/** A backend without the endpoint (stock dvadmin) is asked again this rarely. */
export const MISSING_ENDPOINT_INTERVAL_MS = 300_000;

export function retryDelay(failures: number): number {
  return Math.min(POLL_INTERVAL_MS * 2 ** failures, RETRY_CAP_MS);
}

export type MessagePollerContext = {
  /** The unread message on screen (state `showing`) or being marked read. */
  message: Message | null;
  /** Consecutive failed polls, capped at `MAX_FAILURES` (bounded context). */
  failures: number;
  /** The missing endpoint was logged already: it is logged once for the page's life. */
  missingEndpointLogged: boolean;
};

export type MessagePollerEvent =
  /** Signed in (forwarded by `app` from `session.signedIn`). */
  | { type: 'poll.start' }
  /** Signed out or logging out (forwarded by `app`): stop, closing an open notification quietly. */
  | { type: 'poll.stop' }
  /** From the `ticker` actor, every `pollInterval` while `polling`. */
  | { type: 'poll.tick' }
  /** The user closed the message notification. */
  | { type: 'notification.dismissed' };

/**
 * What `fetchUnread` rejects with, as far as the chart cares: `missingEndpoint` when the backend has no such
 * route (HTTP 404, body code 404, stock dvadmin's 接口地址不正确).
 */
export type PollError = EffectError & { missingEndpoint?: boolean };

/** A frontend log entry; the effect translates `key` (namespace included). */
export type PollerLogEntry = { key: string; type: 'info' | 'danger'; meta?: unknown };

export type TickerInput = { intervalMs: number };
