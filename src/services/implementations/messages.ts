/**
 * Binds the messages charts' effects (src/machines/messages): the inbox's page load and mark-read, the
 * unread count, and the watchers that link them — the unread chart watches the message poller (systemId
 * `messagePoller`) and the inbox listens to the unread chart's `messages.changed` (systemId `unread`).
 */
import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import type { Page } from '../../contract/index.ts';
import { selectCurrentMessage } from '../../machines/messagePoller/selectors.ts';
import type { InboxMachine } from '../../machines/messages/inbox.machine.ts';
import type { InboxEvent, InboxQuery, InboxRow, UnreadEvent } from '../../machines/messages/types.ts';
import type { UnreadMachine } from '../../machines/messages/unread.machine.ts';
import { getReceivedMessages, getUnreadCount, markInboxRead } from '../api/inbox.ts';
import { isMissingEndpoint } from '../http/errors.ts';
import type { HttpClient } from '../http/types.ts';

export type MessagesDeps = { http(): Promise<HttpClient> };

/** `inboxMachine.provide(createInboxImplementations(deps))`. */
export function createInboxImplementations(deps: MessagesDeps) {
  return {
    actors: {
      loadPage: fromPromise<Page<InboxRow>, InboxQuery>(async ({ input, signal }) =>
        getReceivedMessages(await deps.http(), input, signal),
      ),
      markRead: fromPromise<void, { id: number }>(async ({ input, signal }) =>
        markInboxRead(await deps.http(), input.id, signal),
      ),
      watchChanges: fromCallback<InboxEvent>(({ sendBack, system }) => {
        const unread = system.get('unread') as AnyActorRef | undefined;
        const subscription = unread?.on('messages.changed', () => sendBack({ type: 'inbox.changed' }));
        return () => subscription?.unsubscribe();
      }),
    },
    actions: {
      /** The header's count asks again. */
      readMarked: ({ system }) => system.get('unread')?.send({ type: 'unread.refresh' }),
    },
  } satisfies Parameters<InboxMachine['provide']>[0];
}

/** `unreadMachine.provide(createUnreadImplementations(deps))`. */
export function createUnreadImplementations(deps: MessagesDeps) {
  return {
    actors: {
      loadCount: fromPromise<number>(async ({ signal }) => {
        try {
          return await getUnreadCount(await deps.http(), signal);
        } catch (error) {
          throw { missingEndpoint: isMissingEndpoint(error) };
        }
      }),
      /** The poller's message on screen changed: one arrived, or one was read from its notification. */
      watchMessages: fromCallback<UnreadEvent>(({ sendBack, system }) => {
        const poller = system.get('messagePoller') as AnyActorRef | undefined;
        if (!poller) return () => {};
        let shown = selectCurrentMessage(poller.getSnapshot())?.id ?? null;
        const subscription = poller.subscribe((snapshot) => {
          const id = selectCurrentMessage(snapshot)?.id ?? null;
          if (id === shown) return;
          shown = id;
          sendBack({ type: 'unread.messagesChanged' });
        });
        return () => subscription.unsubscribe();
      }),
    },
  } satisfies Parameters<UnreadMachine['provide']>[0];
}
