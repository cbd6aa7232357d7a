import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A message for the view. `text` is a server's own words (already in the user's language) and wins;
 * `key` is an i18n key (`session:expired.timeout`) the view or the notify effect translates otherwise.
 */
export type Reason = { key: string; text?: string };

/**
 * What a failed effect rejects with, as far as charts care. Services normalise their errors to this shape
 * (src/services/implementations); anything else still works through `message`.
 */
export type EffectError = { message?: string; transient?: boolean; refused?: boolean };

function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return typeof error === 'string' && error ? error : undefined;
}

/** The server's message when the error carries one, else the chart's own key. */
export function reasonFromError(error: unknown, key: string): Reason {
  const text = messageOf(error);
  return text ? { key, text } : { key };
}

/** The server refused this user the data (no permission): retrying will not help, skipping may. */
export function isRefusedError(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'refused' in error && error.refused === true;
}

/** A network failure or a timeout: worth trying again later rather than giving up. */
export function isTransientError(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'transient' in error && error.transient === true;
}

/**
 * A placeholder for an effect the chart invokes: services supply the real one with `machine.provide`.
 * Rejecting (instead of hanging) makes a forgotten binding visible at once.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`effect "${name}" is not provided`)));
}
