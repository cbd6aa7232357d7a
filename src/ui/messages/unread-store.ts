/**
 * One unread-count chart per app, running while at least one component shows the count or listens for
 * changes (the header only renders signed in, so nothing polls signed out). It is asked again when the
 * message poller shows or marks a message and when the inbox marks one read (`refresh`); the same poller
 * moments are told to `onMessagesChanged` listeners (the inbox reloads its page).
 */
import { type Actor, type AnyActorRef, createActor, fromPromise } from 'xstate';
import { selectCurrentMessage } from '../../machines/messagePoller/selectors.ts';
import { getUnreadCount } from '../../services/api/inbox.ts';
import { isMissingEndpoint } from '../../services/http/errors.ts';
import type { HttpClient } from '../../services/http/types.ts';
import { unreadMachine } from './unread.machine.ts';

export type UnreadStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): number | null;
  refresh(): void;
  /** Messages changed elsewhere: one arrived (the poller shows it) or one was read from its notification. */
  onMessagesChanged(listener: () => void): () => void;
};

type PollerLike = Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>;

export function createUnreadStore(deps: {
  http(): Promise<HttpClient>;
  poller?: PollerLike | undefined;
}): UnreadStore {
  const listeners = new Set<() => void>();
  const changeListeners = new Set<() => void>();
  let actor: Actor<typeof unreadMachine> | null = null;
  let stopWatching: (() => void) | undefined;
  let count: number | null = null;
  const logic = unreadMachine.provide({
    actors: {
      loadCount: fromPromise(async ({ signal }) => {
        try {
          return await getUnreadCount(await deps.http(), signal);
        } catch (error) {
          throw { missingEndpoint: isMissingEndpoint(error) };
        }
      }),
    },
  });
  const refresh = () => actor?.send({ type: 'unread.refresh' });

  function start() {
    actor = createActor(logic);
    actor.subscribe((snapshot) => {
      if (snapshot.context.count === count) return;
      count = snapshot.context.count;
      for (const listener of listeners) listener();
    });
    actor.start();
    if (deps.poller) {
      let shown = selectCurrentMessage(deps.poller.getSnapshot())?.id ?? null;
      const subscription = deps.poller.subscribe((snapshot) => {
        const id = selectCurrentMessage(snapshot)?.id ?? null;
        if (id !== shown) {
          shown = id;
          refresh();
          for (const listener of changeListeners) listener();
        }
      });
      stopWatching = () => subscription.unsubscribe();
    }
  }

  /** Runs the chart (and watches the poller) while anyone is listening to either set. */
  function listen(set: Set<() => void>, listener: () => void): () => void {
    set.add(listener);
    if (!actor) start();
    return () => {
      set.delete(listener);
      if (listeners.size === 0 && changeListeners.size === 0) {
        stopWatching?.();
        stopWatching = undefined;
        actor?.stop();
        actor = null;
      }
    };
  }

  return {
    subscribe: (listener) => listen(listeners, listener),
    getSnapshot: () => count,
    refresh,
    onMessagesChanged: (listener) => listen(changeListeners, listener),
  };
}
