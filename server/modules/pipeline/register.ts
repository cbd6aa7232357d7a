// Wires the monitoring pipeline into the app (docs/domain.md): the compiled rules, phone presence (and its
// sweep timer, stopped on close), and the /xy/ resources tasks, phones (+ agent API), device data, item
// filters (+ dry run), sellers and logs. Items (the ingest) are registered by server/realtime/register.ts
// with this runtime. `app.pipeline` exposes the runtime to tests and tools (sweep on a controlled clock).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Emitter } from '../../realtime/index.ts';
import { registerDeviceDataRoutes } from '../device-data/routes.ts';
import { registerItemFilterRoutes } from '../item-filters/routes.ts';
import { registerLogRoutes } from '../logs/routes.ts';
import { registerPhoneRoutes } from '../phones/routes.ts';
import { registerSellerRoutes } from '../sellers/routes.ts';
import { registerTaskRoutes } from '../tasks/routes.ts';
import { Presence } from './presence.ts';
import { Rules } from './rules.ts';
import type { PipelineRuntime } from './runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: PipelineRuntime;
  }
}

export type PipelineOptions = { clock: Clock; emitter: Emitter; sweepIntervalMs?: number };

export function registerPipeline(app: FastifyInstance, db: Db, options: PipelineOptions): PipelineRuntime {
  const presence = new Presence(db, options.clock, options.emitter, app.log);
  const runtime: PipelineRuntime = { rules: new Rules(db), presence, clock: options.clock };
  app.decorate('pipeline', runtime);

  registerTaskRoutes(app, db);
  registerPhoneRoutes(app, db, runtime);
  registerDeviceDataRoutes(app, db);
  registerItemFilterRoutes(app, db, runtime);
  registerSellerRoutes(app, db);
  registerLogRoutes(app, db);

  if (options.sweepIntervalMs !== 0) presence.start(options.sweepIntervalMs);
  app.addHook('preClose', async () => presence.stop());
  return runtime;
}
