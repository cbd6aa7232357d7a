import { beforeAll, expect, it } from 'vitest';
import { deptNodeSchema, deptSchema } from '../../src/contract/dept.ts';
import { pageSchema } from '../../src/contract/envelope.ts';
import { Paths } from '../../src/contract/paths.ts';
import { describeEachDatabase } from './helpers.ts';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describeEachDatabase('departments', (server) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('superadmin')).access;
  });
  const auth = () => ({ token });

  it('the list is paginated, ordered by sort, rows shaped like dvadmin’s', async () => {
    const { json } = await server.get(Paths.dept, { ...auth(), query: { limit: 999, status: 1 } });
    expect(json).toMatchObject({ code: 2000, msg: 'success' });
    const page = pageSchema(deptSchema).parse(json.data);
    expect(page).toMatchObject({ page: 1, limit: 999, total: 3 });
    expect(page.data.map((d) => d.name)).toEqual(['DVAdmin团队', '技术部', '运营部']);
    const root = json.data.data[0];
    expect(root).toMatchObject({
      id: 1,
      parent: null,
      parent_name: null,
      key: 'dvadmin',
      status: true,
      status_label: '启用',
      has_children: 2,
      hasChild: true,
      dept_belong_id: '1',
    });
    expect(root.create_datetime).toMatch(DATETIME);
    expect(Object.keys(root)).toEqual(
      expect.arrayContaining([
        'description',
        'creator',
        'creator_name',
        'modifier',
        'modifier_name',
        'update_datetime',
      ]),
    );
  });

  it('limit is capped at 999 and pages slice the list', async () => {
    const capped = await server.get(Paths.dept, { ...auth(), query: { limit: 5000 } });
    expect(capped.json.data.limit).toBe(999);
    const second = await server.get(Paths.dept, { ...auth(), query: { limit: 1, page: 2 } });
    expect(second.json.data).toMatchObject({ page: 2, limit: 1, total: 3, is_next: true, is_previous: true });
    expect(second.json.data.data).toHaveLength(1);
  });

  it('filters by parent, search and name, and orders by a field', async () => {
    const children = await server.get(Paths.dept, { ...auth(), query: { parent: 1 } });
    expect(children.json.data.data.map((d: { name: string }) => d.name)).toEqual(['技术部', '运营部']);
    const search = await server.get(Paths.dept, { ...auth(), query: { search: 'techno' } });
    expect(search.json.data.data.map((d: { name: string }) => d.name)).toEqual(['技术部']);
    const byName = await server.get(Paths.dept, { ...auth(), query: { name: '运营' } });
    expect(byName.json.data.total).toBe(1);
    const ordered = await server.get(Paths.dept, { ...auth(), query: { ordering: '-id' } });
    const ids = ordered.json.data.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('lazy=1&parent=<id> answers that level unpaginated, with parent_name and has_children', async () => {
    const { json } = await server.get(Paths.dept, { ...auth(), query: { lazy: 1, parent: 1 } });
    expect(json.data).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(json.data.data[0]).toMatchObject({
      name: '技术部',
      parent_name: 'DVAdmin团队',
      has_children: 0,
      hasChild: false,
    });
    const roots = await server.get(Paths.dept, { ...auth(), query: { lazy: 1 } });
    expect(roots.json.data.data.map((d: { id: number }) => d.id)).toEqual([1]);
  });

  it('all_dept and dept_lazy_tree answer {id, name, parent} ordered by sort', async () => {
    for (const path of [Paths.deptAll, Paths.deptLazyTree]) {
      const { json } = await server.get(path, {
        ...auth(),
        query: path === Paths.deptLazyTree ? { parent: '' } : {},
      });
      expect(json.code).toBe(2000);
      expect(json.msg).toBe('获取成功');
      const rows = json.data.map((r: unknown) => deptNodeSchema.parse(r));
      expect(rows.slice(0, 3)).toEqual([
        { id: 1, name: 'DVAdmin团队', parent: null },
        { id: 3, name: '技术部', parent: 1 },
        { id: 2, name: '运营部', parent: 1 },
      ]);
    }
  });

  it('create answers 新增成功 with the new row; the dept belongs to itself', async () => {
    const body = {
      name: 'conformance-dept',
      key: 'conf_dept',
      sort: 9,
      owner: 'tester',
      phone: '123',
      email: 'a@b.cn',
      status: true,
      parent: 1,
    };
    const { json } = await server.post(Paths.dept, body, auth());
    expect(json).toMatchObject({ code: 2000, msg: '新增成功' });
    expect(json.data).toMatchObject({
      ...body,
      creator: 1,
      creator_name: '超级管理员',
      modifier: '1',
      modifier_name: '超级管理员',
      dept_belong_id: String(json.data.id),
      description: null,
    });
    expect(json.data.update_datetime).toMatch(DATETIME);
  });

  it('create validation: missing name, duplicate key, bad email, unknown parent', async () => {
    expect((await server.post(Paths.dept, { key: 'k1' }, auth())).json).toEqual({
      code: 4000,
      data: null,
      msg: '部门名称:该字段是必填项。',
    });
    expect((await server.post(Paths.dept, { name: 'dup', key: 'dvadmin' }, auth())).json).toEqual({
      code: 4000,
      data: null,
      msg: '关联字符:具有 关联字符 的 部门表 已存在。',
    });
    expect((await server.post(Paths.dept, { name: 'mail', email: 'not-an-email' }, auth())).json).toEqual({
      code: 4000,
      data: null,
      msg: '邮箱:请输入合法的邮件地址。',
    });
    expect((await server.post(Paths.dept, { name: 'orphan', parent: 999 }, auth())).json.msg).toBe(
      '上级部门:无效主键 “999” － 对象不存在。',
    );
    expect((await server.post(Paths.dept, { name: '   ' }, auth())).json.msg).toBe(
      '部门名称:该字段不能为空。',
    );
    expect((await server.post(Paths.dept, { name: 'x'.repeat(65) }, auth())).json.msg).toBe(
      '部门名称:请确保这个字段不能超过 64 个字符。',
    );
  });

  it('retrieve answers 获取成功; an unknown or deleted id answers 400 接口地址不正确', async () => {
    const { json } = await server.get(Paths.deptItem(1), auth());
    expect(json).toMatchObject({
      code: 2000,
      msg: '获取成功',
      data: { id: 1, name: 'DVAdmin团队', has_children: expect.any(Number) },
    });
    expect((await server.get(Paths.deptItem(9999), auth())).json).toEqual({
      code: 400,
      data: null,
      msg: '接口地址不正确',
    });
    expect((await server.get(Paths.deptItem('abc'), auth())).json.code).toBe(400);
  });

  it('update (PUT, full body) answers 更新成功 and the updated row', async () => {
    const created = await server.post(Paths.dept, { name: 'to-update', key: 'upd', parent: 1 }, auth());
    const id = created.json.data.id;
    const { json } = await server.put(
      Paths.deptItem(id),
      { name: 'renamed', key: 'upd', sort: 10, status: false, parent: 1 },
      auth(),
    );
    expect(json).toMatchObject({
      code: 2000,
      msg: '更新成功',
      data: { id, name: 'renamed', sort: 10, status: false, status_label: '禁用' },
    });
    expect((await server.put(Paths.deptItem(id), { key: 'upd' }, auth())).json.msg).toBe(
      '部门名称:该字段是必填项。',
    );
    expect((await server.put(Paths.deptItem(id), { name: 'x', key: 'dvadmin' }, auth())).json.msg).toBe(
      '关联字符:具有 关联字符 的 部门表 已存在。',
    );
    expect((await server.put(Paths.deptItem(9999), { name: 'x' }, auth())).json.msg).toBe('接口地址不正确');
  });

  it('a dept cannot be moved under itself or its descendants', async () => {
    const parent = (await server.post(Paths.dept, { name: 'cycle-parent', parent: 1 }, auth())).json.data.id;
    const child = (await server.post(Paths.dept, { name: 'cycle-child', parent }, auth())).json.data.id;
    expect(
      (await server.put(Paths.deptItem(parent), { name: 'cycle-parent', parent: child }, auth())).json.msg,
    ).toBe('上级部门:上级部门不能是自己或自己的下级部门');
    expect(
      (await server.put(Paths.deptItem(parent), { name: 'cycle-parent', parent }, auth())).json.code,
    ).toBe(4000);
  });

  it('delete is soft: 删除成功, gone from lists, row kept, key free again', async () => {
    const id = (await server.post(Paths.dept, { name: 'to-delete', key: 'del_me' }, auth())).json.data.id;
    expect((await server.delete(Paths.deptItem(id), { id }, auth())).json).toEqual({
      code: 2000,
      data: [],
      msg: '删除成功',
    });
    expect((await server.get(Paths.deptItem(id), auth())).json.code).toBe(400);
    const row = await server.app.db
      .selectFrom('dept')
      .select('is_deleted')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ is_deleted: true });
    expect((await server.post(Paths.dept, { name: 'again', key: 'del_me' }, auth())).json.code).toBe(2000);
  });

  it('a dept with sub-departments is not deleted', async () => {
    const { json } = await server.delete(Paths.deptItem(1), undefined, auth());
    expect(json).toEqual({ code: 4000, data: null, msg: '该部门下存在子部门，无法删除' });
  });

  it('multiple_delete removes the listed depts; without keys it answers 400', async () => {
    const a = (await server.post(Paths.dept, { name: 'multi-a' }, auth())).json.data.id;
    const b = (await server.post(Paths.dept, { name: 'multi-b', parent: a }, auth())).json.data.id;
    const { json } = await server.delete(Paths.deptMultipleDelete, { keys: [a, b] }, auth());
    expect(json).toMatchObject({ code: 2000, msg: '删除成功' });
    expect((await server.get(Paths.deptItem(a), auth())).json.code).toBe(400);
    expect((await server.delete(Paths.deptMultipleDelete, {}, auth())).json).toEqual({
      code: 400,
      data: null,
      msg: '未获取到keys字段',
    });
  });

  it('writes are refused without a token', async () => {
    expect((await server.post(Paths.dept, { name: 'x' })).json.msg).toBe('身份认证信息未提供。');
  });
});
