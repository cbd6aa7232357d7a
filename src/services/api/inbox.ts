/**
 * The user's in-site messages (站内信) through dvadmin's message centre, which both the reference server and
 * a stock dvadmin offer: `get_self_receive/` (paginated, `is_read` filter), `{id}/` (a recipient opening a
 * message has read it — the centre's way of marking read) and `get_unread_msg/` (`{count}`).
 */
import { z } from 'zod';
import type { Page } from '../../contract/index.ts';
import type { InboxFilter, InboxQuery } from '../../machines/messages/types.ts';
import type { HttpClient } from '../http/types.ts';
import { fetchPage } from './list.ts';

const BASE = '/api/system/message_center/';
export const InboxPaths = {
  received: `${BASE}get_self_receive/`,
  item: (id: number | string) => `${BASE}${id}/`,
  unread: `${BASE}get_unread_msg/`,
} as const;

export const inboxRowSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    content: z.string().nullish(),
    is_read: z.boolean().nullish(),
    creator_name: z.string().nullish(),
    create_datetime: z.string().nullish(),
  })
  .catchall(z.unknown());
export type InboxRow = z.infer<typeof inboxRowSchema>;

export type { InboxFilter, InboxQuery };

export function getReceivedMessages(
  http: HttpClient,
  query: InboxQuery,
  signal?: AbortSignal,
): Promise<Page<InboxRow>> {
  const params: Record<string, unknown> = { page: query.page, limit: query.limit };
  if (query.filter !== 'all') params.is_read = query.filter === 'read';
  return fetchPage(http, InboxPaths.received, inboxRowSchema, params, { signal });
}

/** Marks one received message read (the centre marks it when its recipient opens it). */
export async function markInboxRead(http: HttpClient, id: number, signal?: AbortSignal): Promise<void> {
  await http.get(InboxPaths.item(id), undefined, { signal });
}

const unreadSchema = z.object({ count: z.number() });

/** `{count}` of unread messages; quiet (a header badge polls it). */
export async function getUnreadCount(http: HttpClient, signal?: AbortSignal): Promise<number> {
  const { count } = await http.data({ url: InboxPaths.unread, signal, quiet: true }, unreadSchema);
  return count;
}
