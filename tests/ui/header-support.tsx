/**
 * Test support for the header tools: a stand-in root actor that runs only the children a test needs, under
 * their real systemIds, inside the app's actor Provider (so the real containers find them).
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { type AnyActorLogic, type AnyStateMachine, createMachine } from 'xstate';
import { AppActor } from '../../src/ui/app/actor.ts';

export type Children = Partial<
  Record<'routeGuard' | 'log' | 'fullscreen' | 'preferences' | 'session' | 'search' | 'unread', AnyActorLogic>
>;

/** A root whose only job is to invoke the given children with their systemIds. */
export function stubRoot(children: Children): AnyStateMachine {
  return createMachine({
    id: 'app',
    invoke: Object.entries(children).map(([id, src]) => ({ id, systemId: id, src: src as AnyActorLogic })),
  });
}

/** A stand-in routeGuard holding just the raw menu list (what `selectMenuRecords` reads). */
export function routeGuardWith(menus: unknown[]): AnyStateMachine {
  return createMachine({ id: 'routeGuard', context: { menus } });
}

export function withApp(children: Children, path = '/index') {
  const logic = stubRoot(children);
  return function AppWrapper({ children: ui }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        {/* biome-ignore lint/suspicious/noExplicitAny: the stand-in root has another type than appMachine */}
        <AppActor.Provider logic={logic as any}>{ui}</AppActor.Provider>
      </MemoryRouter>
    );
  };
}

/** The root actor the Provider created, from inside the tree. */
export function RootProbe({ onRoot }: { onRoot: (root: ReturnType<typeof AppActor.useActorRef>) => void }) {
  onRoot(AppActor.useActorRef());
  return null;
}
