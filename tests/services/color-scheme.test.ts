import { afterEach, describe, expect, it, vi } from 'vitest';

/** A system colour scheme the test can flip, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('window', { matchMedia: () => query });
  return {
    flip(to: boolean) {
      dark = to;
      for (const l of listeners) l();
    },
    listening: () => listeners.size,
  };
}

async function load() {
  vi.resetModules();
  return import('../../src/services/color-scheme.ts');
}

afterEach(() => vi.unstubAllGlobals());

describe('colour scheme in force', () => {
  it('auto (the default) follows the system, live', async () => {
    const system = fakeSystem(true);
    const scheme = await load();
    const heard = vi.fn();
    const stop = scheme.subscribeColorScheme(heard);
    expect(scheme.getColorScheme()).toBe('auto');
    expect(scheme.resolveColorScheme()).toBe('dark');
    system.flip(false);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(scheme.resolveColorScheme()).toBe('light');
    stop();
    expect(system.listening()).toBe(0);
  });

  it('light or dark chosen by the user wins over the system; listeners hear the change', async () => {
    fakeSystem(true);
    const scheme = await load();
    const heard = vi.fn();
    scheme.subscribeColorScheme(heard);
    scheme.setColorScheme('light');
    expect(scheme.resolveColorScheme()).toBe('light');
    scheme.setColorScheme('light');
    expect(heard).toHaveBeenCalledTimes(1);
    scheme.setColorScheme('auto');
    expect(scheme.resolveColorScheme()).toBe('dark');
  });
});
