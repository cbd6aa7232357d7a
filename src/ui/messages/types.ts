import type { Page } from '../../contract/index.ts';
import type { Reason } from '../../machines/shared/effects.ts';
import type { InboxFilter, InboxQuery, InboxRow } from '../../services/api/inbox.ts';

export type { InboxFilter, InboxQuery, InboxRow, Page, Reason };

export const INBOX_PAGE_SIZE = 10;

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
