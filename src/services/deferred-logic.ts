/**
 * Actor logic that stands for logic loaded later (a lazily imported chart). Every property is read from
 * `get()` when it is used, so a chart can name its child statically (`invoke: { src: 'shell' }`) while the
 * child's code arrives in its own chunk: the root invokes it only after `loadShell` has loaded it. The
 * inspectors see the loaded chart itself (its `config`, its states). Using it before `get()` answers is a
 * wiring error and throws.
 */
import type { AnyActorLogic } from 'xstate';

export function deferredLogic<T extends AnyActorLogic>(name: string, get: () => T | undefined): T {
  const loaded = (): T => {
    const logic = get();
    if (!logic) throw new Error(`${name} is used before its chunk has loaded`);
    return logic;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const logic = loaded();
      const value: unknown = Reflect.get(logic, key, logic);
      return typeof value === 'function' ? value.bind(logic) : value;
    },
    has: (_, key) => Reflect.has(loaded(), key),
    getPrototypeOf: () => Object.getPrototypeOf(loaded()),
  });
}
