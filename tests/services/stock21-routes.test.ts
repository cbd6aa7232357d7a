import { describe, expect, it } from 'vitest';
import { exportFile, stock21Route, withRouteFallback } from '../../src/services/api/export.ts';
import { reply, replyFixture, setup, urlOf } from './harness.ts';

/** Issue 18: stock dvadmin 2.1 names the export/import routes `export_data/` and `import_data/`. */
const blob = (config: Parameters<typeof reply>[0]) => ({
  data: new Blob(['xlsx']),
  status: 200,
  statusText: 'OK',
  headers: {
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment;filename=%E7%94%A8%E6%88%B7.xlsx',
  },
  config,
});
const asked = (calls: { method?: string; url?: string }[]) =>
  calls.map((c) => `${c.method?.toUpperCase()} ${urlOf(c as never).pathname}`);

describe('export and import against stock 2.1 (export_data/, import_data/) and the contract (export/, import/)', () => {
  it('maps the contract routes to the 2.1 names', () => {
    expect(stock21Route('/api/system/user/export/')).toBe('/api/system/user/export_data/');
    expect(stock21Route('/api/system/user/import/')).toBe('/api/system/user/import_data/');
  });

  it('a backend without POST export/ (接口地址不正确) exports through GET export_data/, quietly, and remembers it', async () => {
    const h = setup((c) =>
      urlOf(c).pathname.endsWith('/export_data/')
        ? blob(c)
        : reply(c, { code: 400, msg: '接口地址不正确', data: null }),
    );
    const url = '/api/system/user/export/';
    const file = await exportFile(h.http, { url, params: { name: 'a' } });
    expect(file.fileName).toBe('用户.xlsx');
    expect(asked(h.calls)).toEqual(['POST /api/system/user/export/', 'GET /api/system/user/export_data/']);
    expect(urlOf(h.calls[1] as never).searchParams.get('name')).toBe('a');
    expect(h.notices).toEqual([]);
    await exportFile(h.http, { url });
    expect(asked(h.calls).slice(2)).toEqual(['GET /api/system/user/export_data/']);
  });

  it('the contract route is used when it answers (reference server): one request', async () => {
    const h = setup((c) => blob(c));
    await exportFile(h.http, { url: '/api/system/role/export/' });
    expect(asked(h.calls)).toEqual(['POST /api/system/role/export/']);
  });

  it('any other failure (no permission) is not retried elsewhere and is shown', async () => {
    const h = setup((c) => reply(c, { code: 4000, msg: '您没有执行该操作的权限。', data: null }));
    await expect(exportFile(h.http, { url: '/api/system/dept/export/' })).rejects.toMatchObject({
      code: 4000,
    });
    expect(h.calls).toHaveLength(1);
    expect(h.notices.map((n) => n.message)).toEqual([expect.stringContaining('没有执行该操作的权限')]);
  });

  it('import: a method the route does not allow (方法 “POST” 不被允许) moves on to import_data/', async () => {
    const h = setup((c) =>
      urlOf(c).pathname.endsWith('/import_data/')
        ? reply(c, { code: 2000, msg: '导入成功', data: null })
        : reply(c, { code: 4000, msg: '方法 “POST” 不被允许。', data: null }),
    );
    const url = '/api/system/user/import/';
    const env = await withRouteFallback(
      [
        { url, method: 'POST' },
        { url: stock21Route(url), method: 'POST' },
      ],
      (route, quiet) => h.http.request({ ...route, data: {}, ...(quiet === undefined ? {} : { quiet }) }),
    );
    expect(env.msg).toBe('导入成功');
    expect(asked(h.calls)).toEqual(['POST /api/system/user/import/', 'POST /api/system/user/import_data/']);
    expect(h.notices).toEqual([]);
  });
});

describe('start-up departments on stock (the list answers the roots only)', () => {
  it('names the announced children from all_dept/ (the pages show names, not ids)', async () => {
    const h = setup((c) =>
      replyFixture(c, urlOf(c).pathname.endsWith('/all_dept/') ? 'dept_all_dept' : 'dept_list'),
    );
    const depts = await h.api.getDepartments();
    expect(depts.list).toHaveLength(1);
    expect(depts.names).toEqual({ 1: 'DVAdmin团队', 3: '技术部', 2: '运营部' });
    expect(asked(h.calls)).toEqual(['GET /api/system/dept/', 'GET /api/system/dept/all_dept/']);
  });

  it('all_dept/ refused: the start-up still has its list, quietly', async () => {
    const h = setup((c) =>
      urlOf(c).pathname.endsWith('/all_dept/')
        ? reply(c, {
            code: 4000,
            msg: '您没有执行该操作的权限。 (GET: /api/system/dept/all_dept/)',
            data: null,
          })
        : replyFixture(c, 'dept_list'),
    );
    const depts = await h.api.getDepartments();
    expect(depts.names).toEqual({ 1: 'DVAdmin团队' });
    expect(h.notices).toEqual([]);
  });

  it('a complete list (reference server) asks nothing more', async () => {
    const h = setup((c) =>
      reply(c, {
        code: 2000,
        msg: 'ok',
        data: {
          page: 1,
          limit: 999,
          total: 2,
          data: [
            { id: 1, name: 'root', parent: null, has_children: 1 },
            { id: 2, name: 'child', parent: 1, has_children: 0 },
          ],
        },
      }),
    );
    await h.api.getDepartments();
    expect(h.calls).toHaveLength(1);
  });
});
