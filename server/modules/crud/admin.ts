// The system-administration resources on the CRUD kit (dept registers itself from its own module).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { registerApiWhiteListRoutes } from '../api-white-list/routes.ts';
import { registerAreaRoutes } from '../area/routes.ts';
import { registerDictionaryAdminRoutes } from '../dictionary-admin/routes.ts';
import { registerLoginLogRoutes } from '../login-log/routes.ts';
import { registerMenuAdminRoutes } from '../menu-admin/routes.ts';
import { registerMenuButtonRoutes } from '../menu-button/routes.ts';
import { registerOperationLogRoutes } from '../operation-log/routes.ts';
import { registerRoleRoutes } from '../role/routes.ts';
import { registerSystemConfigRoutes } from '../system-config/routes.ts';
import { registerUserAdminRoutes } from '../user-admin/routes.ts';

export function registerAdminResources(app: FastifyInstance, db: Db): void {
  registerMenuAdminRoutes(app, db);
  registerMenuButtonRoutes(app, db);
  registerRoleRoutes(app, db);
  registerUserAdminRoutes(app, db);
  registerDictionaryAdminRoutes(app, db);
  registerAreaRoutes(app, db);
  registerApiWhiteListRoutes(app, db);
  registerSystemConfigRoutes(app, db);
  registerLoginLogRoutes(app, db);
  registerOperationLogRoutes(app, db);
}
