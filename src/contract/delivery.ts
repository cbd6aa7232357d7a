/**
 * Delivery and support (issue 14, docs/domain.md): paths and tolerant row schemas of the customers, the push
 * attempts, the settings (webhook, marketplace accounts, blacklisted sellers) and the feedback. Rows keep
 * every other field (loose objects); nullable fields are `.nullish()` so an older server never fails a page.
 */
import { z } from 'zod';
import { row } from './rows.ts';

export const WEBHOOK_TYPES = ['json', 'dingtalk', 'feishu', 'wecom'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const PUSH_STATUSES = ['pending', 'success', 'failed'] as const;
export const ACCOUNT_STATES = ['ok', 'expired', 'banned'] as const;
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;

export const customerRowSchema = row({
  name: z.string().nullish(),
  contact: z.string().nullish(),
  remark: z.string().nullish(),
  enabled: z.boolean().nullish(),
  /** `YYYY-MM-DD`: pushes on that day, none after it. */
  expire_date: z.string().nullish(),
  tasks: z.array(z.number()).nullish(),
  webhook_url: z.string().nullish(),
  webhook_type: z.string().nullish(),
  webhook_secret: z.string().nullish(),
  /** The full key only in the create / rotate answers; a masked hint (`xyk_AbCd…`) otherwise. */
  api_key: z.string().nullish(),
  pushes: z.number().nullish(),
  last_push_at: z.string().nullish(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const pushRowSchema = row({
  delivery_id: z.string().nullish(),
  customer: z.number().nullish(),
  customer_name: z.string().nullish(),
  item: z.number().nullish(),
  item_title: z.string().nullish(),
  task: z.number().nullish(),
  task_name: z.string().nullish(),
  event: z.string().nullish(),
  attempt: z.number().nullish(),
  status: z.string().nullish(),
  http_status: z.number().nullish(),
  latency_ms: z.number().nullish(),
  error: z.string().nullish(),
  response: z.string().nullish(),
  next_retry_at: z.string().nullish(),
});

export const accountRowSchema = row({
  name: z.string().nullish(),
  login: z.string().nullish(),
  state: z.string().nullish(),
  phone: z.number().nullish(),
  phone_name: z.string().nullish(),
  remark: z.string().nullish(),
});

/** The fields of a seller the blacklist tab uses (the pipeline's /xy/sellers/). */
export const blacklistRowSchema = row({
  seller_id: z.string().nullish(),
  name: z.string().nullish(),
  items_count: z.number().nullish(),
  last_seen: z.string().nullish(),
  blacklisted: z.boolean().nullish(),
  blacklist_reason: z.string().nullish(),
});

export const feedbackRowSchema = row({
  customer: z.number().nullish(),
  customer_name: z.string().nullish(),
  title: z.string().nullish(),
  content: z.string().nullish(),
  status: z.string().nullish(),
  reply: z.string().nullish(),
  replied_at: z.string().nullish(),
});

export const webhookSettingsSchema = z.looseObject({
  timeout_ms: z.number(),
  max_attempts: z.number(),
  backoff_base_ms: z.number(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** `POST /xy/settings/webhook/test/`: what the receiver answered (or why nothing came back). */
export const webhookTestResultSchema = z.looseObject({
  ok: z.boolean().nullish(),
  status: z.number().nullish(),
  latency_ms: z.number().nullish(),
  body: z.string().nullish(),
  error: z.string().nullish(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** A list of tasks / phones / customers as select options. */
export const DeliveryPaths = {
  customers: '/xy/users/',
  rotate: (customerId: number | string) => `/xy/users/${customerId}/rotate/`,
  pushData: '/xy/push_data/',
  retry: (pushId: number | string) => `/xy/push_data/${pushId}/retry/`,
  webhookSettings: '/xy/settings/webhook/',
  webhookTest: '/xy/settings/webhook/test/',
  accounts: '/xy/settings/accounts/',
  sellers: '/xy/sellers/',
  feedback: '/xy/feedback/',
  feedbackSubmit: '/xy/feedback/submit/',
  tasks: '/xy/tasks/',
  phones: '/xy/phones/',
} as const;
