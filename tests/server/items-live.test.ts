// The /items page's server side (issue 13): a duplicate's updated row is pushed like a stored one (the live
// list updates it in place), the price range filter, the seller's blacklist mark and the Export button.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readXlsx } from '../../server/modules/crud/xlsx.ts';
import { pageSchema } from '../../src/contract/envelope.ts';
import { itemRowSchema } from '../../src/contract/items.ts';
import { describeEachDatabase } from './helpers.ts';
import { connectSocket, listen, nextEvent } from './realtime-support.ts';

const ITEMS = '/xy/items/';
const INGEST_TOKEN = 'ingest-token-for-live-tests-0123456789';
const apiToken = { headers: { authorization: `Token ${INGEST_TOKEN}` } };
let n = 0;
const item = (overrides: Record<string, unknown> = {}) => ({
  title: `实时列表商品 ${++n}`,
  price: 100,
  seller: `卖家${n}`,
  url: `https://example.com/live/${n}`,
  ...overrides,
});

describeEachDatabase(
  'items: live list support',
  (server) => {
    let token = '';
    let socket: Socket | undefined;
    beforeAll(async () => {
      const base = await listen(server.app);
      token = (await server.login('admin')).access;
      socket = await connectSocket(base, token);
    });
    afterAll(() => socket?.close());

    it('the same url posted again pushes the updated row (same id, new price)', async () => {
      const first = item({ price: 1000 });
      const storedPush = nextEvent(socket!, 'items');
      const stored = (await server.post(ITEMS, first, apiToken)).json.data;
      await storedPush;
      const pushed = nextEvent(socket!, 'items');
      const again = (await server.post(ITEMS, { ...first, price: 900 }, apiToken)).json.data;
      expect(again).toMatchObject({ id: stored.id, verdict: 'dropped', reason: 'duplicate', price: 900 });
      expect(await pushed).toMatchObject({ id: stored.id, price: 900, title: first.title });
    });

    it('min_price and max_price bound the list (inclusive); a bound that is not a number matches nothing', async () => {
      const tag = `区间${Date.now()}`;
      for (const price of [10, 20, 30])
        await server.post(ITEMS, item({ title: `${tag} ${price}`, price }), apiToken);
      const prices = async (query: Record<string, string>) =>
        (await server.get(ITEMS, { token, query: { search: tag, limit: 50, ...query } })).json.data.data
          .map((r: { price: number }) => r.price)
          .sort((a: number, b: number) => a - b);
      expect(await prices({ min_price: '20' })).toEqual([20, 30]);
      expect(await prices({ max_price: '20' })).toEqual([10, 20]);
      expect(await prices({ min_price: '15', max_price: '25.5' })).toEqual([20]);
      expect(await prices({ min_price: 'abc' })).toEqual([]);
    });

    it('a row says whether its seller is blacklisted now', async () => {
      const stored = (await server.post(ITEMS, item({ seller_id: `bl-${n}` }), apiToken)).json.data;
      expect(stored.seller_blacklisted).toBe(false);
      const put = await server.put(`/xy/sellers/${stored.seller_ref}/`, { blacklisted: true }, { token });
      expect(put.json.code).toBe(2000);
      expect((await server.get(`${ITEMS}${stored.id}/`, { token })).json.data.seller_blacklisted).toBe(true);
      // the /items page's row schema (src/contract/items.ts) takes the list's rows as the server writes them
      const list = pageSchema(itemRowSchema).parse(
        (await server.get(ITEMS, { token, query: { limit: 100 } })).json.data,
      );
      expect(list.data.find((r) => r.id === stored.id)).toMatchObject({
        seller_blacklisted: true,
        task_name: null,
      });
    });

    it('Export writes the filtered list as .xlsx', async () => {
      const tag = `导出${Date.now()}`;
      await server.post(ITEMS, item({ title: `${tag} 一`, price: 5 }), apiToken);
      await server.post(ITEMS, item({ title: `${tag} 二`, price: 50 }), apiToken);
      const body = { search: tag, min_price: '10' };
      const reply = await server.app.inject({
        method: 'POST',
        url: server.url(`${ITEMS}export/`, {}, body),
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('spreadsheetml');
      const sheet = readXlsx(reply.rawPayload);
      expect(sheet[0]).toContain('标题');
      expect(sheet.slice(1).map((r) => r[0])).toEqual([`${tag} 二`]);
    });
  },
  { ingestToken: INGEST_TOKEN },
);
