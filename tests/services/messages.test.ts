import { describe, expect, it } from 'vitest';
import { getUnreadMessages, markMessageRead } from '../../src/services/api/messages.ts';
import { ApiError, isMissingEndpoint } from '../../src/services/http/index.ts';
import { bodyOf, hangUntilAborted, networkError, queryOf, reply, setup, urlOf } from './harness.ts';

const row = {
  id: 7,
  title: '审批提醒',
  message: '有一条待审批的申请',
  type: 1,
  status: 0,
  create_datetime: '2026-11-21 08:00:00',
};
const page = { code: 2000, msg: 'success', data: { page: 1, limit: 1, total: 3, data: [row] } };

describe('message API (CONTRACT.md "Messages and the live feed")', () => {
  it('asks for one unread message: GET /xy/message/get_message/?limit=1&page=1&status=0', async () => {
    const h = setup((c) => reply(c, page));
    await expect(getUnreadMessages(h.http)).resolves.toEqual([row]);
    const call = h.calls[0]!;
    expect(call.method).toBe('get');
    expect(urlOf(call).pathname).toBe('/xy/message/get_message/');
    expect(Object.fromEntries(queryOf(call))).toEqual({ limit: '1', page: '1', status: '0' });
  });

  it('no unread message is an empty list; a bare list is accepted too', async () => {
    const empty = { code: 2000, msg: 'success', data: { page: 1, limit: 1, total: 0, data: [] } };
    const h = setup((c, i) => reply(c, i === 0 ? empty : { code: 2000, msg: 'ok', data: [row] }));
    await expect(getUnreadMessages(h.http)).resolves.toEqual([]);
    await expect(getUnreadMessages(h.http)).resolves.toEqual([row]);
  });

  it('marking read is PUT /xy/message/{id}/read/ with {id, status: 1}', async () => {
    const h = setup((c) => reply(c, { code: 2000, msg: '更新成功', data: null }));
    await markMessageRead(h.http, 7);
    const call = h.calls[0]!;
    expect(call.method).toBe('put');
    expect(urlOf(call).pathname).toBe('/xy/message/7/read/');
    expect(bodyOf(call)).toEqual({ id: 7, status: 1 });
  });

  it('failures are quiet: no toast, no log line from the http layer, still a rejection', async () => {
    const h = setup((c, i) =>
      i < 2 ? Promise.reject(networkError(c)) : reply(c, { code: 4000, msg: '您没有执行该操作的权限。' }),
    );
    const network = await getUnreadMessages(h.http).catch((e: unknown) => e);
    expect(network).toBeInstanceOf(ApiError);
    expect((network as ApiError).kind).toBe('network');
    await expect(markMessageRead(h.http, 7)).rejects.toMatchObject({ kind: 'body', code: 4000 });
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it.each([
    [
      'HTTP 404',
      (c: Parameters<typeof reply>[0]) => reply(c, 'Not Found', 404, { 'content-type': 'text/html' }),
    ],
    [
      'body code 404',
      (c: Parameters<typeof reply>[0]) => reply(c, { code: 404, msg: 'Not found', data: null }),
    ],
    [
      "stock dvadmin's 接口地址不正确",
      (c: Parameters<typeof reply>[0]) => reply(c, { code: 400, msg: '接口地址不正确', data: null }),
    ],
  ])('a backend without the route (%s) rejects with a missing-endpoint error, quietly', async (_, answer) => {
    const h = setup(answer);
    const error = await getUnreadMessages(h.http).catch((e: unknown) => e);
    expect(isMissingEndpoint(error)).toBe(true);
    expect(h.notices).toEqual([]);
    expect(h.logs).toEqual([]);
  });

  it('the signal cancels the request', async () => {
    const h = setup((c) => hangUntilAborted(c));
    const controller = new AbortController();
    const pending = getUnreadMessages(h.http, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
