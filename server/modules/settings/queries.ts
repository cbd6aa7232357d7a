// System settings live in system_config as groups (parent rows) with child rows; the API and the CLI see
// them flattened to `"group.key": value`. GET /api/init/settings/ keeps the map in memory until a trigger
// reports a system_config change (migration 0009), so a change made with `npm run manage -- setting …` or
// through any server process still applies at once everywhere; the other readers here read on every use.
import { ChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';

/** The public settings map, kept until a system_config change: /api/init/settings/ and /app-config.js read it. */
export type PublicSettings = { all(): Promise<Record<string, unknown>> };

export function publicSettings(db: Db): PublicSettings {
  const cache = new ChangeCache<Record<string, unknown>>(changeFeedOf(db), { settings: 'all' });
  return { all: () => cache.get('all', () => readSettings(db)) };
}

export async function readSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('system_config as c')
    .innerJoin('system_config as g', 'g.id', 'c.parent_id')
    .select(['g.key as group', 'c.key as key', 'c.value as value'])
    .where('c.status', '=', true)
    .where('c.is_deleted', '=', false)
    .where('g.is_deleted', '=', false)
    .orderBy('g.sort')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.group}.${r.key}`, r.value ?? null]));
}

export async function readSetting(db: Db, name: string): Promise<unknown> {
  const [group, key] = splitName(name);
  const row = await db
    .selectFrom('system_config as c')
    .innerJoin('system_config as g', 'g.id', 'c.parent_id')
    .select('c.value as value')
    .where('g.key', '=', group)
    .where('c.key', '=', key)
    .where('c.status', '=', true)
    .where('c.is_deleted', '=', false)
    .executeTakeFirst();
  return row?.value;
}

export async function isCaptchaEnabled(db: Db): Promise<boolean> {
  return (await readSetting(db, 'base.captcha_state')) === true;
}

/** Updates an existing setting; returns false when no such setting exists. */
export async function writeSetting(db: Db, name: string, value: unknown): Promise<boolean> {
  const [group, key] = splitName(name);
  const result = await db
    .updateTable('system_config')
    .set((eb) => ({ value: JSON.stringify(value), update_datetime: eb.fn<Date>('now') }))
    .where('key', '=', key)
    .where('is_deleted', '=', false)
    .where('parent_id', 'in', (eb) =>
      eb.selectFrom('system_config').select('id').where('key', '=', group).where('parent_id', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function splitName(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? ['', name] : [name.slice(0, dot), name.slice(dot + 1)];
}
