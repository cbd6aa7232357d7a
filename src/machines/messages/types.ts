/** Types of the messages charts: the 站内信 inbox (inbox.machine.ts) and the unread count (unread.machine.ts). */
import type { Page } from '../../contract/index.ts';
import type { Reason } from '../shared/effects.ts';

export type { Page, Reason };

export const INBOX_PAGE_SIZE = 10;

/** One received message as the message centre lists it (src/services/api/inbox.ts validates it). */
export type InboxRow = {
  id: number;
  title: string;
  content?: string | null | undefined;
  is_read?: boolean | null | undefined;
  creator_name?: string | null | undefined;
  create_datetime?: string | null | undefined;
  [field: string]: unknown;
};

/** `all` sends no filter; `unread` / `read` send `is_read=0/1`. */
export type InboxFilter = 'all' | 'unread' | 'read';
export type InboxQuery = { page: number; limit: number; filter: InboxFilter };

export type InboxContext = {
  filter: InboxFilter;
  page: number;
  limit: number;
  rows: InboxRow[];
  total: number;
  error: Reason | null;
  /** The message being marked read. */
  markingId: number | null;
};

export type InboxEvent =
  | { type: 'inbox.filterChanged'; filter: InboxFilter }
  | { type: 'inbox.pageChanged'; page: number }
  | { type: 'inbox.markRead'; id: number }
  | { type: 'inbox.retry' }
  /** Messages changed elsewhere (one arrived, or was read from its notification): reload the page. */
  | { type: 'inbox.changed' };

export type UnreadEvent =
  /** Count again now (a message was read here, e.g. by the inbox or the messages page). */
  | { type: 'unread.refresh' }
  /** The message poller showed a message or one was read from its notification (`watchMessages`). */
  | { type: 'unread.messagesChanged' };

/** What the unread chart emits when messages changed elsewhere: open lists reload. */
export type UnreadEmitted = { type: 'messages.changed' };

/** What `loadCount` rejects with: `missingEndpoint` when the backend has no count endpoint. */
export type UnreadError = { missingEndpoint?: boolean };
