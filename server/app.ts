// Builds the Fastify application: database (migrated, seeded when empty), hooks, API modules, static web.
// `buildServer` does not listen — main.ts does, and tests drive it with `inject`. The HTTP server is
// `app.server`, where socket.io attaches (server/realtime/register.ts).
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.ts';
import { createDatabase, type Db } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { createAuthHook } from './http/auth.ts';
import { refuse } from './http/envelope.ts';
import { handleClientError, registerErrorHandling, sendError } from './http/errors.ts';
import { createListRateHook } from './http/list-rate.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerOperationLog } from './http/operation-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createSignatureHook } from './http/signature.ts';
import './http/types.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { registerAdminResources } from './modules/crud/admin.ts';
import { registerDatavRoutes } from './modules/datav/routes.ts';
import { registerDeptRoutes } from './modules/dept/routes.ts';
import { registerDictionaryRoutes } from './modules/dictionary/routes.ts';
import { registerMenuRoutes } from './modules/menu/routes.ts';
import { seedDemoData } from './modules/pipeline/demo-data.ts';
import { createCaptcha } from './modules/session/captcha.ts';
import { registerSessionRoutes } from './modules/session/routes.ts';
import { publicSettings } from './modules/settings/queries.ts';
import { registerTestHooks } from './modules/test-hooks/routes.ts';
import { registerUserRoutes } from './modules/user/routes.ts';
import { registerRealtime } from './realtime/register.ts';
import { type DrawSignIn, registerWeb } from './web.ts';

export type BuildOptions = {
  /** Use this database instead of opening `config.database` (it is still migrated; closed with the app). */
  db?: Db;
  /** Fastify logger option; default: pino at `config.logLevel` on stderr (stdout is kept for the ready line). */
  logger?: FastifyServerOptions['logger'];
  /** Time source of phone presence (tests pass a controlled one); default the system clock. */
  clock?: Clock;
  /** How often this process sweeps for silent phones, ms; 0 = never (tests call app.pipeline.presence.sweep()). */
  sweepIntervalMs?: number;
  /** The sign-in page's renderer; default the build's own, under `config.webDir` (server/web.ts). */
  drawSignIn?: DrawSignIn;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    serverConfig: Config;
    /** Resolves once pending operation-log writes are done (tests, shutdown). */
    flushLogs: () => Promise<void>;
  }
}

/**
 * Note: a Fastify instance is thenable; returning it from an async function awaits `ready()`, so the app
 * comes back fully loaded (routes can no longer be added, the HTTP server can still be attached to).
 */
export async function buildServer(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const db = options.db ?? (await createDatabase(config.database));
  try {
    await migrateToLatest(db);
    // A fresh database also gets the pipeline's demo set (tasks, phones, filters, a blacklisted seller).
    if ((await seedIfEmpty(db)) && config.demoData) await seedDemoData(db, config.dataDir);
    return await assemble(config, db, options);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}

export const createApp = buildServer;

async function assemble(config: Config, db: Db, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, stream: process.stderr },
    // Per-request lines would drown the log; errors and refusals are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // Behind a reverse proxy, request.ip (login log, rate limit, operation log) must be the real client.
    // (A hop count is accepted at run time by Fastify/proxy-addr; its type declarations omit numbers.)
    trustProxy: config.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL (bad percent-encoding) is a client error in the envelope like any other.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: { code: error.code, message: error.message } }, 'framework error');
      return sendError(request, reply, refuse('route.badUrl'));
    },
    // Errors of Node's HTTP parser (a header over 16 KB → 431) answer the envelope too.
    clientErrorHandler: handleClientError,
  });
  app.decorateRequest('user', null);
  app.decorateRequest('outcome', null);

  // nosniff, Referrer-Policy, frame-ancestors and a CSP on every response (/media adds stricter ones).
  registerSecurityHeaders(app, config);
  // The public settings, kept in memory: the settings endpoint and the sign-in page drawn into /login's HTML
  // (with its first captcha).
  const settings = publicSettings(db);
  const spaFallback = await registerWeb(app, ensureDir(config), {
    settings,
    createCaptcha: () => createCaptcha(db),
    ...(options.drawSignIn ? { draw: options.drawSignIn } : {}),
  });
  registerErrorHandling(app, { bodyLimit: config.bodyLimit, spaFallback });
  const operationLog = registerOperationLog(app, db);
  // U+0000 in a query, path parameter or body is a 4000 naming the field on every route (never a 500).
  registerNulGuard(app);

  // Order: signature (cheap, no database) before authentication. Both only touch routes marked `api`.
  if (config.signature === 'require') app.addHook('preHandler', createSignatureHook(config.signSecret));
  app.addHook('preHandler', createAuthHook(db, config.jwtSecret));
  // One user's list/search loop must not starve the rest (a token bucket per user id).
  app.addHook('preHandler', createListRateHook(config.listRateLimit));

  registerSessionRoutes(app, db, config, settings);
  registerUserRoutes(app, db);
  registerMenuRoutes(app, db);
  registerDictionaryRoutes(app, db);
  registerDeptRoutes(app, db);
  registerAdminResources(app, db);
  registerDatavRoutes(app, db);
  // socket.io on app.server + messages, message centre, items, files (server/realtime/register.ts).
  await registerRealtime(app, db, config, {
    clock: options.clock ?? systemClock,
    sweepIntervalMs: options.sweepIntervalMs,
  });
  if (config.testHooks) registerTestHooks(app, db);

  app.addHook('onClose', async () => {
    await operationLog.idle();
    await db.destroy();
  });

  app.decorate('db', db);
  app.decorate('serverConfig', config);
  app.decorate('flushLogs', operationLog.idle);
  return app;
}

function ensureDir(config: Config): Config {
  mkdirSync(config.mediaDir, { recursive: true });
  return config;
}
