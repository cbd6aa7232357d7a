// The webhook settings (xy_setting key `webhook`): how long one attempt may take, how many attempts a
// delivery gets, and the back-off base (attempt n+1 waits base × 2^(n-1), at most an hour). Read by the
// delivery worker at most once a second, so a change reaches every server process within a second.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { field } from '../../http/validate.ts';

export type WebhookSettings = { timeout_ms: number; max_attempts: number; backoff_base_ms: number };

export const WEBHOOK_DEFAULTS: WebhookSettings = {
  timeout_ms: 5000,
  max_attempts: 5,
  backoff_base_ms: 10_000,
};
export const MAX_BACKOFF_MS = 3_600_000;

export const webhookSettingsBody = z.object({
  timeout_ms: field.integer(100, 60_000),
  max_attempts: field.integer(1, 20),
  backoff_base_ms: field.integer(0, MAX_BACKOFF_MS),
});

export const WEBHOOK_LABELS = {
  timeout_ms: { zh: '超时（毫秒）', en: 'Timeout (ms)' },
  max_attempts: { zh: '最大尝试次数', en: 'Maximum attempts' },
  backoff_base_ms: { zh: '退避基数（毫秒）', en: 'Back-off base (ms)' },
};

export async function readWebhookSettings(db: Db): Promise<WebhookSettings> {
  const row = await db
    .selectFrom('xy_setting')
    .select('value')
    .where('key', '=', 'webhook')
    .executeTakeFirst();
  const parsed = webhookSettingsBody.safeParse({ ...WEBHOOK_DEFAULTS, ...((row?.value as object) ?? {}) });
  return parsed.success ? parsed.data : WEBHOOK_DEFAULTS;
}

export async function writeWebhookSettings(db: Db, value: WebhookSettings): Promise<void> {
  await db
    .insertInto('xy_setting')
    .values({ key: 'webhook', value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), update_datetime: sql`now()` }),
    )
    .execute();
}
