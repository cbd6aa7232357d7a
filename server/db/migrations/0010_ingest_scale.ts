// The ingest at scale (issue 13 "Scale": ≥ 5,000 stored items/s on PGlite):
//
// - items_time_idx (create_datetime, id, every row) goes: items_list_order_idx (create_datetime desc, id desc,
//   live rows, migration 0007) serves the reads by time, and every index costs every stored item.
// - xy_pipeline_version.receivers: a counter triggers bump whenever who may receive a task's pushes can change
//   (a customer added, removed, enabled or disabled, its webhook URL, its tasks). The ingest reads it with the
//   other counters in its batch's one read, and the delivery hook skips the push outbox statement for a batch
//   whose tasks no customer receives (push/receivers.ts) — no extra read per batch.
import { type Kysely, sql } from 'kysely';

const STATEMENTS = [
  'drop index if exists items_time_idx',
  'alter table xy_pipeline_version add column receivers bigint not null default 0',
  `create function xy_bump_receivers() returns trigger language plpgsql as $$
    begin update xy_pipeline_version set receivers = receivers + 1 where id = 1; return null; end $$`,
  // Not on the worker's pushes / last_push_at updates: only the columns that decide who receives.
  `create trigger xy_customer_receivers after insert or delete or update of enabled, is_deleted, webhook_url
     on xy_customer for each statement execute function xy_bump_receivers()`,
  `create trigger xy_customer_receivers_truncate after truncate on xy_customer
     for each statement execute function xy_bump_receivers()`,
  `create trigger xy_customer_task_receivers after insert or delete or update or truncate on xy_customer_task
     for each statement execute function xy_bump_receivers()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop trigger if exists xy_customer_task_receivers on xy_customer_task',
    'drop trigger if exists xy_customer_receivers_truncate on xy_customer',
    'drop trigger if exists xy_customer_receivers on xy_customer',
    'drop function if exists xy_bump_receivers',
    'alter table xy_pipeline_version drop column if exists receivers',
    'create index if not exists items_time_idx on items (create_datetime, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
