import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import type { MenuRecord } from '../../contract/menu.ts';
import { hasPermission, permissionSet } from '../../machines/routeGuard/permissions.ts';
import { selectMenuRecords } from '../../machines/routeGuard/selectors.ts';
import { useRouteGuardRef } from '../app/actor.ts';

// One granted set per menu list (the list keeps its identity until the menus are fetched again).
const granted = new WeakMap<readonly MenuRecord[], Set<string>>();

/** Every `"<path>:<value>"` pair the menus grant, built once per menu list. */
export function grantedPermissions(menus: readonly MenuRecord[]): Set<string> {
  let set = granted.get(menus);
  if (!set) {
    set = permissionSet(menus);
    granted.set(menus, set);
  }
  return set;
}

/**
 * Whether the current user may use `value` on the current page (seed §6): true when
 * `"<current route path>:<value>"` is granted by the user's menus (the list cached in session storage as
 * `menuData`, held by the route guard). An empty value throws 'need permissions!'.
 */
export function usePermission(value: string | readonly string[]): boolean {
  const menus = useSelector(useRouteGuardRef(), selectMenuRecords);
  const { pathname } = useLocation();
  if (!value || value.length === 0) throw new Error('need permissions!');
  return hasPermission(grantedPermissions(menus), pathname, value);
}
