// Several server processes: socket.io's Redis adapter relays events, so a user connected to server A
// receives what server B emits. Needs Redis at 127.0.0.1:6379 (REDIS_URL / TEST_REDIS_URL); skipped otherwise.
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import { TestServer, testConfig } from './helpers.ts';
import { connectSocket, listen } from './realtime-support.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
  });
}

const redisUp = await redisReachable(REDIS_URL);
if (!redisUp) console.warn(`Redis is not reachable at ${REDIS_URL}: the Redis adapter tests are skipped.`);

/** Resolves with the first `event` payload matching `match`. */
// biome-ignore lint/suspicious/noExplicitAny: payloads are checked by the tests.
function eventMatching(socket: Socket, event: string, match: (payload: any) => boolean, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no matching "${event}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const handler = (payload: unknown) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

describe.skipIf(!redisUp)('socket.io across two servers through Redis', () => {
  const a = new TestServer();
  const b = new TestServer();
  const sockets: Socket[] = [];
  const ingestToken = `ingest-${randomBytes(12).toString('hex')}`;
  let baseA = '';
  let baseB = '';
  beforeAll(async () => {
    // Same secrets, separate databases seeded alike (same user ids): two nodes of one deployment.
    const shared = { redisUrl: REDIS_URL, ingestToken, jwtSecret: randomBytes(32).toString('hex') };
    await a.start('pglite', shared);
    await b.start('pglite', { ...shared, signSecret: a.config.signSecret });
    baseA = await listen(a.app);
    baseB = await listen(b.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a.stop();
    await b.stop();
  });

  it('both servers use the Redis adapter', () => {
    expect(a.app.realtime.clustered).toBe(true);
    expect(b.app.realtime.clustered).toBe(true);
    expect(baseA).not.toBe(baseB);
  });

  it('a client on server A receives an event emitted on server B', async () => {
    const { access, data } = await a.login('test');
    const socket = await connectSocket(baseA, access);
    sockets.push(socket);
    const nonce = randomBytes(8).toString('hex');
    const received = eventMatching(socket, 'message', (p) => p?.message === nonce);
    b.app.realtime.emitToUser(data.userId, 'message', { message: nonce, type: 'success' });
    expect(await received).toEqual({ message: nonce, type: 'success' });
  });

  it('an item posted to server B is pushed to a viewer connected to server A', async () => {
    const { access } = await a.login('superadmin');
    const socket = await connectSocket(baseA, access);
    sockets.push(socket);
    const title = `跨节点商品 ${randomBytes(4).toString('hex')}`;
    const received = eventMatching(socket, 'items', (p) => p?.title === title);
    const { json } = await b.post(
      '/xy/items/',
      { title, price: 100 },
      { headers: { authorization: `Token ${ingestToken}` } },
    );
    expect(json.code).toBe(2000);
    expect(await received).toMatchObject({ title, price: 100 });
  });
});

describe.skipIf(!redisUp)('a Redis outage after start', () => {
  it('an emit while Redis is gone is logged, not an unhandled rejection that kills the process', async () => {
    const server = new TestServer();
    const warnings: string[] = [];
    await server.start('pglite', { redisUrl: REDIS_URL });
    try {
      const adapter = server.app.realtime.io.of('/').adapter as unknown as {
        pubClient: { disconnect: () => void; publish: (...args: unknown[]) => Promise<unknown> };
      };
      adapter.pubClient.disconnect();
      const failed = adapter.pubClient.publish('xy-admin-test', 'x').catch((error: Error) => {
        warnings.push(error.message);
      });
      // The adapter's own publish fails the same way; unguarded, vitest reports it as an unhandled rejection.
      server.app.realtime.emitToUser(1, 'message', { message: 'lost' });
      await failed;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warnings.length).toBe(1);
    } finally {
      await server.stop();
    }
  });
});

describe('REDIS_URL pointing nowhere', () => {
  it('stops the start with a clear message', async () => {
    const config = testConfig({ redisUrl: 'redis://127.0.0.1:1' });
    await expect(buildServer(config, { logger: false })).rejects.toThrow(
      /cannot connect to Redis \(redis:\/\/127\.0\.0\.1:1\)/,
    );
  });
});
