import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * Throws the actor's failure during render, for the error boundary to show (with a reload). A chart whose
 * effect throws where no `onError` takes it stops, and so do its parent and, up the tree, the root: without
 * this the console would look alive while no chart answers a click.
 */
export function useThrowOnActorFailure(actor: AnyActorRef): void {
  const failure = useSyncExternalStore(
    (onChange) => {
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => {
      const snapshot = actor.getSnapshot();
      return snapshot.status === 'error' ? (snapshot.error as unknown) : undefined;
    },
  );
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
}
