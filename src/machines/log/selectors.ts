/** What views read from `log`. */
import type { SnapshotFrom } from 'xstate';
import { badgeLabel, countErrors } from './entries.ts';
import type { logMachine } from './log.machine.ts';

export type LogSnapshot = SnapshotFrom<typeof logMachine>;

/** Oldest first. */
export const selectLogEntries = (s: LogSnapshot) => s.context.entries;
export const selectHasLogEntries = (s: LogSnapshot) => s.matches('listing');
export const selectLogCount = (s: LogSnapshot) => s.context.entries.length;
/** Entries of type `danger`. */
export const selectErrorCount = (s: LogSnapshot) => countErrors(s.context.entries);
/** The badge text: null without errors, at most `99+`. */
export const selectErrorBadge = (s: LogSnapshot) => badgeLabel(countErrors(s.context.entries));
