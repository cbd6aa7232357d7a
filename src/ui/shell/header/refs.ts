import { getFullscreenRef, getPreferencesRef, getTabsRef } from '../../../machines/app/selectors.ts';
import { AppActor } from '../../app/actor.ts';

/**
 * The shell's children the header's tools use, or undefined while the shell does not run them: the tools
 * render disabled (or nothing) instead of failing.
 */
export const useFullscreenRef = () => getFullscreenRef(AppActor.useActorRef());
export const usePreferencesRef = () => getPreferencesRef(AppActor.useActorRef());
export const useTabsRef = () => getTabsRef(AppActor.useActorRef());
