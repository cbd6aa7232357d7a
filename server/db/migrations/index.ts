// Migrations are listed here rather than discovered on disk, so they work the same under tsx, vitest and a
// bundler. Append new ones; never edit one that has shipped.
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001_initial.ts';
import * as messagesItemsFiles from './0002_messages_items_files.ts';
import * as adminResources from './0003_admin_resources.ts';
import * as userListIndex from './0004_user_list_index.ts';
import * as securitySessions from './0005_security_sessions.ts';
import * as searchAndMessages from './0006_search_and_messages.ts';
import * as pipeline from './0007_pipeline.ts';
import * as delivery from './0008_delivery.ts';
import * as changeNotify from './0009_change_notify.ts';
import * as ingestScale from './0010_ingest_scale.ts';
import * as ingestWrite from './0011_ingest_write.ts';
import * as userListScale from './0012_user_list_scale.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_messages_items_files': messagesItemsFiles,
  '0003_admin_resources': adminResources,
  '0004_user_list_index': userListIndex,
  '0005_security_sessions': securitySessions,
  '0006_search_and_messages': searchAndMessages,
  '0007_pipeline': pipeline,
  '0008_delivery': delivery,
  '0009_change_notify': changeNotify,
  '0010_ingest_scale': ingestScale,
  '0011_ingest_write': ingestWrite,
  '0012_user_list_scale': userListScale,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
