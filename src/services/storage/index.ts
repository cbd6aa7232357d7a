export {
  createLocalStore,
  DB_NAME,
  type LocalStore,
  type LocalStoreOptions,
  PUBLIC_SCOPE,
  type StorageArea,
  type StorageScope,
} from './local-store.ts';
export { clearMenuCache, type KeyValueStorage, readMenuCache, writeMenuCache } from './menu-cache.ts';
