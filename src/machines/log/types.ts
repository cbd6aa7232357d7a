/** Log entry levels, after dvadmin's log types; `danger` entries are the errors the badge counts. */
export type LogType = 'info' | 'success' | 'warning' | 'danger';

/** What a feeder reports (seed §3 "Log entry"): `time` in ms since the epoch, stamped by the feeder. */
export type LogInput = {
  message: string;
  type?: LogType;
  time: number;
  /** The page address when it happened. */
  url?: string;
  /** Overrides the chart's current user. */
  user?: string;
  meta?: unknown;
};

export type LogEntry = {
  message: string;
  type: LogType;
  time: number;
  url?: string;
  /** uuid or name of the signed-in user, when there was one. */
  user?: string;
  meta?: unknown;
};

export type LogContext = {
  /** Oldest first, at most `MAX_LOG_ENTRIES`. */
  entries: LogEntry[];
  user: string | null;
};

export type LogEvent =
  /** From http errors (the client's log sink), window errors and rejections (`watchGlobalErrors`). */
  | { type: 'log.recorded'; entry: LogInput }
  | { type: 'log.cleared' }
  /** Forwarded by `app` from `session`. */
  | { type: 'log.userChanged'; user: string | null };
