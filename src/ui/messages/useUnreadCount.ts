import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectUnreadCount } from '../../machines/messages/selectors.ts';
import { useUnreadRef } from '../app/actor.ts';

/** What a page that marks messages read needs of the unread chart (the shell runs it, systemId `unread`). */
export type UnreadLink = {
  /** Count again now (a message was read here). */
  refresh(): void;
  /** Messages changed elsewhere (one arrived, or was read from its notification): reload. */
  onMessagesChanged(listener: () => void): () => void;
};

/** The unread chart as an `UnreadLink` (stable while the shell runs). */
export function useUnreadLink(): UnreadLink {
  const unread = useUnreadRef();
  return useMemo(
    () => ({
      refresh: () => unread.send({ type: 'unread.refresh' }),
      onMessagesChanged: (listener) => {
        const subscription = unread.on('messages.changed', () => listener());
        return () => subscription.unsubscribe();
      },
    }),
    [unread],
  );
}

/**
 * How many in-site messages the signed-in user has not read (null until known, or when the backend has no
 * count endpoint). For the header's 站内信 entry: `const unread = useUnreadCount()`.
 */
export function useUnreadCount(): number | null {
  return useSelector(useUnreadRef(), selectUnreadCount);
}
