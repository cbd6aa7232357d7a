// Business messages: what the delivery side (and the pipeline's hooks) tells operators, as in-site messages
// through the existing /xy/message/ machinery (xy_message rows + the socket `notification`), so the console's
// polling and socket carry them. Recipients are the operators responsible for the subject: superusers and the
// active users one of whose enabled roles holds the subject's menu (a phone → /phones, a customer's failing
// pushes → /users, feedback → /feedback, an idle task → /tasks). Repeated causes are told once per episode:
// xy_alert remembers when a key was last told, and `cooldownMs` must pass before it is told again.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Emitter } from '../../realtime/index.ts';
import { deliverMessage } from '../message/service.ts';

export const MESSAGE_TYPE = { success: 0, warning: 1, info: 2, error: 3 } as const;

/** Superusers and the active users whose enabled roles hold the menu at `webPath`. */
export async function menuHolderIds(db: Db, webPath: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from users u
    where u.is_deleted = false and u.is_active = true and (u.is_superuser or u.id in (
      select ur.user_id from user_role ur
      join role r on r.id = ur.role_id and r.status and not r.is_deleted
      join role_menu rm on rm.role_id = r.id
      join menu m on m.id = rm.menu_id and m.status and not m.is_deleted
      where m.web_path = ${webPath}))
    order by u.id`.execute(db);
  return rows.map((r) => r.id);
}

/** Takes the alert key when it was not told within `cooldownMs` (atomic across processes). */
export async function takeAlert(db: Db, key: string, cooldownMs: number, now = new Date()): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    insert into xy_alert (key, sent_at) values (${key}, ${now})
    on conflict (key) do update set sent_at = excluded.sent_at
      where xy_alert.sent_at < ${new Date(now.getTime() - cooldownMs)}
    returning key`.execute(db);
  return rows.length > 0;
}

/** Forgets a key (the episode is over: the next occurrence is told at once). */
export async function clearAlert(db: Db, key: string): Promise<void> {
  await db.deleteFrom('xy_alert').where('key', '=', key).execute();
}

export type BusinessMessage = { title: string; message: string; type: number };

export async function tellOperators(db: Db, emitter: Emitter, webPath: string, message: BusinessMessage) {
  const recipients = await menuHolderIds(db, webPath);
  if (!recipients.length) return 0;
  return deliverMessage(db, emitter, recipients, message);
}

const HOUR = 3_600_000;

/** Texts are Chinese with the English after a slash (messages are stored once for every reader). */
export function createBusinessMessages(db: Db, emitter: Emitter, now: () => Date = () => new Date()) {
  return {
    /** A delivery exhausted its attempts: told once per customer per 6 hours. */
    async pushesFailing(customer: { id: number; name: string }, error: string | null): Promise<boolean> {
      if (!(await takeAlert(db, `push_failing:${customer.id}`, 6 * HOUR, now()))) return false;
      await tellOperators(db, emitter, '/users', {
        title: `推送持续失败：${customer.name} / Pushes failing: ${customer.name}`,
        message: `用户「${customer.name}」的推送多次重试后仍失败（${error ?? '未知错误'}）。请检查其 Webhook 设置，或在推送数据中立即重试。 / Pushes to customer "${customer.name}" still fail after every retry (${error ?? 'unknown error'}). Check its webhook, or retry from push data.`,
        type: MESSAGE_TYPE.error,
      });
      return true;
    },
    /** A customer submitted feedback: told every time. */
    async newFeedback(customer: { name: string }, title: string): Promise<void> {
      await tellOperators(db, emitter, '/feedback', {
        title: `新反馈：${title} / New feedback: ${title}`,
        message: `用户「${customer.name}」提交了反馈「${title}」，请在反馈页回复。 / Customer "${customer.name}" sent feedback "${title}"; answer it on the feedback page.`,
        type: MESSAGE_TYPE.info,
      });
    },
    /** A phone went offline (told once per offline episode) or came back (ends the episode). */
    async phoneState(phone: { id: number; name: string }, online: boolean): Promise<boolean> {
      const key = `phone_offline:${phone.id}`;
      if (online) {
        await clearAlert(db, key);
        return false;
      }
      if (!(await takeAlert(db, key, 24 * HOUR, now()))) return false;
      await tellOperators(db, emitter, '/phones', {
        title: `手机离线：${phone.name} / Phone offline: ${phone.name}`,
        message: `手机「${phone.name}」已停止心跳，分配给它的任务暂停执行。 / Phone "${phone.name}" stopped sending heartbeats; its tasks are not running.`,
        type: MESSAGE_TYPE.warning,
      });
      return true;
    },
    /** An enabled task found nothing for a day: told once a day per task. */
    async taskIdle(task: { id: number; name: string }): Promise<boolean> {
      if (!(await takeAlert(db, `task_idle:${task.id}`, 24 * HOUR, now()))) return false;
      await tellOperators(db, emitter, '/tasks', {
        title: `任务一天无结果：${task.name} / Task found nothing for a day: ${task.name}`,
        message: `任务「${task.name}」24 小时内没有发现新商品。请检查关键词、价格区间和分配的手机。 / Task "${task.name}" found no new item in 24 hours. Check its keywords, price range and phone.`,
        type: MESSAGE_TYPE.warning,
      });
      return true;
    },
  };
}

export type BusinessMessages = ReturnType<typeof createBusinessMessages>;
