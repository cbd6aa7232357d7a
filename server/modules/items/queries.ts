// Items reads, and who may see the live feed: superusers and the active users one of whose enabled roles
// holds the items menu (/items) — the same users the menu shows the items page to.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AuthUser } from '../../http/types.ts';
import { formatDateTime } from '../../lib/time.ts';

export const ITEMS_MENU_PATH = '/items';
export const ITEMS_API = '/xy/items/';

const roleHasMenu = (db: Db, webPath: string) =>
  db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select('ur.user_id')
    .where('r.status', '=', true)
    .where('r.is_deleted', '=', false)
    .where('m.status', '=', true)
    .where('m.is_deleted', '=', false)
    .where('m.web_path', '=', webPath);

/** Ids of the active users allowed to see items (the recipients of the `items` event). */
export async function itemViewerIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.is_deleted', '=', false)
    .where('u.is_active', '=', true)
    .where((eb) =>
      eb.or([eb('u.is_superuser', '=', true), eb('u.id', 'in', roleHasMenu(db, ITEMS_MENU_PATH))]),
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function canSeeItems(db: Db, user: AuthUser): Promise<boolean> {
  if (user.is_superuser) return true;
  const row = await roleHasMenu(db, ITEMS_MENU_PATH).where('ur.user_id', '=', user.id).executeTakeFirst();
  return Boolean(row);
}

export function selectItems(db: Db) {
  return db
    .selectFrom('items as i')
    .leftJoin('users as c', 'c.id', 'i.creator')
    .select([
      'i.id',
      'i.title',
      sql<number | null>`i.price::float8`.as('price'),
      'i.seller',
      'i.url',
      'i.image',
      'i.keywords',
      'i.time',
      'i.description',
      'i.creator',
      'i.modifier',
      'i.dept_belong_id',
      'i.create_datetime',
      'i.update_datetime',
      'c.name as creator_name',
    ])
    .where('i.is_deleted', '=', false);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

/** The row as the list and the `items` event carry it (src/contract/socket.ts itemSchema, plus audit fields). */
export function toItem(row: ItemRow) {
  return {
    id: row.id,
    title: row.title,
    price: row.price === null ? null : Number(row.price),
    seller: row.seller,
    url: row.url,
    image: row.image,
    keywords: Array.isArray(row.keywords) ? row.keywords : [],
    time: formatDateTime(row.time),
    description: row.description,
    creator: row.creator,
    creator_name: row.creator_name ?? null,
    modifier: row.modifier,
    dept_belong_id: row.dept_belong_id,
    create_datetime: formatDateTime(row.create_datetime),
    update_datetime: formatDateTime(row.update_datetime),
  };
}
export type ItemOut = ReturnType<typeof toItem>;
