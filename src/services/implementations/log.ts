/**
 * Feeds the `log` chart: `logMachine.provide(createLogImplementations(deps))` watches window errors and
 * unhandled rejections; `createLogSink` is the http client's `log` option (it stamps time and url).
 */
import { fromCallback } from 'xstate';
import type { logMachine } from '../../machines/log/log.machine.ts';
import type { LogEvent, LogType } from '../../machines/log/types.ts';

/** A global failure as the watcher reports it. */
export type GlobalErrorReport = { message: string; meta?: unknown };

export type LogDeps = {
  /** Calls `listener` for every window error and unhandled rejection; returns the unsubscribe. */
  subscribeToGlobalErrors(listener: (report: GlobalErrorReport) => void): () => void;
  /** ms since the epoch. */
  now(): number;
  /** `location.href`. */
  currentUrl(): string | undefined;
};

type LogImplementations = Parameters<(typeof logMachine)['provide']>[0];

export function createLogImplementations(deps: LogDeps) {
  return {
    actors: {
      watchGlobalErrors: fromCallback<LogEvent>(({ sendBack }) =>
        deps.subscribeToGlobalErrors(({ message, meta }) => {
          const url = deps.currentUrl();
          sendBack({
            type: 'log.recorded',
            entry: { message, type: 'danger', time: deps.now(), ...(url ? { url } : {}), meta },
          });
        }),
      ),
    },
  } satisfies LogImplementations;
}

/** The slice of `window` the watcher needs (tests pass an EventTarget). */
export type ErrorEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

function describeValue(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `subscribeToGlobalErrors` for a window: `error` and `unhandledrejection` events. */
export function subscribeToWindowErrors(target: ErrorEventSource) {
  return (listener: (report: GlobalErrorReport) => void): (() => void) => {
    const onError = (event: Event) => {
      const e = event as ErrorEvent;
      listener({
        message: e.message || describeValue(e.error),
        meta: { kind: 'error', source: e.filename, line: e.lineno, column: e.colno, stack: e.error?.stack },
      });
    };
    const onRejection = (event: Event) => {
      const reason = (event as PromiseRejectionEvent).reason;
      listener({
        message: describeValue(reason),
        meta: { kind: 'unhandledrejection', stack: reason instanceof Error ? reason.stack : undefined },
      });
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  };
}

/** An entry as the http client writes it (http/types.ts `LogEntry`). */
export type LogSinkEntry = { message: string; type: LogType; meta?: unknown };

/** The http client's `log` option: sends `log.recorded` to the log actor with time and url. */
export function createLogSink(
  log: { send(event: LogEvent): void },
  deps: Pick<LogDeps, 'now' | 'currentUrl'>,
): (entry: LogSinkEntry) => void {
  return ({ message, type, meta }) => {
    const url = deps.currentUrl();
    log.send({
      type: 'log.recorded',
      entry: {
        message,
        type,
        time: deps.now(),
        ...(url ? { url } : {}),
        ...(meta === undefined ? {} : { meta }),
      },
    });
  };
}
