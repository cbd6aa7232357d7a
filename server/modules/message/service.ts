// In-site messages: one xy_message row per recipient, polled at /xy/message/get_message/ and pushed at once
// as a socket `notification`. Other modules call `deliverMessage` to tell users something.
//
// A message-centre message is stored once (message_center) and each recipient's row holds only the read
// state (dvadmin's MessageCenterTargetUser shape: user, message, is_read) with empty title and text, which
// the reads take from message_center; the rows go in with one INSERT … SELECT over the recipients' ids, so
// a 90 KB message to 100,000 users is one statement and one copy of the text (issue 12).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AuthUser } from '../../http/types.ts';
import type { Emitter } from '../../realtime/index.ts';

/** Message `type`: 0 success, 1 warning, 2 info, 3 error (CONTRACT.md); the socket speaks the names. */
export const MESSAGE_TYPES = ['success', 'warning', 'info', 'error'] as const;
export const typeName = (type: number): string => MESSAGE_TYPES[type] ?? 'info';

export type NewMessage = {
  title: string;
  /** Plain text (HTML is reduced to text before storing). */
  message: string;
  type?: number;
  centerId?: number | null;
  sender?: AuthUser | null;
};

const CHUNK = 500;
const NOTIFICATION_TEXT_MAX = 200;

/** Plain text of an HTML fragment (the message centre's rich-text content), whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * Stores the message for each recipient (call inside the caller's transaction); returns the recipients.
 * With a `centerId` the text lives in message_center and each recipient gets only a read-state row, all
 * inserted by one statement; without one (a direct notice) each recipient's row carries the text.
 */
export async function storeMessages(
  db: Db,
  userIds: readonly number[],
  message: NewMessage,
): Promise<number[]> {
  const recipients = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id));
  const type = message.type ?? 2;
  const title = clip(message.title, 100);
  const sender = message.sender ?? null;
  if (message.centerId != null) {
    if (recipients.length === 0) return recipients;
    // The ids travel as one int[] literal (integers only, checked above): one parameter, one statement.
    await sql`
      insert into xy_message (user_id, center_id, title, message, type, creator, modifier, dept_belong_id)
      select r.id, ${message.centerId}, '', '', ${type}, ${sender?.id ?? null}, ${sender ? String(sender.id) : null},
             ${sender?.dept_id == null ? null : String(sender.dept_id)}
      from unnest(${`{${recipients.join(',')}}`}::int[]) as r(id)`.execute(db);
    return recipients;
  }
  for (let i = 0; i < recipients.length; i += CHUNK) {
    await db
      .insertInto('xy_message')
      .values(
        recipients.slice(i, i + CHUNK).map((user_id) => ({
          user_id,
          center_id: message.centerId ?? null,
          title,
          message: message.message,
          type,
          creator: sender?.id ?? null,
          modifier: sender ? String(sender.id) : null,
          dept_belong_id: sender?.dept_id == null ? null : String(sender.dept_id),
        })),
      )
      .execute();
  }
  return recipients;
}

/** Pushes the `notification` event to the recipients (after the copies are committed). */
export function notifyRecipients(emitter: Emitter, userIds: readonly number[], message: NewMessage): void {
  emitter.emitToUsers(userIds, 'notification', {
    title: clip(message.title, 100),
    message: clip(message.message, NOTIFICATION_TEXT_MAX),
    type: typeName(message.type ?? 2),
  });
}

/** Stores the message for each recipient and notifies the connected ones; returns the recipient count. */
export async function deliverMessage(
  db: Db,
  emitter: Emitter,
  userIds: readonly number[],
  message: NewMessage,
): Promise<number> {
  const recipients = await storeMessages(db, userIds, message);
  notifyRecipients(emitter, recipients, message);
  return recipients.length;
}
