import type { SnapshotFrom } from 'xstate';
import type { FullscreenMachine } from './fullscreen.machine.ts';

/** The page is (still) full screen: the button shows "exit full screen". */
export const selectIsFullscreen = (s: SnapshotFrom<FullscreenMachine>): boolean => s.hasTag('fullscreen');

/** A request is on its way: the button can show it is busy. */
export const selectIsSwitching = (s: SnapshotFrom<FullscreenMachine>): boolean =>
  s.matches('entering') || s.matches('exiting');
