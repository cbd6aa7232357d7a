import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

const nothing = () => null;

/**
 * Throws the actor's failure during render, for the error boundary to show (with a reload). A chart whose
 * effect throws where no `onError` takes it stops, and so do its parent and, up the tree, the root: without
 * this the console would look alive while no chart answers a click. @xstate/react's `useSelector` already
 * rethrows an errored actor's failure when it reads the snapshot; this subscribes for that alone.
 */
export function useThrowOnActorFailure(actor: AnyActorRef): void {
  useSelector(actor, nothing);
}
