/**
 * The http client's side of the single-flight refresh: `refreshAccessToken(usedToken)` sends
 * `session.refreshRequested` and resolves with the token of the emitted `session.refreshed` (or rejects on
 * `session.refreshFailed`). Every concurrent caller listens to the same emitted result, so many 401s make
 * one refresh call. `onAuthExpired` hands the client's verdict to the chart.
 */
import type { ActorRefFrom, Subscription } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import type { AuthExpiryReason } from '../http/errors.ts';

/** The slice of the session actor the bridge uses (`getSessionRef(app)`, i.e. `system.get('session')`). */
export type SessionRefLike = Pick<ActorRefFrom<typeof sessionMachine>, 'send' | 'on'>;

export class TokenRefreshFailed extends Error {
  override name = 'TokenRefreshFailed';
}

/** Resolves with a fresh access token; rejects when the session cannot refresh (or after `timeoutMs`). */
export function requestTokenRefresh(
  session: SessionRefLike,
  usedToken?: string,
  timeoutMs = 30_000,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const subscriptions: Subscription[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (done: () => void) => {
      for (const s of subscriptions) s.unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      done();
    };
    subscriptions.push(
      session.on('session.refreshed', (event) => settle(() => resolve(event.token))),
      session.on('session.refreshFailed', () =>
        settle(() => reject(new TokenRefreshFailed('token refresh failed'))),
      ),
    );
    timer = setTimeout(
      () => settle(() => reject(new TokenRefreshFailed('token refresh timed out'))),
      timeoutMs,
    );
    session.send(
      usedToken
        ? { type: 'session.refreshRequested', token: usedToken }
        : { type: 'session.refreshRequested' },
    );
  });
}

/** The http client's `refreshAccessToken` and `onAuthExpired` options, bound to the session actor. */
export function createSessionBridge(session: SessionRefLike) {
  return {
    refreshAccessToken: (usedToken: string | undefined) => requestTokenRefresh(session, usedToken),
    onAuthExpired: (reason: AuthExpiryReason, message: string) =>
      session.send(
        message ? { type: 'session.expired', reason, message } : { type: 'session.expired', reason },
      ),
  };
}
