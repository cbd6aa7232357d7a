/** Fakes for chart specs: promise actors the test settles by hand, and recorded effects. */

import { type Mock, vi } from 'vitest';
import { fromPromise } from 'xstate';

export type Call<TOutput, TInput> = {
  input: TInput;
  signal: AbortSignal;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
};

/** A promise actor whose every invocation waits for the test: `calls[i].resolve(…)` / `.reject(…)`. */
export function controllable<TOutput, TInput = unknown>() {
  const calls: Call<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  return {
    logic,
    calls,
    get last(): Call<TOutput, TInput> {
      const call = calls.at(-1);
      if (!call) throw new Error('the actor was never invoked');
      return call;
    },
  };
}

/** A promise actor that resolves at once. */
export const resolvesWith = <T>(value: T) => fromPromise<T, unknown>(async () => value);
/** A promise actor that rejects at once. */
export const rejectsWith = <T>(error: unknown) => fromPromise<T, unknown>(async () => Promise.reject(error));

/**
 * Spies for named effects, recording the order they ran in: `effects.actions` goes into
 * `machine.provide({ actions })`, `effects.order` lists `name` (or `name:param` via `label`).
 */
export function recordEffects<const TNames extends readonly string[]>(
  names: TNames,
  label: Partial<Record<TNames[number], (params: never) => string>> = {},
) {
  const order: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: a spy stands in for effects with any params
  const spies = {} as Record<TNames[number], Mock<(args: unknown, params: any) => void>>;
  for (const name of names as readonly TNames[number][]) {
    spies[name] = vi.fn((_: unknown, params: unknown) => {
      const labelOf = label[name] as ((p: unknown) => string) | undefined;
      order.push(labelOf ? `${name}:${labelOf(params)}` : name);
    });
  }
  return { actions: spies, order };
}

/** Lets promise callbacks (fake settlements, actor relays) run. */
export async function settle(times = 8): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
