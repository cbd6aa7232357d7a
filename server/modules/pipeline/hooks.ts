// The pipeline's extension points for the delivery half (issue 14, docs/domain.md "Hooks between the halves"):
//
//   afterItemsStored(db, (trx, stored, batch) => …)
//                                              inside the ingest transaction, after the items rows are written
//                                              (the push outbox is written here, atomically with the items);
//                                              `batch.versions` are the xy_pipeline_version counters the batch
//                                              read before its transaction (a hook may keep a cache keyed on one)
//   onPhoneStateChanged(db, (db, change) => …) after a phone's online/offline transition is committed, once
//                                              per transition (in the process whose UPDATE made it)
//
// Hooks are registered per database handle (the one the app was built with), so several apps in one process
// (tests) keep theirs apart. Each registration returns its unsubscribe function.
import type { Db } from '../../db/index.ts';
import type { Versions } from './rules.ts';

/** An item as stored by one ingest batch (ids assigned, in the transaction). */
export type StoredItem = {
  id: number;
  task_id: number | null;
  seller_ref: number | null;
  title: string;
  price: number | null;
  seller: string | null;
  url: string | null;
  image: string | null;
  keywords: string[];
  time: Date;
  phone_id: number | null;
};

export type PhoneStateChange = {
  phone: { id: number; name: string; serial: string; dept_belong_id: string | null };
  online: boolean;
  /** The clock's time of the transition. */
  at: Date;
};

/** What a batch knows besides its rows. */
export type BatchInfo = { versions: Versions };

export type AfterItemsStoredHook = (trx: Db, stored: StoredItem[], batch: BatchInfo) => Promise<void> | void;
export type PhoneStateHook = (db: Db, change: PhoneStateChange) => Promise<void> | void;

type Registry = { stored: Set<AfterItemsStoredHook>; phone: Set<PhoneStateHook> };
const registries = new WeakMap<Db, Registry>();

function registry(db: Db): Registry {
  let r = registries.get(db);
  if (!r) {
    r = { stored: new Set(), phone: new Set() };
    registries.set(db, r);
  }
  return r;
}

export function afterItemsStored(db: Db, hook: AfterItemsStoredHook): () => void {
  const set = registry(db).stored;
  set.add(hook);
  return () => set.delete(hook);
}

export function onPhoneStateChanged(db: Db, hook: PhoneStateHook): () => void {
  const set = registry(db).phone;
  set.add(hook);
  return () => set.delete(hook);
}

/** Runs the afterItemsStored hooks in order; a failure propagates and rolls the batch back. */
export async function runAfterItemsStored(
  db: Db,
  trx: Db,
  stored: StoredItem[],
  batch: BatchInfo,
): Promise<void> {
  if (!stored.length) return;
  for (const hook of registries.get(db)?.stored ?? []) await hook(trx, stored, batch);
}

/** Runs the onPhoneStateChanged hooks; a failure is reported to `onError` and does not stop the others. */
export async function runPhoneStateChanged(
  db: Db,
  change: PhoneStateChange,
  onError: (error: unknown) => void,
): Promise<void> {
  for (const hook of registries.get(db)?.phone ?? []) {
    try {
      await hook(db, change);
    } catch (error) {
      onError(error);
    }
  }
}
