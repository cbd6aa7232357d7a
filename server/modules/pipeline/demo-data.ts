// The demo set of the monitoring pipeline, so a newcomer's first look at the business pages is not empty:
// two phones, three tasks, two item filters, a blacklisted seller and two help articles, every row marked with DEMO_MARK in its
// description. Seeded on the first start of a fresh (non-memory) database; `npm run manage -- demo-data`
// seeds it on demand, `npm run manage -- demo-data --remove` clears it (and what the demo feed produced for
// it: items of its tasks, the demo feed's sellers, logs and device data of its phones).
//
// The phones' agent tokens are stored hashed like any other; the plain tokens go to
// `$DATA_DIR/demo-phones.json` (mode 0600, next to secrets.json) so `npm run manage -- demo-feed` on the same
// machine can run the simulated phones without signing in.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { hashToken, newToken } from './tokens.ts';

export const DEMO_MARK = '演示数据';
export const DEMO_SELLER_PREFIX = 'demo-';
export const DEMO_PHONES_FILE = 'demo-phones.json';

export const DEMO_PHONES = [
  { name: '演示手机 1', serial: 'DEMO-001', model: 'Xiaomi 13', account: 'xy_demo_01' },
  { name: '演示手机 2', serial: 'DEMO-002', model: 'Redmi K60', account: 'xy_demo_02' },
] as const;

const DEMO_TASKS = [
  { name: 'iPhone 转卖监控', keywords: ['iPhone', '苹果'], min: 800, max: 9000, phone: 0, interval: 60 },
  { name: '国产旗舰手机', keywords: ['华为', '小米'], min: 1000, max: 7000, phone: 1, interval: 90 },
  { name: '游戏机', keywords: ['Switch', 'PS5'], min: null, max: 4000, phone: 0, interval: 120 },
] as const;

export const DEMO_BLACKLISTED = { seller_id: `${DEMO_SELLER_PREFIX}scalper`, name: '倒卖黄牛' };

/** Help articles for the knowledge base (plain, already-safe HTML). */
const DEMO_ARTICLES = [
  {
    title: '如何接入 Webhook 推送',
    category: '接入',
    tags: ['webhook', '推送'],
    content:
      '<p>在「用户」页为客户填写 <strong>Webhook 地址</strong> 与类型（JSON、钉钉、飞书、企业微信）。</p>' +
      '<p>JSON 推送带 <code>X-Signature</code>：用客户的密钥对时间戳与正文做 HMAC-SHA256，接收方据此验签。</p>',
  },
  {
    title: '手机离线怎么办',
    category: '运维',
    tags: ['手机', '心跳'],
    content:
      '<p>手机超过设定时间没有心跳即显示为离线。请检查网络与电量，确认监控应用仍在前台运行。</p>' +
      '<ul><li>在「设备数据」页查看电量与网络变化</li><li>必要时在「手机」页轮换令牌并重新配置</li></ul>',
  },
];

export type DemoPhoneTokens = Record<string, string>;

/** Whether the demo set is present (any marked phone). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('xy_phone')
    .select('id')
    .where('description', '=', DEMO_MARK)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return Boolean(row);
}

/** Seeds the demo set unless present; writes the phones' tokens to `<dataDir>/demo-phones.json`. */
export async function seedDemoData(db: Db, dataDir: string | null): Promise<DemoPhoneTokens | null> {
  if (await hasDemoData(db)) return null;
  const tokens: DemoPhoneTokens = {};
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('users')
      .select(['id', 'dept_id'])
      .where('username', '=', 'admin')
      .executeTakeFirst();
    const audit = {
      description: DEMO_MARK,
      creator: admin?.id ?? null,
      modifier: admin ? String(admin.id) : null,
      dept_belong_id: admin?.dept_id == null ? null : String(admin.dept_id),
    };
    const phoneIds: number[] = [];
    for (const p of DEMO_PHONES) {
      const token = newToken();
      tokens[p.serial] = token;
      const { id } = await trx
        .insertInto('xy_phone')
        .values({ ...p, token_hash: hashToken(token), ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      phoneIds.push(id);
    }
    const taskIds: number[] = [];
    for (const t of DEMO_TASKS) {
      const { id } = await trx
        .insertInto('xy_task')
        .values({
          name: t.name,
          keywords: JSON.stringify(t.keywords),
          min_price: t.min,
          max_price: t.max,
          interval_s: t.interval,
          phone_id: phoneIds[t.phone]!,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskIds.push(id);
    }
    await trx
      .insertInto('xy_item_filter')
      .values([
        {
          name: '排除配件和手机壳',
          exclude_words: JSON.stringify(['配件', '手机壳', '仅包装盒']),
          ...audit,
        },
        { name: 'iPhone 低价疑似骗子', task_id: taskIds[0]!, min_price: 800, ...audit },
      ])
      .execute();
    await trx
      .insertInto('xy_seller')
      .values({
        ...DEMO_BLACKLISTED,
        blacklisted: true,
        blacklist_reason: '批量翻新机冒充个人自用',
        ...audit,
        dept_belong_id: null,
      })
      .onConflict((oc) =>
        oc
          .column('seller_id')
          .where('is_deleted', '=', false)
          .doUpdateSet({ blacklisted: true, blacklist_reason: '批量翻新机冒充个人自用' }),
      )
      .execute();
    await trx
      .insertInto('xy_knowledge')
      .values(
        DEMO_ARTICLES.map((a) => ({
          ...a,
          tags: JSON.stringify(a.tags),
          content_text: a.content
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          published: true,
          ...audit,
        })),
      )
      .execute();
  });
  if (dataDir) writeDemoTokens(dataDir, tokens);
  return tokens;
}

export function writeDemoTokens(dataDir: string, tokens: DemoPhoneTokens): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DEMO_PHONES_FILE);
  writeFileSync(file, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Removes the demo set and what the demo feed produced for it; answers how many rows of each went. */
export async function removeDemoData(db: Db, dataDir: string | null): Promise<Record<string, number>> {
  const counts = await db.transaction().execute(async (trx) => {
    const run = async (statement: ReturnType<typeof sql>) =>
      Number((await statement.execute(trx)).numAffectedRows ?? 0);
    const phones = sql`(select id from xy_phone where description = ${DEMO_MARK})`;
    const tasks = sql`(select id from xy_task where description = ${DEMO_MARK})`;
    return {
      items: await run(
        sql`delete from items where task_id in ${tasks} or seller_ref in
          (select id from xy_seller where seller_id like ${`${DEMO_SELLER_PREFIX}%`})`,
      ),
      logs: await run(sql`delete from xy_log where task_id in ${tasks} or phone_id in ${phones}`),
      device_data: await run(sql`delete from xy_device_data where phone_id in ${phones}`),
      filters: await run(
        sql`delete from xy_item_filter where description = ${DEMO_MARK} or task_id in ${tasks}`,
      ),
      tasks: await run(sql`delete from xy_task where description = ${DEMO_MARK}`),
      phones: await run(sql`delete from xy_phone where description = ${DEMO_MARK}`),
      sellers: await run(
        sql`delete from xy_seller where description = ${DEMO_MARK} or seller_id like ${`${DEMO_SELLER_PREFIX}%`}`,
      ),
      articles: await run(sql`delete from xy_knowledge where description = ${DEMO_MARK}`),
    };
  });
  if (dataDir) rmSync(join(dataDir, DEMO_PHONES_FILE), { force: true });
  return counts;
}
