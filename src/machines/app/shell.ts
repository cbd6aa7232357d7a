/**
 * The shell's charts, handed to the root once their chunk has loaded (`app.shellLoaded`): the tab bar,
 * full screen, preferences, the live socket and the message poller. None of them is needed to draw the
 * sign-in page, so they stay out of its bundle; the services import this module lazily at boot.
 */
import type { AnyActorLogic } from 'xstate';
import { fullscreenMachine } from '../fullscreen/fullscreen.machine.ts';
import { messagePollerMachine } from '../messagePoller/messagePoller.machine.ts';
import { preferencesMachine } from '../preferences/preferences.machine.ts';
import { socketMachine } from '../socket/socket.machine.ts';
import { tabsMachine } from '../tabs/tabs.machine.ts';
import type { ShellLogic } from './types.ts';

export type ShellImplementations = {
  tabs?: Parameters<typeof tabsMachine.provide>[0];
  fullscreen?: Parameters<typeof fullscreenMachine.provide>[0];
  preferences?: Parameters<typeof preferencesMachine.provide>[0];
  socket?: Parameters<typeof socketMachine.provide>[0];
  messagePoller?: Parameters<typeof messagePollerMachine.provide>[0];
};

const bind = <M extends { provide: (i: never) => AnyActorLogic }>(machine: M, i: unknown): AnyActorLogic =>
  i ? machine.provide(i as never) : (machine as unknown as AnyActorLogic);

/** The shell charts with their effects bound, as `app.shellLoaded` carries them. */
export function createShellLogic(i: ShellImplementations = {}): ShellLogic {
  return {
    tabs: bind(tabsMachine, i.tabs),
    fullscreen: bind(fullscreenMachine, i.fullscreen),
    preferences: bind(preferencesMachine, i.preferences),
    socket: bind(socketMachine, i.socket),
    messagePoller: bind(messagePollerMachine, i.messagePoller),
  };
}
