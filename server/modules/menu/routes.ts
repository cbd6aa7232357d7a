import type { FastifyInstance } from 'fastify';
import { Paths } from '../../../src/contract/paths.ts';
import type { Db } from '../../db/index.ts';
import { listEnvelope } from '../../http/envelope.ts';
import { createWebRouter } from './queries.ts';

export function registerMenuRoutes(app: FastifyInstance, db: Db): void {
  const webRouter = createWebRouter(db);
  app.get(Paths.webRouter, { config: { api: true, module: 'menu' } }, async (request) =>
    listEnvelope(request, await webRouter(request.user!)),
  );
}
