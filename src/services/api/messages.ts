/**
 * Unread messages (CONTRACT.md "Messages and the live feed"; seed §7): the calls behind the message poller.
 * Both are `quiet`: the poller calls them every 5 s and decides itself what to log, so the http layer never
 * toasts or logs their failures (a 401 still refreshes the token or ends the session as usual).
 */
import { type Message, messageSchema, Paths } from '../../contract/index.ts';
import type { HttpClient } from '../http/types.ts';
import { listSchema } from './schemas.ts';

/** Seed §7: one unread message at a time. */
export const UNREAD_MESSAGE_QUERY = { limit: 1, page: 1, status: 0 } as const;

/**
 * `GET /xy/message/get_message/?limit=1&page=1&status=0` → the rows (at most one). Rejects with an ApiError;
 * `isMissingEndpoint(error)` tells a backend without the route (stock dvadmin).
 */
export function getUnreadMessages(http: HttpClient, signal?: AbortSignal): Promise<Message[]> {
  return http.data(
    { url: Paths.messageUnread, params: { ...UNREAD_MESSAGE_QUERY }, signal, quiet: true },
    listSchema(messageSchema),
  );
}

/** `PUT /xy/message/{id}/read/` with `{id, status: 1}`. */
export async function markMessageRead(http: HttpClient, id: number, signal?: AbortSignal): Promise<void> {
  await http.put(Paths.messageRead(id), { id, status: 1 }, { signal, quiet: true });
}
