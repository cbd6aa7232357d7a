// Issue 14 support pages against the real server: the rows the console's schemas (src/contract/support.ts)
// parse, knowledge search over the body's words, and marking every business message read at once.
import { beforeAll, expect, it } from 'vitest';
import { storeMessages } from '../../server/modules/message/service.ts';
import { pageSchema } from '../../src/contract/envelope.ts';
import {
  businessMessageRowSchema,
  knowledgeRowSchema,
  overviewSchema,
  readAllResultSchema,
  SupportPaths,
} from '../../src/contract/support.ts';
import { describeEachDatabase } from './helpers.ts';

describeEachDatabase('support pages: knowledge, business messages, overview', (server) => {
  const tokens = { superadmin: '', test: '' };
  const ids = { superadmin: 0, test: 0 };
  beforeAll(async () => {
    for (const name of ['superadmin', 'test'] as const) {
      const { access, data } = await server.login(name);
      tokens[name] = access;
      ids[name] = data.userId;
    }
  });

  it('a knowledge article is found by a word only in its body, and its row parses with the page schema', async () => {
    const created = await server.post(
      SupportPaths.knowledge,
      {
        title: '手机掉线怎么办',
        category: '运维',
        tags: '手机,心跳',
        content: '<p>检查 <strong>zebracrossing</strong> 设置</p><script>alert(1)</script>',
        published: true,
      },
      { token: tokens.superadmin },
    );
    expect(created.json.code).toBe(2000);
    const { json } = await server.get(SupportPaths.knowledge, {
      token: tokens.superadmin,
      query: { search: 'zebracrossing' },
    });
    const page = pageSchema(knowledgeRowSchema).parse(json.data);
    expect(page.data.map((r) => r.title)).toEqual(['手机掉线怎么办']);
    expect(page.data[0]?.tags).toEqual(['手机', '心跳']);
    expect(page.data[0]?.content).not.toContain('<script');
  });

  it('mark all read marks only the caller’s unread messages (of the type given) and answers the count', async () => {
    const db = server.app.db;
    await storeMessages(db, [ids.test], { title: '手机离线：A', message: 'a', type: 1 });
    await storeMessages(db, [ids.test], { title: '推送持续失败：B', message: 'b', type: 3 });
    await storeMessages(db, [ids.test, ids.superadmin], { title: '新反馈：C', message: 'c', type: 2 });
    const unread = async (token: string, type?: number) => {
      const { json } = await server.get(SupportPaths.messages, {
        token,
        query: { status: 0, ...(type === undefined ? {} : { type }) },
      });
      return pageSchema(businessMessageRowSchema).parse(json.data);
    };
    expect((await unread(tokens.test, 3)).total).toBe(1);

    const typed = await server.put(SupportPaths.messagesReadAll, { type: 3 }, { token: tokens.test });
    expect(typed.json.code).toBe(2000);
    expect(readAllResultSchema.parse(typed.json.data).count).toBe(1);
    expect((await unread(tokens.test, 3)).total).toBe(0);
    expect((await unread(tokens.test)).total).toBe(2);

    const all = await server.put(SupportPaths.messagesReadAll, {}, { token: tokens.test });
    expect(readAllResultSchema.parse(all.json.data).count).toBe(2);
    expect((await unread(tokens.test)).total).toBe(0);
    expect((await unread(tokens.superadmin)).total).toBeGreaterThanOrEqual(1);
  });

  it('mark all read refuses a type outside 0–3', async () => {
    const { json } = await server.put(SupportPaths.messagesReadAll, { type: 9 }, { token: tokens.test });
    expect(json.code).toBe(4000);
  });

  it('the overview answers the shape the workbench panel parses, to a user holding only the white-list', async () => {
    const { json } = await server.get(SupportPaths.overview, { token: tokens.test });
    expect(json.code).toBe(2000);
    const overview = overviewSchema.parse(json.data);
    expect(overview.items_per_hour).toHaveLength(24);
    expect(overview.pushes.success_rate ?? null).toBeNull();
  });
});
