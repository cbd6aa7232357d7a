/**
 * Full screen (seed §4: "Full screen toggles and resets when the browser leaves it").
 *
 * Regions: one, `off` → `entering` → `on` → `exiting` → `off`. `entering` and `exiting` invoke the browser
 * request (`requestFullscreen`, `exitFullscreen`); a refused request goes back to `off` (the browser did
 * not change), a failed exit also ends in `off` (exiting rejects when the page is no longer full screen).
 * A root-level `watchFullscreen` actor reports the browser's own changes as `fullscreen.changed`, so
 * leaving through Esc or F11 resets the toggle, and entering by other means shows it on.
 *
 * Lifecycle: lives as long as the shell. Not modelled: which element goes full screen (the service picks
 * it), browsers without the Fullscreen API (their request rejects, which lands in `off`).
 */
import { fromCallback, fromPromise, setup } from 'xstate';
import type { FullscreenEvent } from './types.ts';

export const fullscreenMachine = setup({
  types: {
    events: {} as FullscreenEvent,
  },
  actors: {
    requestFullscreen: fromPromise<void>(async () => {}),
    exitFullscreen: fromPromise<void>(async () => {}),
    /** Sends `fullscreen.changed` whenever the browser enters or leaves full screen. */
    watchFullscreen: fromCallback<FullscreenEvent>(() => {}),
  },
  guards: {
    isActive: ({ event }) => event.type === 'fullscreen.changed' && event.active,
    isInactive: ({ event }) => event.type === 'fullscreen.changed' && !event.active,
  },
}).createMachine({
  id: 'fullscreen',
  invoke: { id: 'watchFullscreen', src: 'watchFullscreen' },
  initial: 'off',
  states: {
    off: {
      on: {
        'fullscreen.toggled': 'entering',
        'fullscreen.changed': { guard: 'isActive', target: 'on' },
      },
    },
    entering: {
      invoke: {
        id: 'requestFullscreen',
        src: 'requestFullscreen',
        onDone: 'on',
        onError: 'off',
      },
      on: {
        // The change event can beat the promise; either one settles it.
        'fullscreen.changed': [
          { guard: 'isActive', target: 'on' },
          { guard: 'isInactive', target: 'off' },
        ],
      },
    },
    on: {
      tags: ['fullscreen'],
      on: {
        'fullscreen.toggled': 'exiting',
        'fullscreen.changed': { guard: 'isInactive', target: 'off' },
      },
    },
    exiting: {
      tags: ['fullscreen'],
      invoke: {
        id: 'exitFullscreen',
        src: 'exitFullscreen',
        onDone: 'off',
        onError: 'off',
      },
      on: {
        'fullscreen.changed': { guard: 'isInactive', target: 'off' },
      },
    },
  },
});

export type FullscreenMachine = typeof fullscreenMachine;
