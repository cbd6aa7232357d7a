/** What the views read of the messages charts (the inbox page, the header's badge). */
import type { SnapshotFrom } from 'xstate';
import type { InboxMachine } from './inbox.machine.ts';
import type { UnreadMachine } from './unread.machine.ts';

type InboxSnapshot = SnapshotFrom<InboxMachine>;

export const selectInboxFilter = (s: InboxSnapshot) => s.context.filter;
export const selectInboxRows = (s: InboxSnapshot) => s.context.rows;
export const selectInboxPage = (s: InboxSnapshot) => s.context.page;
export const selectInboxTotal = (s: InboxSnapshot) => s.context.total;
export const selectInboxPages = (s: InboxSnapshot) =>
  Math.max(1, Math.ceil(s.context.total / s.context.limit));
export const selectInboxLoading = (s: InboxSnapshot) => s.matches('loading');
/** Marking is offered only on a settled list. */
export const selectCanMark = (s: InboxSnapshot) => s.matches('ready');
export const selectMarkingId = (s: InboxSnapshot) => s.context.markingId;
export const selectInboxError = (s: InboxSnapshot) => (s.matches('failed') ? s.context.error : null);

/** Unread messages (null until known, or when the backend has no count endpoint). */
export const selectUnreadCount = (s: SnapshotFrom<UnreadMachine>) => s.context.count;
