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
  return menuViewerIds(db, ITEMS_MENU_PATH);
}

/** Ids of the active users who see the page at `webPath`: superusers and holders of a role with that menu. */
export async function menuViewerIds(db: Db, webPath: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.is_deleted', '=', false)
    .where('u.is_active', '=', true)
    .where((eb) => eb.or([eb('u.is_superuser', '=', true), eb('u.id', 'in', roleHasMenu(db, webPath))]))
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
    .leftJoin('xy_task as k', 'k.id', 'i.task_id')
    .leftJoin('xy_seller as s', (join) =>
      join.onRef('s.id', '=', 'i.seller_ref').on('s.is_deleted', '=', false),
    )
    .select([
      's.blacklisted as seller_blacklisted',
      'i.task_id',
      'k.name as task_name',
      'i.seller_ref',
      'i.first_seen',
      'i.last_seen',
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

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

/**
 * selectItems' row over the items rows a statement just wrote: `with <name> as (insert … returning *)
 * ${itemRowsOf('<name>')}` — so the ingest gets the rows it answers and pushes without reading them again.
 * Same columns and joins as selectItems, in id order.
 */
export const itemRowsOf = (name: string) => sql`select s.blacklisted as seller_blacklisted, i.task_id,
    k.name as task_name, i.seller_ref, i.first_seen, i.last_seen, i.id, i.title, i.price::float8 as price, i.seller,
    i.url, i.image, i.keywords, i.time, i.description, i.creator, i.modifier, i.dept_belong_id, i.create_datetime,
    i.update_datetime, c.name as creator_name
  from ${sql.table(name)} as i
    left join users as c on c.id = i.creator
    left join xy_task as k on k.id = i.task_id
    left join xy_seller as s on s.id = i.seller_ref and s.is_deleted = false
  order by i.id`;

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
    task: row.task_id,
    task_name: row.task_name ?? null,
    seller_ref: row.seller_ref,
    /** The seller is on the blacklist now (items stored before it was blacklisted stay). */
    seller_blacklisted: row.seller_blacklisted ?? false,
    first_seen: formatDateTime(row.first_seen),
    last_seen: formatDateTime(row.last_seen),
    creator: row.creator,
    creator_name: row.creator_name ?? null,
    modifier: row.modifier,
    dept_belong_id: row.dept_belong_id,
    create_datetime: formatDateTime(row.create_datetime),
    update_datetime: formatDateTime(row.update_datetime),
  };
}
export type ItemOut = ReturnType<typeof toItem>;
