// Issue 12, items 7 and 10: a department that still has users is not deleted (the refusal says how many);
// a 100 KB Authorization header answers the envelope with HTTP 431; login throttling cannot be used to lock
// an account from one address; multiple_delete says how many rows it really deleted.
import { request as httpRequest } from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import { Paths } from '../../src/contract/paths.ts';
import { describeEachDatabase, type TestServer } from './helpers.ts';
import { listen } from './realtime-support.ts';

const base = (res: string) => `/api/system/${res}/`;

/** A real HTTP request (inject bypasses Node's header parser). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function deleteButton(server: TestServer, path: string): Promise<number> {
  const row = await server.app.db
    .selectFrom('menu_button as b')
    .innerJoin('menu as m', 'm.id', 'b.menu_id')
    .select('b.id')
    .where('m.web_path', '=', path)
    .where('b.value', '=', 'Delete')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('limits and refusals (issue 12)', (server) => {
  let superToken = '';
  const asSuper = () => ({ token: superToken });
  beforeAll(async () => {
    superToken = (await server.login('superadmin')).access;
  });

  it('a department that still has users is not deleted, and the refusal says how many', async () => {
    const dept = (await server.post(Paths.dept, { name: '有人部' }, asSuper())).json.data.id;
    const users: number[] = [];
    for (const username of ['dept_u1', 'dept_u2'])
      users.push(
        (await server.post(base('user'), { username, name: username, dept }, asSuper())).json.data.id,
      );
    expect((await server.delete(Paths.deptItem(dept), undefined, asSuper())).json).toEqual({
      code: 4000,
      data: null,
      msg: '该部门下还有 2 名用户，无法删除',
    });
    const en = await server.delete(Paths.deptItem(dept), undefined, {
      ...asSuper(),
      headers: { 'accept-language': 'en' },
    });
    expect(en.json.msg).toBe('This department still has 2 user(s) and cannot be deleted');
    expect((await server.delete(Paths.deptMultipleDelete, { keys: [dept] }, asSuper())).json.msg).toBe(
      '该部门下还有 2 名用户，无法删除',
    );
    await server.delete(`${base('user')}multiple_delete/`, { keys: users }, asSuper());
    expect((await server.delete(Paths.deptItem(dept), undefined, asSuper())).json.code).toBe(2000);
  });

  it('a 100 KB Authorization header answers the envelope with HTTP 431', async () => {
    const url = await listen(server.app);
    const reply = await rawGet(`${url}${Paths.userInfo}`, { authorization: `JWT ${'a'.repeat(100 * 1024)}` });
    expect(reply.status).toBe(431);
    expect(reply.type).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body)).toEqual({ code: 4000, data: null, msg: '请求头过大' });
    // The server keeps serving.
    expect((await rawGet(`${url}/app-config.js`, {})).status).toBe(200);
  });

  it('failures from one address cannot lock an account; only many failures from anywhere do', async () => {
    for (let i = 0; i < 12; i++) await server.loginReply('superadmin', `wrong-${i}`, '10.9.0.1');
    expect((await server.loginReply('superadmin', 'admin123456', '10.9.0.1')).json.msg).toMatch(
      /^登录失败次数过多/,
    );
    expect((await server.loginReply('superadmin', 'admin123456', '10.9.0.2')).json.code).toBe(2000);
    // 99 failures of `admin` spread over many addresses (recorded directly), then one more: the account locks.
    await server.app.db
      .insertInto('login_log')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          username: 'admin',
          ip: `10.8.${Math.floor(i / 9)}.${i % 9}`,
          status: false,
          failure_reason: 'bad_credentials',
        })),
      )
      .execute();
    expect((await server.loginReply('admin', 'admin123456', '10.7.0.1')).json.code).toBe(2000);
    expect((await server.loginReply('admin', 'wrong', '10.7.0.2')).json.code).toBe(401);
    expect((await server.loginReply('admin', 'admin123456', '10.7.0.3')).json.msg).toMatch(
      /^登录失败次数过多/,
    );
  });

  it('multiple_delete says how many rows it deleted and refuses when none was in scope', async () => {
    const test = await server.login('test');
    const asTest = { token: test.access };
    const role = (await server.get(`${base('role')}2/`, asSuper())).json.data;
    const permission = [...role.permission, await deleteButton(server, '/dept')];
    expect((await server.put(`${base('role')}2/`, { ...role, permission }, asSuper())).json.code).toBe(2000);
    const inside = (await server.post(Paths.dept, { name: '技术内', parent: 3 }, asSuper())).json.data.id;
    const outside = (await server.post(Paths.dept, { name: '运营内', parent: 2 }, asSuper())).json.data.id;
    const partial = await server.delete(Paths.deptMultipleDelete, { keys: [inside, outside] }, asTest);
    expect(partial.json).toMatchObject({
      code: 2000,
      msg: '删除成功 (1)，其余 1 条不存在或不在您的数据权限范围内',
    });
    expect((await server.get(Paths.deptItem(outside), asSuper())).json.code).toBe(2000);
    expect((await server.delete(Paths.deptMultipleDelete, { keys: [outside] }, asTest)).json).toEqual({
      code: 4000,
      data: null,
      msg: '未删除任何数据：所选 1 条不存在或不在您的数据权限范围内',
    });
    const en = await server.delete(
      Paths.deptMultipleDelete,
      { keys: [outside, 999_999] },
      { ...asTest, headers: { 'accept-language': 'en' } },
    );
    expect(en.json.msg).toBe(
      'Nothing was deleted: the 2 selected do not exist or are outside your data scope',
    );
    await server.put(`${base('role')}2/`, role, asSuper());
  });
});
