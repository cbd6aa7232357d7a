// Migrations are listed here rather than discovered on disk, so they work the same under tsx, vitest and a
// bundler. Append new ones; never edit one that has shipped.
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001_initial.ts';
import * as messagesItemsFiles from './0002_messages_items_files.ts';
import * as adminResources from './0003_admin_resources.ts';
import * as userListIndex from './0004_user_list_index.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_messages_items_files': messagesItemsFiles,
  '0003_admin_resources': adminResources,
  '0004_user_list_index': userListIndex,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
