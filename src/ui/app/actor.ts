import { useActorRef, useSelector } from '@xstate/react';
import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyActorRef, SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/app/app.machine.ts';
import {
  getFullscreenRef,
  getLogRef,
  getPreferencesRef,
  getRouteGuardRef,
  getSearchRef,
  getSessionRef,
  getTabsRef,
  getUnreadRef,
} from '../../machines/app/selectors.ts';
import { selectLoginActor } from '../../machines/session/selectors.ts';

type AppRef = ActorRefFrom<typeof appMachine>;
const AppActorContext = createContext<AppRef | null>(null);

/**
 * The one actor context of the app: the root `app` actor. The console creates and starts it before React
 * renders (src/services/app-system.ts `start`) and passes it as `actor`; a test may pass `logic` instead,
 * and the Provider then creates the actor for its lifetime (as @xstate/react's `createActorContext` does).
 */
function Provider(
  props: { children: ReactNode } & (
    | { actor: AnyActorRef }
    | { logic: AnyActorLogic; options?: ActorOptions<AnyActorLogic> }
  ),
) {
  return 'actor' in props
    ? createElement(AppActorContext, { value: props.actor as AppRef }, props.children)
    : createElement(OwnActor, props);
}

function OwnActor({
  logic,
  options,
  children,
}: {
  logic: AnyActorLogic;
  options?: ActorOptions<AnyActorLogic>;
  children: ReactNode;
}) {
  const actor = useActorRef(logic, options ?? {});
  return createElement(AppActorContext, { value: actor as AppRef }, children);
}

function useAppActorRef(): AppRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('render this view inside <AppActor.Provider>');
  return actor;
}

export const AppActor = {
  Provider,
  useActorRef: useAppActorRef,
  useSelector: <T>(
    selector: (snapshot: SnapshotFrom<typeof appMachine>) => T,
    compare?: (a: T, b: T) => boolean,
  ) => useSelector(useAppActorRef(), selector, compare),
};

/** The long-lived children, found by systemId (stable for the app's life). */
export const useSessionRef = () => getSessionRef(AppActor.useActorRef());
export const useRouteGuardRef = () => getRouteGuardRef(AppActor.useActorRef());
export const useLogRef = () => getLogRef(AppActor.useActorRef());

/** A shell child: views inside the shell route only render while the shell runs (src/ui/shell/ShellRoute.tsx). */
function running<T>(ref: T | undefined, id: string): T {
  if (!ref)
    throw new Error(`the ${id} chart runs only while the shell does: render this view inside the shell`);
  return ref;
}
export const useTabsRef = () => running(getTabsRef(AppActor.useActorRef()), 'tabs');
export const usePreferencesRef = () => running(getPreferencesRef(AppActor.useActorRef()), 'preferences');
export const useFullscreenRef = () => running(getFullscreenRef(AppActor.useActorRef()), 'fullscreen');
export const useUnreadRef = () => running(getUnreadRef(AppActor.useActorRef()), 'unread');
export const useSearchRef = () => running(getSearchRef(AppActor.useActorRef()), 'search');

/** The `login` chart while signed out (undefined otherwise). */
export function useLoginRef() {
  return useSelector(useSessionRef(), selectLoginActor);
}
