// What users are granted, kept in memory per database (issue 15): each user's enabled roles, the API white
// list per method, and the button APIs a set of roles holds per method — the inputs of web_router and of the
// API permission check, which would otherwise cost one to three queries on every request. All of it is
// dropped when a trigger reports a change to a menu, button, role, role grant, user role or white-list entry
// (the `grants` topic, migration 0009, server/db/changes.ts). The checks themselves still run on every
// request; only their inputs are kept. A transaction handle has no change feed: through it everything is read.
import { ChangeCache } from '../db/change-cache.ts';
import { changeFeedOf } from '../db/changes.ts';
import type { Db } from '../db/index.ts';

export type WhiteListEntry = { url: string; enable_datasource: boolean };

export type Granted = {
  /** The ids of the user's enabled, live roles, ascending. */
  roleIds(userId: number): Promise<readonly number[]>;
  /** The live white-list entries for a method code (0 GET … 4 PATCH). */
  whiteList(method: number): Promise<readonly WhiteListEntry[]>;
  /** The API patterns of the live buttons these roles hold for a method code. */
  buttonApis(roleIds: readonly number[], method: number): Promise<readonly string[]>;
};

const byDb = new WeakMap<Db, Granted>();

/** The grants of this database's users, one cache per database handle. */
export function grantedOf(db: Db): Granted {
  let granted = byDb.get(db);
  if (!granted) {
    granted = createGranted(db);
    byDb.set(db, granted);
  }
  return granted;
}

function createGranted(db: Db): Granted {
  const feed = changeFeedOf(db);
  const roles = new ChangeCache<number[]>(feed, { grants: 'all' });
  const white = new ChangeCache<WhiteListEntry[]>(feed, { grants: 'all' });
  const buttons = new ChangeCache<string[]>(feed, { grants: 'all' }, { max: 5_000 });
  return {
    roleIds: (userId) =>
      roles.get(String(userId), async () => {
        const rows = await db
          .selectFrom('user_role as ur')
          .innerJoin('role as r', 'r.id', 'ur.role_id')
          .select('r.id')
          .where('ur.user_id', '=', userId)
          .where('r.status', '=', true)
          .where('r.is_deleted', '=', false)
          .orderBy('r.id')
          .execute();
        return [...new Set(rows.map((r) => r.id))];
      }),
    whiteList: (method) =>
      white.get(String(method), () =>
        db
          .selectFrom('api_white_list')
          .select(['url', 'enable_datasource'])
          .where('method', '=', method)
          .where('is_deleted', '=', false)
          .execute(),
      ),
    buttonApis: (roleIds, method) => {
      if (roleIds.length === 0) return Promise.resolve([]);
      return buttons.get(`${roleIds.join(',')}:${method}`, async () => {
        const rows = await db
          .selectFrom('role_menu_button as rb')
          .innerJoin('menu_button as b', 'b.id', 'rb.menu_button_id')
          .select('b.api')
          .distinct()
          .where('rb.role_id', 'in', roleIds)
          .where('b.is_deleted', '=', false)
          .where('b.method', '=', method)
          .execute();
        return rows.map((r) => r.api);
      });
    },
  };
}
