// Issue 12, item 5: sessions end with what should end them. A password change (own or by an admin), a
// disable or a delete revokes the user's refresh tokens, refuses its earlier access tokens and closes its
// live sockets; with base.single_login on, a new sign-in does that to the older sessions.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueJwt } from '../../server/http/jwt.ts';
import { writeSetting } from '../../server/modules/settings/queries.ts';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { describeEachDatabase } from './helpers.ts';
import { connectSocket, listen, nextEvent } from './realtime-support.ts';

const base = (res: string) => `/api/system/${res}/`;
const REFRESH_REFUSED = { code: 400, data: null, msg: 'error' };

describeEachDatabase('sessions end with the account change (issue 12)', (server) => {
  let url = '';
  let superToken = '';
  beforeAll(async () => {
    url = await listen(server.app);
    superToken = (await server.login('superadmin')).access;
  });
  afterAll(async () => {
    await writeSetting(server.app.db, 'base.single_login', false);
  });

  /** A fresh user (password admin123456), signed in, with a live socket and an access token minted earlier. */
  async function signedIn(username: string) {
    const created = await server.post(
      base('user'),
      { username, name: username, dept: 3 },
      { token: superToken },
    );
    expect(created.json.code).toBe(2000);
    const id = created.json.data.id as number;
    const session = await server.login(username);
    const socket = await connectSocket(url, session.access);
    const earlier = issueJwt(
      'access',
      id,
      3600,
      server.config.jwtSecret,
      Math.floor(Date.now() / 1000) - 5,
    ).token;
    expect((await server.get(Paths.userInfo, { token: earlier })).json.code).toBe(2000);
    return { id, session, socket, earlier, disconnected: nextEvent(socket, 'disconnect', 20_000) };
  }

  /** Socket closed, refresh refused, the earlier access token refused (401 in the envelope, HTTP 200). */
  async function expectEnded(user: Awaited<ReturnType<typeof signedIn>>, reason = 'token_not_valid') {
    expect(await user.disconnected).toBe('io server disconnect');
    expect((await server.post(Paths.tokenRefresh, { refresh: user.session.refresh })).json).toEqual(
      REFRESH_REFUSED,
    );
    const stale = await server.get(Paths.userInfo, { token: user.earlier });
    expect(stale.json).toMatchObject({ code: 401, msg: { code: reason } });
  }

  it('changing one’s own password ends every session of the user; the new password signs in', async () => {
    const user = await signedIn('sess_own');
    const other = await server.login('sess_own');
    const body = {
      oldPassword: md5Hex('admin123456'),
      newPassword: md5Hex('n3w-pass'),
      newPassword2: md5Hex('n3w-pass'),
    };
    expect(
      (await server.put(Paths.changePassword(user.id), body, { token: user.session.access })).json.code,
    ).toBe(2000);
    await expectEnded(user);
    expect((await server.post(Paths.tokenRefresh, { refresh: other.refresh })).json).toEqual(REFRESH_REFUSED);
    const fresh = await server.login('sess_own', 'n3w-pass');
    expect((await server.get(Paths.userInfo, { token: fresh.access })).json.code).toBe(2000);
    const socket = await connectSocket(url, fresh.access);
    socket.close();
  });

  it('an admin resetting a password ends the user’s sessions', async () => {
    const user = await signedIn('sess_reset');
    const reset = await server.put(
      `${base('user')}${user.id}/reset_password/`,
      { newPassword: md5Hex('other-pass') },
      { token: superToken },
    );
    expect(reset.json.code).toBe(2000);
    await expectEnded(user);

    const again = await signedIn('sess_default');
    const toDefault = await server.put(
      `${base('user')}${again.id}/reset_to_default_password/`,
      {},
      { token: superToken },
    );
    expect(toDefault.json.code).toBe(2000);
    await expectEnded(again);
  });

  it('disabling a user ends its sessions', async () => {
    const user = await signedIn('sess_disable');
    const body = { username: 'sess_disable', name: 'sess_disable', dept: 3, is_active: false };
    expect((await server.put(`${base('user')}${user.id}/`, body, { token: superToken })).json.code).toBe(
      2000,
    );
    await expectEnded(user, 'user_not_found');
  });

  it('deleting a user ends its sessions', async () => {
    const user = await signedIn('sess_delete');
    expect(
      (await server.delete(`${base('user')}${user.id}/`, undefined, { token: superToken })).json.code,
    ).toBe(2000);
    expect(await user.disconnected).toBe('io server disconnect');
    expect((await server.post(Paths.tokenRefresh, { refresh: user.session.refresh })).json).toEqual(
      REFRESH_REFUSED,
    );
  });

  it('with base.single_login on, a new sign-in ends the older sessions; off, sessions coexist', async () => {
    const user = await signedIn('sess_single');
    const parallel = await server.login('sess_single');
    expect((await server.post(Paths.tokenRefresh, { refresh: parallel.refresh })).json.code).toBe(2000);
    expect(await writeSetting(server.app.db, 'base.single_login', true)).toBe(true);
    const newest = await server.login('sess_single');
    await expectEnded(user);
    expect((await server.get(Paths.userInfo, { token: newest.access })).json.code).toBe(2000);
    expect((await server.post(Paths.tokenRefresh, { refresh: newest.refresh })).json.code).toBe(2000);
    const socket = await connectSocket(url, newest.access);
    socket.close();
    await writeSetting(server.app.db, 'base.single_login', false);
  });
});
