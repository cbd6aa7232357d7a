import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { fullscreenMachine } from '../../src/machines/fullscreen/fullscreen.machine.ts';
import { selectIsFullscreen, selectIsSwitching } from '../../src/machines/fullscreen/selectors.ts';
import type { FullscreenEvent } from '../../src/machines/fullscreen/types.ts';

type Deferred = { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void };
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Browser requests that stay pending until the test settles them; the watcher hands out its sendBack. */
function start() {
  const pending = { request: [] as Deferred[], exit: [] as Deferred[] };
  let browser: ((e: FullscreenEvent) => void) | undefined;
  let watcherStopped = false;
  const machine = fullscreenMachine.provide({
    actors: {
      requestFullscreen: fromPromise(() => {
        const p = deferred();
        pending.request.push(p);
        return p.promise;
      }),
      exitFullscreen: fromPromise(() => {
        const p = deferred();
        pending.exit.push(p);
        return p.promise;
      }),
      watchFullscreen: fromCallback<FullscreenEvent>(({ sendBack }) => {
        browser = sendBack;
        return () => {
          watcherStopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    pending,
    flush,
    browser: (active: boolean) => browser?.({ type: 'fullscreen.changed', active }),
    isStopped: () => watcherStopped,
    value: () => actor.getSnapshot().value,
  };
}

describe('fullscreen', () => {
  it('starts off and watches the browser for as long as it lives', () => {
    const t = start();
    expect(t.value()).toBe('off');
    expect(selectIsFullscreen(t.actor.getSnapshot())).toBe(false);
    t.actor.stop();
    expect(t.isStopped()).toBe(true);
  });

  it('toggling asks the browser for full screen and is on once granted', async () => {
    const t = start();
    t.actor.send({ type: 'fullscreen.toggled' });
    expect(t.value()).toBe('entering');
    expect(selectIsSwitching(t.actor.getSnapshot())).toBe(true);
    expect(t.pending.request).toHaveLength(1);
    t.pending.request[0]!.resolve();
    await t.flush();
    expect(t.value()).toBe('on');
    expect(selectIsFullscreen(t.actor.getSnapshot())).toBe(true);
  });

  it('a refused full-screen request goes back to off', async () => {
    const t = start();
    t.actor.send({ type: 'fullscreen.toggled' });
    t.pending.request[0]!.reject(new TypeError('Permissions check failed'));
    await t.flush();
    expect(t.value()).toBe('off');
  });

  it('toggling while on exits full screen', async () => {
    const t = start();
    t.actor.send({ type: 'fullscreen.toggled' });
    t.pending.request[0]!.resolve();
    await t.flush();
    t.actor.send({ type: 'fullscreen.toggled' });
    expect(t.value()).toBe('exiting');
    expect(t.pending.exit).toHaveLength(1);
    t.pending.exit[0]!.resolve();
    await t.flush();
    expect(t.value()).toBe('off');
  });

  it('leaving full screen through the browser resets the toggle', async () => {
    const t = start();
    t.actor.send({ type: 'fullscreen.toggled' });
    t.pending.request[0]!.resolve();
    await t.flush();
    t.browser(false); // Esc
    expect(t.value()).toBe('off');
    expect(selectIsFullscreen(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'fullscreen.toggled' });
    expect(t.value()).toBe('entering');
  });

  it('the change event can settle a request before its promise does', () => {
    const t = start();
    t.actor.send({ type: 'fullscreen.toggled' });
    t.browser(true);
    expect(t.value()).toBe('on');
  });

  it('entering full screen by other means shows the toggle on', () => {
    const t = start();
    t.browser(true);
    expect(t.value()).toBe('on');
    t.browser(true);
    expect(t.value()).toBe('on');
  });

  it('a failed exit ends off', async () => {
    const t = start();
    t.browser(true);
    t.actor.send({ type: 'fullscreen.toggled' });
    t.pending.exit[0]!.reject(new TypeError('Document not active'));
    await t.flush();
    expect(t.value()).toBe('off');
  });
});
