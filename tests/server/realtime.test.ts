import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueJwt } from '../../server/http/jwt.ts';
import { INVALID_TOKEN, socketMessageSchema } from '../../src/contract/socket.ts';
import { describeEachDatabase, TestServer } from './helpers.ts';
import { collect, connectSocket, listen, nextEvent, pause, refusal } from './realtime-support.ts';

describeEachDatabase('socket.io on the API server', (server) => {
  let base = '';
  let superToken = '';
  let testToken = '';
  let testUserId = 0;
  let superUserId = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    base = await listen(server.app);
    const su = await server.login('superadmin');
    const test = await server.login('test');
    superToken = su.access;
    superUserId = su.data.userId;
    testToken = test.access;
    testUserId = test.data.userId;
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const open = async (token: string) => {
    const socket = await connectSocket(base, token);
    sockets.push(socket);
    return socket;
  };

  it('accepts a handshake with a valid access token (JWT prefix tolerated)', async () => {
    const socket = await open(superToken);
    expect(socket.connected).toBe(true);
    const prefixed = await open(`JWT ${superToken}`);
    expect(prefixed.connected).toBe(true);
  });

  it('works over HTTP long-polling too (the transport before an upgrade), beside the API routes', async () => {
    const socket = await connectSocket(base, superToken, ['polling']);
    sockets.push(socket);
    expect(socket.io.engine.transport.name).toBe('polling');
    const received = nextEvent(socket, 'message');
    server.app.realtime.emitToUser(superUserId, 'message', { message: 'via polling' });
    expect(await received).toEqual({ message: 'via polling' });
    const refused = await connectSocket(base, 'garbage', ['polling']).then(
      () => 'connected',
      (error: Error) => error.message,
    );
    expect(refused).toBe(INVALID_TOKEN);
    // the API still answers on the same port
    const settings = await fetch(`${base}${server.url('/api/init/settings/')}`);
    expect(((await settings.json()) as { code: number }).code).toBe(2000);
  });

  it('refuses garbage, missing, expired and refresh tokens with "invalid token"', async () => {
    const { jwtSecret } = server.config;
    const expired = issueJwt(
      'access',
      superUserId,
      60,
      jwtSecret,
      Math.floor(Date.now() / 1000) - 3600,
    ).token;
    const refresh = (await server.login('superadmin')).refresh;
    const foreign = issueJwt('access', superUserId, 600, 'another-secret-another-secret-1234').token;
    for (const token of ['garbage', undefined, '', 42, expired, refresh, foreign]) {
      expect(await refusal(base, token)).toBe(INVALID_TOKEN);
    }
  });

  it('refuses the token of a disabled user', async () => {
    const { access } = await server.login('admin');
    await server.app.db
      .updateTable('users')
      .set({ is_active: false })
      .where('username', '=', 'admin')
      .execute();
    try {
      expect(await refusal(base, access)).toBe(INVALID_TOKEN);
    } finally {
      await server.app.db
        .updateTable('users')
        .set({ is_active: true })
        .where('username', '=', 'admin')
        .execute();
    }
  });

  it('an event emitted to one user reaches only that user’s sockets', async () => {
    const su = await open(superToken);
    const test = await open(testToken);
    const suMessages = collect(su, 'message');
    const received = nextEvent(test, 'message');
    server.app.realtime.emitToUser(testUserId, 'message', { message: '只给测试人员', type: 'info' });
    expect(socketMessageSchema.parse(await received)).toEqual({ message: '只给测试人员', type: 'info' });
    await pause(200);
    expect(suMessages.events).toEqual([]);
    suMessages.stop();
  });

  it('emitItems reaches every listed user, each socket once', async () => {
    const su = await open(superToken);
    const test = await open(testToken);
    const item = { id: 1, title: '九成新 iPhone 13 128G', price: 2799 };
    const both = [nextEvent(su, 'items'), nextEvent(test, 'items')];
    server.app.realtime.emitItems([superUserId, testUserId, testUserId], item);
    expect(await Promise.all(both)).toEqual([item, item]);
  });

  it('disconnectUser closes every socket of that user', async () => {
    const socket = await open(testToken);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    server.app.realtime.disconnectUser(testUserId);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('socket.io shutdown', () => {
  it('closing the app disconnects connected sockets instead of waiting for them', async () => {
    const server = new TestServer();
    await server.start('pglite');
    try {
      const base = await listen(server.app);
      const socket = await connectSocket(base, (await server.login('test')).access);
      const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      const started = Date.now();
      await server.app.close();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await gone).toMatch(/disconnect|transport close/);
      socket.close();
    } finally {
      await server.stop();
    }
  });
});
