// socket.io on the API's own HTTP server (same port, path /socket.io) — CONTRACT.md, "Messages and the live
// feed". The handshake's `auth.token` must be a valid ACCESS token of an active user (the same check as the
// HTTP API), otherwise the connection fails with the error message `invalid token`. Each socket joins the
// room `user:<id>`, so the emitters below address users, not sockets.
//
// With REDIS_URL set, socket.io's Redis adapter relays every emit to the other server processes sharing that
// Redis, so a user connected to node A receives what node B emits (ARCHITECTURE.md, "Server").
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  INVALID_TOKEN,
  type Item,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '../../src/contract/socket.ts';
import type { Db } from '../db/index.ts';
import { redact } from '../db/index.ts';
import { loadAuthUser } from '../http/auth.ts';
import { issuedBeforeCutoff, verifyJwt } from '../http/jwt.ts';

type ClientToServerEvents = Record<string, never>;
type SocketData = { userId: number };
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeEvent = keyof ServerToClientEvents;
export type EventPayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];

/** What other modules call to push to users; safe to call with nobody connected. */
export type Emitter = {
  emitToUser<E extends RealtimeEvent>(userId: number, event: E, payload: EventPayload<E>): void;
  emitToUsers<E extends RealtimeEvent>(userIds: readonly number[], event: E, payload: EventPayload<E>): void;
  /** Pushes `items` (one item or a list) to these users. */
  emitItems(userIds: readonly number[], items: Item | Item[]): void;
  /** Closes every connection of a user, on any node (e.g. after disabling the account). */
  disconnectUser(userId: number): void;
  /**
   * Whether an emit can reach anyone: a socket connected to this process, or any process when clustered
   * (Redis). Lets a caller skip the query for its recipients when nobody listens.
   */
  listening(): boolean;
};

export type Realtime = Emitter & {
  io: RealtimeServer;
  /** Whether events cross processes through Redis. */
  clustered: boolean;
  /** Disconnects the sockets of this process (before the HTTP server closes). */
  shutdown(): Promise<void>;
  /** Releases the Redis connections (after shutdown). */
  close(): Promise<void>;
};

export type RealtimeOptions = {
  db: Db;
  jwtSecret: string;
  /** redis://… to relay events between processes; empty for a single process. */
  redisUrl?: string;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
};

export const userRoom = (userId: number) => `user:${userId}`;

/** The token from `auth.token`; a leading `JWT `/`Bearer ` scheme word is tolerated. */
export function handshakeToken(auth: unknown): string | null {
  const raw = auth && typeof auth === 'object' ? (auth as { token?: unknown }).token : undefined;
  if (typeof raw !== 'string') return null;
  const token = raw.trim().replace(/^(jwt|bearer)\s+/i, '');
  return token || null;
}

async function connectRedis(url: string, log: RealtimeOptions['log']): Promise<[Redis, Redis]> {
  const clients: Redis[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      let ready = false;
      const client = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
        connectTimeout: 5000,
        // Fail the start at once when Redis is unreachable; once connected, reconnect with back-off.
        retryStrategy: (times) => (ready ? Math.min(times * 200, 5000) : null),
      });
      let lastError = '';
      client.on('error', (error: Error) => {
        // ioredis reconnects by itself; say so once per distinct error rather than on every retry.
        if (error.message !== lastError)
          log?.warn({ err: { message: error.message } }, 'redis adapter error');
        lastError = error.message;
      });
      client.on('ready', () => {
        ready = true;
        lastError = '';
      });
      clients.push(client);
      await client.connect();
    }
    return clients as [Redis, Redis];
  } catch (error) {
    for (const client of clients) client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to Redis (${redact(url)}): ${reason}`);
  }
}

export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const { db, jwtSecret, log } = options;
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, log) : null;

  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Same origin as the SPA (or the Vite proxy); the token travels in `auth`, never in a cookie.
    cors: undefined,
  });
  if (redis) {
    // The adapter publishes without handling failures; during a Redis outage a rejected publish would be an
    // unhandled rejection (fatal in Node). Log it instead: that event is lost for other nodes, nothing more.
    const pub = redis[0];
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) => {
      const sent = publish(...args);
      sent.catch((error: Error) => log?.warn({ err: { message: error.message } }, 'redis publish failed'));
      return sent;
    };
    io.adapter(createAdapter(pub, redis[1], { key: 'xy-admin#socket.io' }));
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake.auth);
    const claims = token ? verifyJwt(token, jwtSecret, 'access') : null;
    if (!claims) {
      next(new Error(INVALID_TOKEN));
      return;
    }
    loadAuthUser(db, claims.user_id).then(
      (user) => {
        if (!user?.is_active || issuedBeforeCutoff(claims.iat, user.tokens_valid_after)) {
          next(new Error(INVALID_TOKEN));
          return;
        }
        socket.data.userId = user.id;
        next();
      },
      (error: unknown) => {
        log?.warn({ err: error }, 'socket authentication failed');
        next(new Error('server error'));
      },
    );
  });

  io.on('connection', (socket) => {
    socket.join(userRoom(socket.data.userId));
  });

  const rooms = (userIds: readonly number[]) => [...new Set(userIds)].map(userRoom);
  const emitToUsers: Emitter['emitToUsers'] = (userIds, event, payload) => {
    const targets = rooms(userIds);
    if (targets.length === 0) return;
    // biome-ignore lint/suspicious/noExplicitAny: the payload type is tied to the event by the signature above.
    (io.to(targets).emit as (event: RealtimeEvent, payload: any) => boolean)(event, payload);
  };

  let down = false;
  return {
    io,
    clustered: redis !== null,
    emitToUser: (userId, event, payload) => emitToUsers([userId], event, payload),
    emitToUsers,
    emitItems: (userIds, items) => emitToUsers(userIds, 'items', items),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    listening: () => redis !== null || io.of('/').sockets.size > 0,
    shutdown: async () => {
      if (down) return;
      down = true;
      io.local.disconnectSockets(true);
      await Promise.resolve(io.of('/').adapter.close()).catch(() => {});
      io.engine.close();
    },
    close: async () => {
      if (!redis) return;
      await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
