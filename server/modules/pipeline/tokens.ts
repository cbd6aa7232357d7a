// Machine tokens (phones, ingest clients): random, shown once, stored only as their sha256 hex and looked up
// by that hash through a unique index — a token is checked with one indexed query and never compared or
// stored in the clear. Rotating a token replaces the hash, so the old token stops working at once: a phone's
// check is kept in memory (every ingest batch and heartbeat makes one) until a change to xy_phone's token,
// name, serial, dept or deletion is heard (the `phones` topic, migration 0011, server/db/changes.ts) — heard
// before the request that made it answers.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';

/** 40 url-safe characters (240 random bits). */
export const newToken = (): string => randomBytes(30).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The `Authorization: Token <t>` value, or null when the header is absent or another scheme. */
export function machineToken(request: FastifyRequest): string | null {
  const match = /^\s*token\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

export type PhoneHolder = { id: number; name: string; serial: string; dept_belong_id: string | null };

const phoneCaches = new WeakMap<Db, ChangeCache<PhoneHolder | undefined>>();

export async function phoneByToken(db: Db, token: string): Promise<PhoneHolder | undefined> {
  let cache = phoneCaches.get(db);
  if (!cache) {
    // A token no phone holds is not kept: a phone given it later needs no notification, and guesses use no memory.
    cache = new ChangeCache(changeFeedOf(db), { phones: 'all' }, { keep: (phone) => phone !== undefined });
    phoneCaches.set(db, cache);
  }
  const hash = hashToken(token);
  return cache.get(hash, () =>
    db
      .selectFrom('xy_phone')
      .select(['id', 'name', 'serial', 'dept_belong_id'])
      .where('token_hash', '=', hash)
      .where('is_deleted', '=', false)
      .executeTakeFirst(),
  );
}

export type IngestHolder = {
  id: number;
  name: string;
  dept_belong_id: string | null;
  creator: number | null;
};

export async function ingestTokenByToken(db: Db, token: string): Promise<IngestHolder | undefined> {
  const row = await db
    .selectFrom('xy_ingest_token')
    .select(['id', 'name', 'dept_belong_id', 'creator'])
    .where('token_hash', '=', hashToken(token))
    .where('enabled', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (row) {
    // Best effort, outside the request's critical path.
    void db
      .updateTable('xy_ingest_token')
      .set({ last_used_at: new Date() })
      .where('id', '=', row.id)
      .execute()
      .catch(() => {});
  }
  return row;
}

/**
 * Creates the ingest token `name`, or rotates it when it exists; answers the token (shown once).
 * `npm run manage -- ingest-token <name>`.
 */
export async function issueIngestToken(db: Db, name: string): Promise<{ token: string; rotated: boolean }> {
  const token = newToken();
  const token_hash = hashToken(token);
  const updated = await db
    .updateTable('xy_ingest_token')
    .set({ token_hash, enabled: true, update_datetime: new Date() })
    .where('name', '=', name)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return { token, rotated: true };
  await db.insertInto('xy_ingest_token').values({ name, token_hash }).execute();
  return { token, rotated: false };
}
