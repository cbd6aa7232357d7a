// What a push looks like on the wire, per webhook type (docs/domain.md, "Delivery and support"):
//   json      {event, delivery_id, item, task, customer} (or {event: 'feedback_reply', feedback, customer}),
//             X-Timestamp (unix seconds) and X-Signature: sha256=<hex HMAC-SHA256(timestamp + body, secret)>
//   dingtalk  robot markdown message; signed as DingTalk documents: sign = base64(HMAC-SHA256(key = secret,
//             msg = timestamp_ms + "\n" + secret)), sent as the `timestamp` and `sign` query parameters
//   feishu    robot `post` message; signed as Feishu documents: sign = base64(HMAC-SHA256(key = timestamp_s +
//             "\n" + secret, msg = "")), sent as `timestamp` and `sign` in the body
//   wecom     robot markdown message; WeCom robots have no signing (the URL's key is the secret)
// Every type carries X-Delivery-Id, the same on every attempt of one delivery.
import { createHmac } from 'node:crypto';
import type { WebhookType } from '../../db/schema.ts';

export type PushCustomer = { id: number; name: string };
export type PushEvent =
  | { event: 'item'; item: Record<string, unknown>; task: Record<string, unknown> | null }
  | { event: 'feedback_reply'; feedback: Record<string, unknown> }
  | { event: 'test'; message: string };

export type WireRequest = { url: string; headers: Record<string, string>; body: string };

/** The json type's signature: `sha256=` + hex HMAC-SHA256 of timestamp + body with the webhook secret. */
export function jsonSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('hex')}`;
}

export function dingtalkSign(secret: string, timestampMs: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

export function feishuSign(secret: string, timestampS: string): string {
  return createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A short human text of the event for the robot types: a title and markdown lines. */
export function eventText(event: PushEvent): { title: string; lines: string[]; link: string | null } {
  if (event.event === 'item') {
    const item = event.item as {
      title?: string;
      price?: number | null;
      seller?: string | null;
      url?: string;
    };
    const task = event.task as { name?: string } | null;
    const lines = [
      `**${clip(String(item.title ?? ''), 200)}**`,
      item.price == null ? '' : `价格 / Price: ¥${item.price}`,
      item.seller ? `卖家 / Seller: ${clip(String(item.seller), 100)}` : '',
      task?.name ? `任务 / Task: ${clip(task.name, 100)}` : '',
    ].filter(Boolean);
    return {
      title: `新商品 / New item: ${clip(String(item.title ?? ''), 60)}`,
      lines,
      link: item.url ?? null,
    };
  }
  if (event.event === 'feedback_reply') {
    const f = event.feedback as { title?: string; reply?: string | null; status?: string };
    return {
      title: `反馈回复 / Feedback reply: ${clip(String(f.title ?? ''), 60)}`,
      lines: [`**${clip(String(f.title ?? ''), 200)}**`, clip(String(f.reply ?? ''), 2000)],
      link: null,
    };
  }
  return { title: 'XY webhook test', lines: [event.message], link: null };
}

/** Builds the request for one attempt. `now` fixes the timestamps (tests). */
export function buildRequest(
  type: WebhookType,
  target: { url: string; secret: string },
  deliveryId: string,
  customer: PushCustomer,
  event: PushEvent,
  now = new Date(),
): WireRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'xy-admin-webhook/1',
    'x-delivery-id': deliveryId,
    'x-event': event.event,
  };
  const seconds = String(Math.floor(now.getTime() / 1000));
  if (type === 'json') {
    const body = JSON.stringify({ ...event, delivery_id: deliveryId, customer });
    headers['x-timestamp'] = seconds;
    headers['x-signature'] = jsonSignature(target.secret, seconds, body);
    return { url: target.url, headers, body };
  }
  const text = eventText(event);
  const markdown = [...text.lines, text.link ? `[查看 / Open](${text.link})` : ''].filter(Boolean);
  if (type === 'dingtalk') {
    const body = JSON.stringify({
      msgtype: 'markdown',
      markdown: { title: text.title, text: `### ${text.title}\n\n${markdown.join('\n\n')}` },
    });
    const url = new URL(target.url);
    if (target.secret) {
      const ms = String(now.getTime());
      url.searchParams.set('timestamp', ms);
      url.searchParams.set('sign', dingtalkSign(target.secret, ms));
    }
    return { url: url.toString(), headers, body };
  }
  if (type === 'feishu') {
    const content = [
      ...text.lines.map((line) => [{ tag: 'text', text: line.replace(/\*\*/g, '') }]),
      ...(text.link ? [[{ tag: 'a', text: '查看 / Open', href: text.link }]] : []),
    ];
    const message = { msg_type: 'post', content: { post: { zh_cn: { title: text.title, content } } } };
    const signed = target.secret ? { timestamp: seconds, sign: feishuSign(target.secret, seconds) } : {};
    return { url: target.url, headers, body: JSON.stringify({ ...signed, ...message }) };
  }
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { content: `**${text.title}**\n${markdown.join('\n')}` },
  });
  return { url: target.url, headers, body };
}

/**
 * Whether a robot accepted the message: the robots answer HTTP 200 with an error code in the body
 * (DingTalk and WeCom `errcode`, Feishu `code` or the older `StatusCode`); 0 is success.
 */
export function robotError(type: WebhookType, body: string): string | null {
  if (type === 'json') return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  const code = type === 'feishu' ? (parsed.code ?? parsed.StatusCode) : parsed.errcode;
  if (code === undefined || code === 0 || code === '0') return null;
  const message = parsed.errmsg ?? parsed.msg ?? parsed.StatusMessage ?? '';
  return `robot refused: ${String(code)} ${String(message)}`.trim();
}
