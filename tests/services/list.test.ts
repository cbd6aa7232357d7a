import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi, fetchPage } from '../../src/services/api/index.ts';
import { ApiError } from '../../src/services/http/index.ts';
import { queryOf, reply, setup } from './harness.ts';

const row = z.object({ id: z.number(), name: z.string() });

describe('paginated lists (seed §9: page, limit → page, limit, total, data)', () => {
  it('asks with page and limit and returns the page', async () => {
    const body = {
      code: 2000,
      msg: 'success',
      data: { page: 2, limit: 20, total: 21, data: [{ id: 21, name: 'x' }] },
    };
    const h = setup((c) => reply(c, body));
    const page = await fetchPage(h.http, '/api/system/role/', row, {
      page: 2,
      limit: 20,
      search: '管理',
      status: true,
    });
    expect(page).toEqual(body.data);
    const query = queryOf(h.calls[0]!);
    expect(Object.fromEntries(query)).toEqual({ page: '2', limit: '20', search: '管理', status: '1' });
  });

  it('defaults to page 1, limit 10 and caps limit at 999', async () => {
    const body = { code: 2000, msg: 'success', data: { page: 1, limit: 999, total: 0, data: [] } };
    const h = setup((c) => reply(c, body));
    await fetchPage(h.http, '/api/a/', row);
    await fetchPage(h.http, '/api/a/', row, { limit: 5000, page: 0 });
    expect(h.calls.map((c) => [c.params.page, c.params.limit])).toEqual([
      [1, 10],
      [1, 999],
    ]);
  });

  it('a row that does not match its schema is a parse error, toasted and logged with the issues', async () => {
    const body = { code: 2000, msg: 'success', data: { page: 1, limit: 10, total: 1, data: [{ id: 'x' }] } };
    const h = setup((c) => reply(c, body));
    const error = await fetchPage(h.http, '/api/a/', row).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('parse');
    expect(h.notices).toHaveLength(1);
    expect(h.logs[0]!.meta).toMatchObject({ issues: expect.any(Array) });
  });
});

describe('settings (seed §7: optional aff from local storage)', () => {
  it('asks with aff when one is stored, without it otherwise', async () => {
    const settings = { code: 2000, msg: 'success', data: { 'base.captcha_state': true } };
    const h = setup((c) => reply(c, settings));
    await createApi(h.http, { getAff: () => 'partner-7' }).getSettings();
    await createApi(h.http, { getAff: () => undefined }).getSettings();
    expect(queryOf(h.calls[0]!).get('aff')).toBe('partner-7');
    expect(queryOf(h.calls[1]!).has('aff')).toBe(false);
  });
});
