import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLocalStore, DB_NAME, type LocalStore } from '../../src/services/storage/index.ts';

const themeSchema = z.object({ name: z.string(), color: z.string().regex(/^#[0-9a-f]{6}$/i) });
const defaults = { name: 'element', color: '#409EFF' };

let counter = 0;
const stores: LocalStore[] = [];
function open(uuid: { value: string | undefined }) {
  counter += 1;
  const store = createLocalStore({ getUuid: () => uuid.value, dbName: `test-db-${counter}` });
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe('local database (seed §6, §9)', () => {
  it('is named after the product prefix and version 2.0.4', () => {
    expect(DB_NAME).toBe('xy-admin-2.0.4');
  });

  it('a saved value reads back validated', async () => {
    const store = open({ value: '1' });
    expect(await store.set('sys', 'theme', { name: 'dark', color: '#123456' })).toBe(true);
    expect(await store.get('sys', 'theme', themeSchema, defaults)).toEqual({
      name: 'dark',
      color: '#123456',
    });
  });

  it('a missing value reads as the default', async () => {
    const store = open({ value: '1' });
    expect(await store.get('sys', 'theme', themeSchema, defaults)).toEqual(defaults);
  });

  it('a corrupt or outdated saved value falls back to the default instead of throwing', async () => {
    const store = open({ value: '1' });
    await store.set('sys', 'theme', { name: 'dark', color: 'not a colour' });
    expect(await store.get('sys', 'theme', themeSchema, defaults)).toEqual(defaults);
    await store.set('sys', 'theme', 'a string from an old version');
    expect(await store.get('sys', 'theme', themeSchema, defaults)).toEqual(defaults);
  });

  it('per-user parts are keyed by the uuid cookie; without one the ghost-uuid part is used', async () => {
    const uuid = { value: 'alice' as string | undefined };
    const store = open(uuid);
    await store.set('sys', 'size', 'small');
    uuid.value = 'bob';
    expect(await store.get('sys', 'size', z.string(), 'default')).toBe('default');
    await store.set('sys', 'size', 'mini');
    uuid.value = undefined;
    expect(store.userScope()).toBe('user.ghost-uuid');
    expect(await store.get('sys', 'size', z.string(), 'default')).toBe('default');
    uuid.value = 'alice';
    expect(await store.get('sys', 'size', z.string(), 'default')).toBe('small');
  });

  it('the public part is shared by every user, and sys and database are separate areas', async () => {
    const uuid = { value: 'alice' as string | undefined };
    const store = open(uuid);
    await store.set('database', 'notice', 'seen', 'public');
    uuid.value = 'bob';
    expect(await store.get('database', 'notice', z.string(), 'none', 'public')).toBe('seen');
    expect(await store.get('sys', 'notice', z.string(), 'none', 'public')).toBe('none');
  });

  it('remove and clearUser drop the current user only; clearAll (logout) empties everything', async () => {
    const uuid = { value: 'alice' as string | undefined };
    const store = open(uuid);
    await store.set('sys', 'a', 1);
    await store.set('database', 'b', 2);
    await store.set('sys', 'p', 3, 'public');
    uuid.value = 'bob';
    await store.set('sys', 'a', 4);
    await store.clearUser();
    expect(await store.get('sys', 'a', z.number(), 0)).toBe(0);
    uuid.value = 'alice';
    expect(await store.get('sys', 'a', z.number(), 0)).toBe(1);
    await store.remove('sys', 'a');
    expect(await store.get('sys', 'a', z.number(), 0)).toBe(0);
    expect(await store.clearAll()).toBe(true);
    expect(await store.get('database', 'b', z.number(), 0)).toBe(0);
    expect(await store.get('sys', 'p', z.number(), 0, 'public')).toBe(0);
  });

  it('a value that cannot be stored resolves false and is reported, never thrown', async () => {
    const errors: string[] = [];
    const store = createLocalStore({
      getUuid: () => '1',
      dbName: 'test-db-uncloneable',
      onError: (_e, op) => errors.push(op),
    });
    stores.push(store);
    expect(await store.set('sys', 'fn', () => 1)).toBe(false);
    expect(errors).toEqual(['set sys.fn']);
  });

  it('without IndexedDB every read is the default', async () => {
    const broken = {
      open: () => {
        throw new Error('IndexedDB disabled');
      },
    } as unknown as IDBFactory;
    const store = createLocalStore({
      getUuid: () => '1',
      dbName: 'test-db-broken',
      indexedDB: broken,
      IDBKeyRange,
    });
    stores.push(store);
    expect(await store.get('sys', 'theme', themeSchema, defaults)).toEqual(defaults);
    expect(await store.set('sys', 'theme', defaults)).toBe(false);
  });
});
