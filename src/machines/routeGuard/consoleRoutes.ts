/**
 * The console's own pages: every route the console ships a view for, whoever may open it. The server
 * grants each user a subset (the menus); a path in this list but in none of the user's menus is a page that
 * exists and is refused (403), any other unknown path does not exist (404).
 *
 * The paths of the menu pages the reference server seeds (server/db/seed-data/menus.ts, hidden ones
 * included); a test keeps the two equal, so a page added to the seed cannot be forgotten here. A menu an
 * operator adds later with a new path is known only to the users it is granted to (others get 404).
 */
export const CONSOLE_ROUTES: readonly string[] = [
  // 业务管理
  '/items',
  '/itemFilters',
  '/sellers',
  '/users',
  '/phones',
  '/tasks',
  '/messages',
  '/feedback',
  '/logs',
  '/pushData',
  '/deviceData',
  '/knowledge',
  '/settings',
  // 系统管理
  '/menu',
  '/menuButton',
  '/dept',
  '/role',
  '/user',
  '/messageCenter',
  '/config',
  '/dictionary',
  '/areas',
  '/file',
  '/apiWhiteList',
  '/loginLog',
  '/operationLog',
];
