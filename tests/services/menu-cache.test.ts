import { describe, expect, it } from 'vitest';
import { MENU_DATA_KEY } from '../../src/contract/index.ts';
import { clearMenuCache, readMenuCache, writeMenuCache } from '../../src/services/storage/index.ts';
import { fixture } from './harness.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
    removeItem: (k: string) => {
      map.delete(k);
    },
  };
}

const menus = (fixture('web_router').data as { data: never[] }).data;

describe('sessionStorage.menuData (seed §6, §7)', () => {
  it('the raw menu list is written under menuData and reads back', () => {
    const storage = memoryStorage();
    expect(writeMenuCache(menus, storage)).toBe(true);
    expect(JSON.parse(storage.map.get(MENU_DATA_KEY)!)).toEqual(menus);
    expect(readMenuCache(storage)).toHaveLength(17);
  });

  it('nothing stored reads as absent', () => {
    expect(readMenuCache(memoryStorage())).toBeUndefined();
  });

  it.each([['{not json'], ['{"a":1}'], ['[{"id":"x"}]']])(
    'corrupt data %s reads as absent and is dropped',
    (text) => {
      const storage = memoryStorage();
      storage.setItem(MENU_DATA_KEY, text);
      expect(readMenuCache(storage)).toBeUndefined();
      expect(storage.map.has(MENU_DATA_KEY)).toBe(false);
    },
  );

  it('clear removes it; a storage that throws is treated as absent', () => {
    const storage = memoryStorage();
    writeMenuCache(menus, storage);
    clearMenuCache(storage);
    expect(readMenuCache(storage)).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readMenuCache(throwing)).toBeUndefined();
    expect(writeMenuCache(menus, throwing)).toBe(false);
  });
});
