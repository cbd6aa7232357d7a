// The console's pipeline row schemas (src/contract/pipeline.ts) against this server's own answers: each list
// of tasks, phones, device data, item filters, sellers and logs — filled by a phone's heartbeat and an
// ingest batch — parses, so none of the pipeline pages fails its first load. And the pages' field labels are
// the server's, so a refusal "<label>:<message>" lands on its field in either language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_LABELS } from '../../server/modules/item-filters/routes.ts';
import { PHONE_LABELS } from '../../server/modules/phones/routes.ts';
import { SELLER_LABELS } from '../../server/modules/sellers/routes.ts';
import { TASK_LABELS } from '../../server/modules/tasks/routes.ts';
import {
  filterVerdictSchema,
  Pipeline,
  type PipelineName,
  rotatedTokenSchema,
} from '../../src/contract/pipeline.ts';
import en from '../../src/services/i18n/locales/en/pipeline.json' with { type: 'json' };
import zh from '../../src/services/i18n/locales/zh-CN/pipeline.json' with { type: 'json' };
import { TestServer } from './helpers.ts';

describe('pipeline rows from the reference server', () => {
  const server = new TestServer();
  let token = '';
  let taskId = 0;
  beforeAll(async () => {
    await server.start('pglite');
    token = (await server.login('admin')).access;
    const phone = (
      await server.post('/xy/phones/', { name: '一号机', serial: 'SN-ROWS', model: 'Pixel' }, { token })
    ).json.data;
    const agent = { headers: { authorization: `Token ${phone.token}` } };
    await server.post(
      '/xy/phones/heartbeat/',
      { serial: 'SN-ROWS', battery: 80, network: 'wifi', app_version: '1.2' },
      agent,
    );
    const task = (
      await server.post(
        '/xy/tasks/',
        { name: '相机', keywords: ['相机'], min_price: 10, phone: phone.id },
        { token },
      )
    ).json.data;
    taskId = task.id;
    await server.post(
      '/xy/item_filters/',
      { name: '配件', exclude_words: ['配件'], task: task.id },
      { token },
    );
    await server.post(
      '/xy/sellers/',
      { seller_id: 'bad-1', blacklisted: true, blacklist_reason: '骗子' },
      { token },
    );
    await server.get('/xy/phones/tasks/', agent);
    await server.post(
      '/xy/items/',
      [
        { title: '相机 A', price: 100, seller: '张三', url: 'https://m.example/1', task: task.id },
        { title: '相机配件', price: 20, seller: '李四', url: 'https://m.example/2', task: task.id },
      ],
      agent,
    );
  });
  afterAll(() => server.stop());

  const names = Object.keys(Pipeline) as PipelineName[];

  it.each(names)('every %s row parses with its schema, and the list is not empty', async (name) => {
    const { path, row } = Pipeline[name];
    const { json } = await server.get(path, { token, query: { limit: 100 } });
    expect(json.code, path).toBe(2000);
    const rows = json.data.data as unknown[];
    expect(rows.length, path).toBeGreaterThan(0);
    for (const item of rows) {
      const parsed = row.safeParse(item);
      expect(parsed.error?.issues ?? [], `${name}: ${JSON.stringify(item).slice(0, 200)}`).toEqual([]);
    }
  });

  it('the create answer carries the token once, rotate answers a new one; the dry run answers a verdict', async () => {
    const created = await server.post('/xy/phones/', { name: '二号机', serial: 'SN-ROWS-2' }, { token });
    expect(Pipeline.phone.row.parse(created.json.data).token).toEqual(expect.any(String));
    const rotated = await server.post(`/xy/phones/${created.json.data.id}/rotate_token/`, {}, { token });
    expect(rotatedTokenSchema.parse(rotated.json.data).token).not.toBe(created.json.data.token);
    const verdict = await server.post(
      '/xy/item_filters/test/',
      { title: '相机配件', seller: '王五', task: taskId },
      { token },
    );
    expect(filterVerdictSchema.parse(verdict.json.data)).toMatchObject({
      verdict: 'filter',
      rule: 'exclude_words',
    });
  });

  it('the pages label each field as the server names it in a refusal (zh-CN and en)', () => {
    const pairs: [
      Record<string, string>,
      Record<string, string>,
      Record<string, { zh: string; en: string }>,
    ][] = [
      [zh.task, en.task, TASK_LABELS],
      [zh.phone, en.phone, PHONE_LABELS],
      [zh.itemFilter, en.itemFilter, FILTER_LABELS],
      [zh.seller, en.seller, SELLER_LABELS],
    ];
    for (const [zhPage, enPage, labels] of pairs) {
      for (const field of [
        'name',
        'keywords',
        'min_price',
        'max_price',
        'interval_s',
        'phone',
        'serial',
        'exclude_words',
        'seller_id',
        'blacklist_reason',
      ]) {
        const label = labels[field];
        if (!label || !(field in zhPage)) continue;
        expect([zhPage[field], enPage[field]], field).toEqual([label.zh, label.en]);
      }
    }
  });
});
