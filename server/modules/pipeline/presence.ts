// Phone presence: online / offline derived from heartbeats. A heartbeat writes a device data row and the
// phone's telemetry, and turns an offline phone online; a periodic sweep (every process runs one) turns phones
// silent for longer than `pipeline.phone_offline_seconds` (default 90) offline. Both transitions are single
// conditional UPDATEs (`… where online = false` / `… where online and last_seen < cutoff … returning`), so
// with several processes each transition happens — and is logged in xy_log, pushed on the socket as `phone`
// and handed to the onPhoneStateChanged hooks — exactly once. Time comes from the injected clock.
import { sql } from 'kysely';
import type { PhoneState } from '../../../src/contract/socket.ts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Emitter } from '../../realtime/index.ts';
import { menuViewerIds } from '../items/queries.ts';
import { readSetting } from '../settings/queries.ts';
import { type PhoneStateChange, runPhoneStateChanged } from './hooks.ts';
import type { PhoneHolder } from './tokens.ts';

export const PHONES_MENU_PATH = '/phones';
export const OFFLINE_SETTING = 'pipeline.phone_offline_seconds';
export const DEFAULT_OFFLINE_SECONDS = 90;

export type Telemetry = {
  battery: number | null;
  network: string | null;
  app_version: string | null;
  extra: Record<string, unknown>;
};

type Log = { warn: (obj: object, msg: string) => void };

export class Presence {
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly emitter: Emitter,
    private readonly log: Log,
  ) {}

  async offlineSeconds(): Promise<number> {
    const v = Number(await readSetting(this.db, OFFLINE_SETTING));
    return Number.isFinite(v) && v >= 5 ? v : DEFAULT_OFFLINE_SECONDS;
  }

  /** Records a heartbeat; answers the phone's state after it. */
  async heartbeat(phone: PhoneHolder, t: Telemetry): Promise<{ online: true; last_seen: Date }> {
    const now = this.clock.now();
    const cameOnline = await this.db.transaction().execute(async (trx) => {
      const turned = await trx
        .updateTable('xy_phone')
        .set({ online: true })
        .where('id', '=', phone.id)
        .where('online', '=', false)
        .returning('id')
        .executeTakeFirst();
      await trx
        .updateTable('xy_phone')
        .set({ last_seen: now, battery: t.battery, network: t.network, app_version: t.app_version })
        .where('id', '=', phone.id)
        .execute();
      await trx
        .insertInto('xy_device_data')
        .values({
          phone_id: phone.id,
          battery: t.battery,
          network: t.network,
          app_version: t.app_version,
          extra: JSON.stringify(t.extra),
          dept_belong_id: phone.dept_belong_id,
          create_datetime: now,
          update_datetime: now,
        })
        .execute();
      if (turned) {
        await trx
          .insertInto('xy_log')
          .values({
            type: 'phone',
            phone_id: phone.id,
            message: `手机 ${phone.name} 上线`,
            detail: JSON.stringify({ online: true, serial: phone.serial }),
            dept_belong_id: phone.dept_belong_id,
            create_datetime: now,
          })
          .execute();
      }
      return Boolean(turned);
    });
    if (cameOnline) await this.#announce({ phone, online: true, at: now }, now);
    return { online: true, last_seen: now };
  }

  /** Turns the phones silent for longer than the setting offline; answers the transitions this call made. */
  async sweep(): Promise<PhoneStateChange[]> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - (await this.offlineSeconds()) * 1000);
    // One statement: the UPDATE decides the transitions (each once, whichever process runs it), the log rows
    // are written with it.
    const { rows } = await sql<PhoneStateChange['phone'] & { last_seen: Date | null }>`
      with gone as (
        update xy_phone set online = false
        where online and is_deleted = false and last_seen < ${cutoff}
        returning id, name, serial, dept_belong_id, last_seen
      ), logged as (
        insert into xy_log (type, phone_id, message, detail, dept_belong_id, create_datetime)
        select 'phone', id, '手机 ' || name || ' 离线',
          jsonb_build_object('online', false, 'serial', serial, 'last_seen', last_seen), dept_belong_id, ${now}
        from gone
      )
      select id, name, serial, dept_belong_id, last_seen from gone`.execute(this.db);
    const changes = rows.map((r) => ({
      phone: { id: r.id, name: r.name, serial: r.serial, dept_belong_id: r.dept_belong_id },
      online: false,
      at: now,
    }));
    for (const [i, change] of changes.entries()) await this.#announce(change, rows[i]!.last_seen);
    return changes;
  }

  async #announce(change: PhoneStateChange, lastSeen: Date | null): Promise<void> {
    const payload: PhoneState = {
      id: change.phone.id,
      name: change.phone.name,
      serial: change.phone.serial,
      online: change.online,
      last_seen: formatDateTime(lastSeen),
    };
    try {
      this.emitter.emitToUsers(await menuViewerIds(this.db, PHONES_MENU_PATH), 'phone', payload);
    } catch (error) {
      this.log.warn({ err: error }, 'phone state push failed');
    }
    await runPhoneStateChanged(this.db, change, (error) =>
      this.log.warn({ err: error }, 'onPhoneStateChanged hook failed'),
    );
  }

  /** Sweeps every `intervalMs` until stop(); the timer does not keep the process alive. */
  start(intervalMs = 5000): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.sweep().catch((error) => this.log.warn({ err: error }, 'phone sweep failed'));
    }, intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
