// Which tasks some customer may receive pushes of — so the ingest's delivery hook skips the push outbox
// statement for a batch whose tasks nobody receives (issue 13 "Scale": a statement per batch saved).
// The set is a superset: enabled, live customers with a webhook URL and their tasks; the expiry day is left
// to the outbox insert (receivingCustomer), which still decides who gets each push. It is cached per
// xy_pipeline_version.receivers, the counter triggers bump on every change of customers or their tasks
// (migration 0010), read in the batch's one read — so a change made by any process is seen at the next batch.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export class ReceivingTasks {
  #version: string | null = null;
  #tasks = new Set<number>();
  /** How many times the set was (re)loaded — for tests. */
  loads = 0;

  /** Whether a customer may receive one of these items (reloads the set when `version` moved). */
  async anyOf(db: Db, version: string, items: readonly { task_id?: number | null }[]): Promise<boolean> {
    if (version !== this.#version) {
      const { rows } = await sql<{ task_id: number }>`select distinct ct.task_id from xy_customer_task ct
        join xy_customer c on c.id = ct.customer_id
        where c.enabled and not c.is_deleted and coalesce(c.webhook_url, '') <> ''`.execute(db);
      this.#tasks = new Set(rows.map((r) => r.task_id));
      this.#version = version;
      this.loads++;
    }
    return items.some((i) => i.task_id != null && this.#tasks.has(i.task_id));
  }
}
