import { createActorContext, useSelector } from '@xstate/react';
import { appMachine } from '../../machines/app/app.machine.ts';
import {
  getFullscreenRef,
  getLogRef,
  getPreferencesRef,
  getRouteGuardRef,
  getSessionRef,
  getTabsRef,
} from '../../machines/app/selectors.ts';
import { selectLoginActor } from '../../machines/session/selectors.ts';

/** The one actor context of the app: the root `app` actor, created by its Provider with the bound effects. */
export const AppActor = createActorContext(appMachine);

/** The long-lived children, found by systemId (stable for the app's life). */
export const useSessionRef = () => getSessionRef(AppActor.useActorRef());
export const useRouteGuardRef = () => getRouteGuardRef(AppActor.useActorRef());
export const useLogRef = () => getLogRef(AppActor.useActorRef());
export const useTabsRef = () => getTabsRef(AppActor.useActorRef());
export const usePreferencesRef = () => getPreferencesRef(AppActor.useActorRef());
export const useFullscreenRef = () => getFullscreenRef(AppActor.useActorRef());

/** The `login` chart while signed out (undefined otherwise). */
export function useLoginRef() {
  return useSelector(useSessionRef(), selectLoginActor);
}
