import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { fullscreenMachine } from '../../src/machines/fullscreen/fullscreen.machine.ts';
import {
  createFullscreenImplementations,
  type FullscreenDocument,
} from '../../src/services/implementations/fullscreen.ts';

/** A document whose Fullscreen API behaves like a browser's: changes fire `fullscreenchange`. */
function fakeDocument(options: { refuse?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const fire = () => {
    for (const l of listeners) l();
  };
  const doc = {
    fullscreenElement: null as Element | null,
    documentElement: {
      requestFullscreen: async () => {
        if (options.refuse) throw new TypeError('Permissions check failed');
        doc.fullscreenElement = {} as Element;
        fire();
      },
    },
    exitFullscreen: async () => {
      doc.fullscreenElement = null;
      fire();
    },
    addEventListener: (_type: 'fullscreenchange', l: () => void) => listeners.add(l),
    removeEventListener: (_type: 'fullscreenchange', l: () => void) => listeners.delete(l),
    /** The user pressed Esc. */
    leave: () => {
      doc.fullscreenElement = null;
      fire();
    },
    listeners,
  };
  return doc satisfies FullscreenDocument;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('fullscreen implementations', () => {
  it('leaving full screen through the browser resets the toggle (real watcher)', async () => {
    const doc = fakeDocument();
    const actor = createActor(
      fullscreenMachine.provide(createFullscreenImplementations({ document: doc })),
    ).start();
    actor.send({ type: 'fullscreen.toggled' });
    await flush();
    expect(actor.getSnapshot().value).toBe('on');
    doc.leave();
    expect(actor.getSnapshot().value).toBe('off');
    actor.stop();
    expect(doc.listeners.size).toBe(0);
  });

  it('a refused request leaves the toggle off', async () => {
    const doc = fakeDocument({ refuse: true });
    const actor = createActor(
      fullscreenMachine.provide(createFullscreenImplementations({ document: doc })),
    ).start();
    actor.send({ type: 'fullscreen.toggled' });
    await flush();
    expect(actor.getSnapshot().value).toBe('off');
  });

  it('toggling off exits full screen through the document', async () => {
    const doc = fakeDocument();
    const actor = createActor(
      fullscreenMachine.provide(createFullscreenImplementations({ document: doc })),
    ).start();
    actor.send({ type: 'fullscreen.toggled' });
    await flush();
    actor.send({ type: 'fullscreen.toggled' });
    await flush();
    expect(doc.fullscreenElement).toBeNull();
    expect(actor.getSnapshot().value).toBe('off');
  });
});
