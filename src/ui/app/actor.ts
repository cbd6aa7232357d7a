import { createActorContext, useSelector } from '@xstate/react';
import { appMachine } from '../../machines/app/app.machine.ts';
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

/** The one actor context of the app: the root `app` actor, created by its Provider with the bound effects. */
export const AppActor = createActorContext(appMachine);

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
