import { fromCallback, fromPromise } from 'xstate';
import type { FullscreenMachine } from '../../machines/fullscreen/fullscreen.machine.ts';
import type { FullscreenEvent } from '../../machines/fullscreen/types.ts';

/** The part of `document` the chart's effects use (a fake in tests). */
export type FullscreenDocument = {
  readonly fullscreenElement: Element | null;
  readonly documentElement: { requestFullscreen(): Promise<void> };
  exitFullscreen(): Promise<void>;
  addEventListener(type: 'fullscreenchange', listener: () => void): void;
  removeEventListener(type: 'fullscreenchange', listener: () => void): void;
};

export type FullscreenDeps = {
  document: FullscreenDocument;
  /** What goes full screen; the whole page by default. */
  target?: () => { requestFullscreen(): Promise<void> };
};

/** Binds the fullscreen chart's actors: `fullscreenMachine.provide(createFullscreenImplementations(deps))`. */
export function createFullscreenImplementations({ document: doc, target }: FullscreenDeps) {
  return {
    actors: {
      requestFullscreen: fromPromise<void>(async () => {
        await (target?.() ?? doc.documentElement).requestFullscreen();
      }),
      exitFullscreen: fromPromise<void>(async () => {
        // Already out (the browser left first): nothing to exit, and the chart ends `off` either way.
        if (doc.fullscreenElement) await doc.exitFullscreen();
      }),
      watchFullscreen: fromCallback<FullscreenEvent>(({ sendBack }) => {
        const report = () => sendBack({ type: 'fullscreen.changed', active: doc.fullscreenElement !== null });
        doc.addEventListener('fullscreenchange', report);
        return () => doc.removeEventListener('fullscreenchange', report);
      }),
    },
  } satisfies Parameters<FullscreenMachine['provide']>[0];
}
