// Issue 16, live permissions: once a change to what users are granted commits, the signed-in users it
// touches hear `permissions` on their sockets (server/modules/role/live.ts) — and nobody else does.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { permissionsChangedSchema } from '../../src/contract/socket.ts';
import { describeEachDatabase } from './helpers.ts';
import { collect, connectSocket, listen, nextEvent, pause } from './realtime-support.ts';

async function idOf(db: Db, table: 'menu' | 'role' | 'users', column: string, value: string) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return row.id as number;
}

describeEachDatabase('live permissions', (server) => {
  let superToken = '';
  let adminSocket: Socket;
  let testSocket: Socket;
  let publicRole = 0;
  let adminRole = 0;
  beforeAll(async () => {
    const base = await listen(server.app);
    superToken = (await server.login('superadmin')).access;
    adminSocket = await connectSocket(base, (await server.login('admin')).access);
    testSocket = await connectSocket(base, (await server.login('test')).access);
    publicRole = await idOf(server.app.db, 'role', 'key', 'public');
    adminRole = await idOf(server.app.db, 'role', 'key', 'admin');
  });
  afterAll(() => {
    adminSocket?.close();
    testSocket?.close();
  });
  const auth = () => ({ token: superToken });
  /** Undoes a change and waits for its own announcement, so the next test hears only its own. */
  const restored = async (socket: Socket, undo: () => Promise<{ json: { code: number } }>) => {
    const heard = nextEvent(socket, 'permissions');
    expect((await undo()).json.code).toBe(2000);
    await heard;
  };

  it('saving a role’s menus tells the users holding that role, not the others', async () => {
    const original = (await server.get(`/api/system/role/${publicRole}/`, auth())).json.data;
    const roleMenu = await idOf(server.app.db, 'menu', 'web_path', '/role');
    const adminHeard = collect(adminSocket, 'permissions');
    const heard = nextEvent(testSocket, 'permissions');
    const put = (menu: number[]) =>
      server.put(`/api/system/role/${publicRole}/`, { ...original, menu }, auth());
    expect((await put([...original.menu, roleMenu])).json.code).toBe(2000);
    try {
      expect(permissionsChangedSchema.parse(await heard)).toEqual({ roles: [publicRole] });
      await pause(200);
      expect(adminHeard.events).toEqual([]);
    } finally {
      adminHeard.stop();
      await restored(testSocket, () => put(original.menu));
    }
  });

  it('replacing a user’s roles tells that user only', async () => {
    const testId = await idOf(server.app.db, 'users', 'username', 'test');
    const original = (await server.get(`/api/system/user/${testId}/`, auth())).json.data;
    const adminHeard = collect(adminSocket, 'permissions');
    const heard = nextEvent(testSocket, 'permissions');
    const put = (role: number[]) => server.put(`/api/system/user/${testId}/`, { ...original, role }, auth());
    expect((await put([publicRole, adminRole])).json.code).toBe(2000);
    try {
      expect(await heard).toEqual({ roles: [adminRole, publicRole].sort((a, b) => a - b) });
      await pause(200);
      expect(adminHeard.events).toEqual([]);
    } finally {
      adminHeard.stop();
      await restored(testSocket, () => put(original.role));
    }
  });

  it('changing a menu button tells the holders of a role granting its menu', async () => {
    // Only the admin role grants /role: the test user (public role) must not hear it.
    const roleMenu = await idOf(server.app.db, 'menu', 'web_path', '/role');
    const button = await server.app.db
      .selectFrom('menu_button')
      .selectAll()
      .where('menu_id', '=', roleMenu)
      .where('value', '=', 'Create')
      .executeTakeFirstOrThrow();
    const testHeard = collect(testSocket, 'permissions');
    const heard = nextEvent(adminSocket, 'permissions');
    const put = (name: string) =>
      server.put(
        `/api/system/menu_button/${button.id}/`,
        { menu: roleMenu, name, value: button.value, api: button.api, method: button.method },
        auth(),
      );
    expect((await put('新增角色')).json.code).toBe(2000);
    try {
      expect((await heard).roles).toContain(adminRole);
      await pause(200);
      expect(testHeard.events).toEqual([]);
    } finally {
      testHeard.stop();
      await restored(adminSocket, () => put(button.name));
    }
  });
});
