import type { ActorRefFrom } from 'xstate';
import type { fullscreenMachine } from '../../../machines/fullscreen/fullscreen.machine.ts';
import type { preferencesMachine } from '../../../machines/preferences/preferences.machine.ts';
import type { tabsMachine } from '../../../machines/tabs/tabs.machine.ts';
import { AppActor } from '../../app/actor.ts';

export type FullscreenRef = ActorRefFrom<typeof fullscreenMachine>;
export type PreferencesRef = ActorRefFrom<typeof preferencesMachine>;
export type TabsRef = ActorRefFrom<typeof tabsMachine>;

/**
 * A long-lived child by systemId, or undefined while the root does not run it yet: the header's tools
 * render disabled (or nothing) instead of failing. The lookup is stable for the app's life.
 */
function useSystemRef<T>(systemId: string): T | undefined {
  return AppActor.useActorRef().system.get(systemId) as T | undefined;
}

export const useFullscreenRef = () => useSystemRef<FullscreenRef>('fullscreen');
export const usePreferencesRef = () => useSystemRef<PreferencesRef>('preferences');
export const useTabsRef = () => useSystemRef<TabsRef>('tabs');
