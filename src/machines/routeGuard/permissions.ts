/**
 * The permission check (seed §6, CONTRACT.md "Menus and permissions"): true when
 * `"<route path>:<value>"` equals `"<item.path>:<perm>"` for some menu item and one of its `menuPermission`
 * entries. The menus are the raw list cached in session storage as `menuData` (or the session's copy).
 */
import type { MenuRecord } from '../../contract/index.ts';
import { recordPath } from './menus.ts';

type PermissionSource = Pick<MenuRecord, 'path' | 'web_path' | 'menuPermission'>;

/** Every granted `"<path>:<value>"` pair; build it once per menu list when checking many buttons. */
export function permissionSet(menus: readonly PermissionSource[]): Set<string> {
  const granted = new Set<string>();
  for (const item of menus) {
    for (const perm of item.menuPermission ?? []) granted.add(`${recordPath(item)}:${perm}`);
  }
  return granted;
}

/**
 * Whether the current route grants `value` (or any of several values). An empty value throws
 * 'need permissions!' (seed §5), as dvadmin's directive does.
 */
export function hasPermission(
  menus: readonly PermissionSource[] | Set<string>,
  routePath: string,
  value: string | readonly string[],
): boolean {
  const wanted = typeof value === 'string' ? [value] : [...value];
  if (wanted.length === 0 || wanted.some((v) => !v)) throw new Error('need permissions!');
  const granted = menus instanceof Set ? menus : permissionSet(menus);
  return wanted.some((v) => granted.has(`${routePath}:${v}`));
}
