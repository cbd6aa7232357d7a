import { z } from 'zod';
import { MENU_DATA_KEY, type MenuRecord, menuRecordSchema } from '../../contract/index.ts';

/**
 * `sessionStorage.menuData`: the raw menu list of `web_router`, the source of permission checks (seed §6,
 * §7). Validated on read: corrupt or unreadable data counts as absent (and is dropped).
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const menuListSchema = z.array(menuRecordSchema);

function sessionStore(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // access can throw (SecurityError) when storage is disabled
  }
}

export function readMenuCache(
  storage: KeyValueStorage | undefined = sessionStore(),
): MenuRecord[] | undefined {
  if (!storage) return undefined;
  try {
    const text = storage.getItem(MENU_DATA_KEY);
    if (text == null) return undefined;
    const parsed = menuListSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: unreadable JSON
  }
  clearMenuCache(storage);
  return undefined;
}

/** False when the storage refused the write (quota, disabled). */
export function writeMenuCache(
  menus: MenuRecord[],
  storage: KeyValueStorage | undefined = sessionStore(),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(MENU_DATA_KEY, JSON.stringify(menus));
    return true;
  } catch {
    return false;
  }
}

export function clearMenuCache(storage: KeyValueStorage | undefined = sessionStore()): void {
  try {
    storage?.removeItem(MENU_DATA_KEY);
  } catch {
    // nothing to do: storage unavailable
  }
}
