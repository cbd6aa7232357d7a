// Migrations are listed here rather than discovered on disk, so they work the same under tsx, vitest and a
// bundler. Append new ones; never edit one that has shipped.
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001_initial.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
