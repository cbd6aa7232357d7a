// First-run messages and items: a welcome message in the message centre (already read, so the first sign-in
// is not greeted by a sticky notification) and a handful of listings so the items page and the workbench
// counts are not empty on a fresh install. `npm run manage -- demo-feed` adds a live stream on top.
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Trx = Transaction<Database>;

export const SAMPLE_ITEMS: {
  title: string;
  price: number;
  seller: string;
  keywords: string[];
  minutesAgo: number;
}[] = [
  {
    title: '九成新 iPhone 13 128G 午夜色 国行',
    price: 2799,
    seller: '数码小王',
    keywords: ['iPhone', '苹果'],
    minutesAgo: 5,
  },
  {
    title: '自用 MacBook Air M1 8+256 电池循环 120 次',
    price: 3650,
    seller: '程序员阿杰',
    keywords: ['MacBook', '苹果'],
    minutesAgo: 18,
  },
  {
    title: '索尼 WH-1000XM4 降噪耳机 黑色 配件齐全',
    price: 980,
    seller: '耳机发烧友',
    keywords: ['索尼', '耳机'],
    minutesAgo: 42,
  },
  {
    title: '任天堂 Switch OLED 白色 带两个游戏卡带',
    price: 1699,
    seller: '游戏宅',
    keywords: ['Switch', '任天堂'],
    minutesAgo: 75,
  },
  {
    title: '佳能 EOS R6 单机身 快门 8000 次',
    price: 9800,
    seller: '摄影老李',
    keywords: ['佳能', '相机'],
    minutesAgo: 130,
  },
  {
    title: '戴森 V10 无线吸尘器 九五新',
    price: 1350,
    seller: '搬家清仓',
    keywords: ['戴森', '吸尘器'],
    minutesAgo: 200,
  },
];

export async function seedMessages(trx: Trx, senderId: number): Promise<void> {
  const users = await trx.selectFrom('users').select(['id']).where('is_deleted', '=', false).execute();
  const { id: centerId } = await trx
    .insertInto('message_center')
    .values({
      title: '欢迎使用管理控制台',
      content: '<p>消息中心的消息会实时推送给接收人，并出现在右上角的消息提醒中。</p>',
      target_type: 3,
      creator: senderId,
      modifier: String(senderId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (users.length) {
    await trx
      .insertInto('xy_message')
      .values(
        users.map((u) => ({
          user_id: u.id,
          center_id: centerId,
          title: '欢迎使用管理控制台',
          message: '消息中心的消息会实时推送给接收人，并出现在右上角的消息提醒中。',
          type: 2,
          status: 1,
          read_datetime: new Date(),
          creator: senderId,
          modifier: String(senderId),
        })),
      )
      .execute();
  }
  const now = Date.now();
  await trx
    .insertInto('items')
    .values(
      SAMPLE_ITEMS.map((item, i) => ({
        title: item.title,
        price: item.price,
        seller: item.seller,
        url: `https://example.com/item/${1000 + i}`,
        keywords: JSON.stringify(item.keywords),
        time: new Date(now - item.minutesAgo * 60_000),
      })),
    )
    .execute();
}
