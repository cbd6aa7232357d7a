/**
 * Shared glue for the implementation factories: errors normalised to the charts' `EffectError`, and
 * fire-and-forget effects that can never throw into a chart (an action that throws stops the actor).
 */
import type { EffectError } from '../../machines/shared/effects.ts';
import { isApiError, isPermissionRefusal } from '../http/errors.ts';

/** What every factory's effects reject with: the service error's message, and whether a retry may help. */
export class EffectFailure extends Error implements EffectError {
  override name = 'EffectFailure';
  readonly transient: boolean;
  /** The server refused the caller (no permission): see `isPermissionRefusal`. */
  readonly refused: boolean;
  constructor(message: string, transient: boolean, cause?: unknown, refused = false) {
    super(message, cause === undefined ? undefined : { cause });
    this.transient = transient;
    this.refused = refused;
  }
}

export function toEffectFailure(error: unknown): EffectFailure {
  if (error instanceof EffectFailure) return error;
  const message =
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? error.message
      : String(error);
  // The HTTP layer's own verdict (ApiError.transient: no response, a timeout, or 502/503/504).
  const transient = isApiError(error) && error.transient;
  return new EffectFailure(message, transient, error, isPermissionRefusal(error));
}

/** Runs an async effect and rejects with an `EffectFailure`. */
export async function normalised<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toEffectFailure(error);
  }
}

export type EffectErrorHandler = (error: unknown, effect: string) => void;

/** Wraps a synchronous effect so a failure is reported instead of stopping the chart. */
export function guarded<A extends unknown[]>(
  name: string,
  run: (...args: A) => void,
  onError: EffectErrorHandler,
) {
  return (...args: A): void => {
    try {
      run(...args);
    } catch (error) {
      onError(error, name);
    }
  };
}

/** Toasts last 5 s (seed §8, §9). */
export const NOTICE_DURATION_MS = 5000;
