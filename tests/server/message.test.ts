import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageSchema } from '../../src/contract/envelope.ts';
import { messageSchema, socketNotificationSchema } from '../../src/contract/socket.ts';
import { describeEachDatabase } from './helpers.ts';
import { collect, connectSocket, listen, nextEvent, pause } from './realtime-support.ts';

const CENTER = '/api/system/message_center/';
const GET_MESSAGE = '/xy/message/get_message/';
const read = (id: number | string) => `/xy/message/${id}/read/`;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describeEachDatabase('messages and the message centre', (server) => {
  let base = '';
  const tokens = { superadmin: '', admin: '', test: '' };
  const ids = { superadmin: 0, admin: 0, test: 0 };
  const sockets: Socket[] = [];
  let publicRole = 0;
  beforeAll(async () => {
    base = await listen(server.app);
    for (const name of ['superadmin', 'admin', 'test'] as const) {
      const { access, data } = await server.login(name);
      tokens[name] = access;
      ids[name] = data.userId;
    }
    const role = await server.app.db
      .selectFrom('role')
      .select('id')
      .where('key', '=', 'public')
      .executeTakeFirstOrThrow();
    publicRole = role.id;
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const open = async (token: string) => {
    const socket = await connectSocket(base, token);
    sockets.push(socket);
    return socket;
  };
  const poll = async (token: string, query: Record<string, string | number> = {}) => {
    const { json } = await server.get(GET_MESSAGE, { token, query });
    expect(json.code).toBe(2000);
    return pageSchema(messageSchema).parse(json.data);
  };

  it('a message sent to a role reaches that role’s users by socket at once and appears in their poll', async () => {
    const testSocket = await open(tokens.test);
    const adminSocket = await open(tokens.admin);
    const adminNotes = collect(adminSocket, 'notification');
    const pushed = nextEvent(testSocket, 'notification');
    const { json } = await server.post(
      CENTER,
      {
        title: '系统维护通知',
        content: '<p>今晚 <b>22:00</b> 系统维护</p>',
        target_type: 1,
        target_role: [publicRole],
      },
      { token: tokens.superadmin },
    );
    expect(json).toMatchObject({ code: 2000, msg: '新增成功' });
    expect(json.data).toMatchObject({
      title: '系统维护通知',
      content: '<p>今晚 <b>22:00</b> 系统维护</p>',
      target_type: 1,
      target_role: [publicRole],
      target_user: [ids.test],
      creator: ids.superadmin,
      creator_name: '超级管理员',
    });
    expect(json.data.create_datetime).toMatch(DATETIME);
    expect(socketNotificationSchema.parse(await pushed)).toEqual({
      title: '系统维护通知',
      message: '今晚 22:00 系统维护',
      type: 'info',
      position: 'top-right',
      duration: 5000,
    });
    await pause(200);
    expect(adminNotes.events).toEqual([]);
    adminNotes.stop();

    const unread = await poll(tokens.test, { status: 0, limit: 1, page: 1 });
    expect(unread.data[0]).toMatchObject({
      title: '系统维护通知',
      message: '今晚 22:00 系统维护',
      type: 2,
      status: 0,
    });
    expect(unread.data[0]!.create_datetime).toMatch(DATETIME);
    expect((await poll(tokens.admin, { status: 0 })).data.map((m) => m.title)).not.toContain('系统维护通知');
  });

  it('marking read sets status 1 and the message leaves the status=0 poll; only the owner may mark it', async () => {
    await server.post(
      CENTER,
      { title: '待读消息', content: '请阅读', target_type: 0, target_user: [ids.test] },
      { token: tokens.superadmin },
    );
    const before = await poll(tokens.test, { status: 0, limit: 999 });
    const message = before.data.find((m) => m.title === '待读消息')!;
    expect(message.status).toBe(0);

    const stranger = await server.put(
      read(message.id),
      { id: message.id, status: 1 },
      { token: tokens.admin },
    );
    expect(stranger.json).toEqual({ code: 4000, data: null, msg: '只能标记自己的消息' });
    expect((await poll(tokens.test, { status: 0, limit: 999 })).data.map((m) => m.id)).toContain(message.id);

    const { json } = await server.put(
      read(message.id),
      { id: message.id, status: 1 },
      { token: tokens.test },
    );
    expect(json).toMatchObject({ code: 2000, data: { id: message.id, status: 1 } });
    const after = await poll(tokens.test, { status: 0, limit: 999 });
    expect(after.data.map((m) => m.id)).not.toContain(message.id);
    expect(after.total).toBe(before.total - 1);
    const readOnes = await poll(tokens.test, { status: 1, limit: 999 });
    expect(readOnes.data.find((m) => m.id === message.id)?.status).toBe(1);
  });

  it('marking an unknown message is a 400 with a clear message; a bad status is a labelled 4000', async () => {
    expect((await server.put(read(999999), { id: 999999, status: 1 }, { token: tokens.test })).json).toEqual({
      code: 400,
      data: null,
      msg: '消息不存在',
    });
    const en = await server.put(
      read(999999),
      { status: 1 },
      { token: tokens.test, headers: { 'accept-language': 'en' } },
    );
    expect(en.json.msg).toBe('Message not found');
    const { data } = await poll(tokens.test, { limit: 1 });
    const bad = await server.put(read(data[0]!.id), { status: 7 }, { token: tokens.test });
    expect(bad.json).toMatchObject({ code: 4000, msg: '状态:“7” 不是合法选项。' });
    const mismatch = await server.put(
      read(data[0]!.id),
      { id: data[0]!.id + 1, status: 1 },
      { token: tokens.test },
    );
    expect(mismatch.json.code).toBe(4000);
  });

  it('get_message lists only the caller’s messages, newest first, paginated', async () => {
    await server.post(
      CENTER,
      { title: '第一条', content: 'a', target_type: 0, target_user: [ids.admin] },
      { token: tokens.superadmin },
    );
    await server.post(
      CENTER,
      { title: '第二条', content: 'b', target_type: 0, target_user: [ids.admin] },
      { token: tokens.superadmin },
    );
    const page = await poll(tokens.admin, { limit: 2, page: 1 });
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.data.map((m) => m.title)).toEqual(['第二条', '第一条']);
    const ids_ = page.data.map((m) => m.id);
    expect(ids_[0]).toBeGreaterThan(ids_[1]!);
    // test never sees admin's messages
    expect((await poll(tokens.test, { limit: 999 })).data.map((m) => m.title)).not.toContain('第一条');
    // no token: refused like every API call
    expect((await server.get(GET_MESSAGE)).json.code).toBe(4000);
  });

  it('get_self_receive lists received messages with is_read; reading one in the centre marks it read', async () => {
    const created = await server.post(
      CENTER,
      { title: '部门通知', content: '<p>技术部周会</p>', target_type: 2, target_dept: [1] },
      { token: tokens.superadmin },
    );
    // dept 1 is the root: sub-departments' users (test is in 技术部) are included
    expect(created.json.data.target_user).toEqual(
      expect.arrayContaining([ids.superadmin, ids.admin, ids.test]),
    );
    expect(created.json.data.target_dept).toEqual([1]);
    const id = created.json.data.id;
    const received = await server.get(`${CENTER}get_self_receive/`, {
      token: tokens.test,
      query: { limit: 999 },
    });
    const row = received.json.data.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      title: '部门通知',
      is_read: false,
      target_type: 2,
      content: '<p>技术部周会</p>',
    });
    const unreadBefore = (await server.get(`${CENTER}get_unread_msg/`, { token: tokens.test })).json.data
      .count;
    expect(unreadBefore).toBeGreaterThan(0);

    const detail = await server.get(`${CENTER}${id}/`, { token: tokens.test });
    expect(detail.json).toMatchObject({ code: 2000, data: { id, is_read: true } });
    const again = await server.get(`${CENTER}get_self_receive/`, {
      token: tokens.test,
      query: { is_read: 0, limit: 999 },
    });
    expect(again.json.data.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await server.get(`${CENTER}get_unread_msg/`, { token: tokens.test })).json.data).toEqual({
      count: unreadBefore - 1,
    });
    const newest = await server.get(`${CENTER}get_newest_msg/`, { token: tokens.test });
    expect(newest.json.data).toMatchObject({ id, is_read: true });
  });

  it('the list shows the messages I sent; others cannot read or delete them', async () => {
    const created = await server.post(
      CENTER,
      { title: '仅管理员', content: 'x', target_type: 0, target_user: [ids.admin] },
      { token: tokens.superadmin },
    );
    const id = created.json.data.id;
    const mine = await server.get(CENTER, { token: tokens.superadmin, query: { limit: 999 } });
    expect(mine.json.data.data.map((r: { id: number }) => r.id)).toContain(id);
    const adminList = await server.get(CENTER, { token: tokens.admin, query: { limit: 999 } });
    expect(adminList.json.data.data).toEqual([]);
    // without the message centre's buttons the list is refused, as for every system resource
    expect((await server.get(CENTER, { token: tokens.test })).json).toMatchObject({ code: 4000 });
    expect((await server.get(`${CENTER}${id}/`, { token: tokens.test })).json.code).toBe(400);
    expect((await server.delete(`${CENTER}${id}/`, undefined, { token: tokens.admin })).json.code).toBe(4000);
    expect(
      (await server.delete(`${CENTER}${id}/`, undefined, { token: tokens.superadmin })).json,
    ).toMatchObject({
      code: 2000,
      msg: '删除成功',
    });
    expect((await poll(tokens.admin, { limit: 999 })).data.map((m) => m.title)).not.toContain('仅管理员');
  });

  it('the sender may edit title and content (recipients’ copies follow); others may not', async () => {
    const created = await server.post(
      CENTER,
      { title: '初稿', content: '<p>旧内容</p>', target_type: 0, target_user: [ids.admin] },
      { token: tokens.superadmin },
    );
    const id = created.json.data.id;
    const body = { ...created.json.data, title: '修订稿', content: '<p>新内容</p>' };
    const denied = await server.put(`${CENTER}${id}/`, body, { token: tokens.admin });
    expect(denied.json.code).toBe(4000);
    const { json } = await server.put(`${CENTER}${id}/`, body, { token: tokens.superadmin });
    expect(json).toMatchObject({
      code: 2000,
      msg: '更新成功',
      data: { title: '修订稿', target_user: [ids.admin] },
    });
    const copy = (await poll(tokens.admin, { limit: 999 })).data.find((m) => m.title === '修订稿');
    expect(copy?.message).toBe('新内容');
    const blank = await server.put(`${CENTER}${id}/`, { ...body, title: '' }, { token: tokens.superadmin });
    expect(blank.json).toMatchObject({ code: 4000, msg: '标题:该字段不能为空。' });
  });

  it('a message to everyone reaches every active user', async () => {
    const sockets3 = await Promise.all([open(tokens.superadmin), open(tokens.admin), open(tokens.test)]);
    const pushed = sockets3.map((s) => nextEvent(s, 'notification'));
    const { json } = await server.post(
      CENTER,
      { title: '全员通知', content: '大家好', target_type: 3, type: 1 },
      { token: tokens.superadmin },
    );
    expect(json.code).toBe(2000);
    for (const note of await Promise.all(pushed))
      expect(note).toMatchObject({ title: '全员通知', type: 'warning' });
  });

  it('bad input is refused with dvadmin-style labelled messages', async () => {
    const post = (body: unknown) =>
      server.post(CENTER, body, { token: tokens.superadmin }).then((r) => r.json);
    expect(await post({ content: 'x', target_type: 3 })).toMatchObject({
      code: 4000,
      msg: '标题:该字段是必填项。',
    });
    expect(await post({ title: 't', content: 'x', target_type: 9 })).toMatchObject({
      code: 4000,
      msg: '目标类型:“9” 不是合法选项。',
    });
    expect(await post({ title: 't', content: 'x', target_type: 0, target_user: [] })).toMatchObject({
      code: 4000,
      msg: '目标用户:列表不能为空。',
    });
    expect(await post({ title: 't', content: 'x', target_type: 1, target_role: [9999] })).toMatchObject({
      code: 4000,
      msg: '目标角色:无效主键 “9999” － 对象不存在。',
    });
  });
});
