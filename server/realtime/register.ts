// Wires the realtime and messaging parts into the app: socket.io on `app.server` (with the Redis adapter when
// REDIS_URL is set), the message, message-centre, items and file routes, and a clean shutdown (sockets are
// closed before the HTTP server, or its close would wait for them). `app.realtime` is the emitter other
// modules and tests use.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { registerFileRoutes } from '../modules/file/routes.ts';
import { registerItemRoutes } from '../modules/items/routes.ts';
import { registerMessageRoutes } from '../modules/message/routes.ts';
import { registerMessageCenterRoutes } from '../modules/message-center/routes.ts';
import { registerPipeline } from '../modules/pipeline/register.ts';
import { registerDelivery } from '../modules/push/service.ts';
import { attachRealtime, type Realtime } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export async function registerRealtime(
  app: FastifyInstance,
  db: Db,
  config: Config,
  pipeline: { clock: Clock; sweepIntervalMs?: number },
): Promise<Realtime> {
  const realtime = await attachRealtime(app.server, {
    db,
    jwtSecret: config.jwtSecret,
    redisUrl: config.redisUrl,
    log: { warn: (obj, msg) => app.log.warn(obj, msg), info: (obj, msg) => app.log.info(obj, msg) },
  });
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    await realtime.shutdown();
  });
  app.addHook('onClose', async () => {
    await realtime.shutdown();
    await realtime.close();
  });

  registerMessageRoutes(app, db);
  registerMessageCenterRoutes(app, db, realtime);
  // The monitoring pipeline (tasks, phones, filters, sellers, logs) and the ingest on /xy/items/.
  const runtime = registerPipeline(app, db, { ...pipeline, emitter: realtime });
  registerItemRoutes(app, db, config, realtime, runtime);
  registerFileRoutes(app, db, config);
  // Delivery and support (issue 14): customers, push outbox and worker, feedback, knowledge, overview.
  registerDelivery(app, db, config, realtime, pipeline.clock);
  return realtime;
}
