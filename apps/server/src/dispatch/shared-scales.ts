/**
 * SubscribeToScale across dispatcher processes (R-SCALEOUT-2, ADR 011). A truck scale has one
 * reader however many processes have subscribers to it: the process holding the scale's lease in
 * scale_readers. The reader publishes each reading with NOTIFY on the database's scale channel,
 * and every process with subscribers (the reader included) delivers what it hears to them, so each
 * subscriber receives each reading once. The reader renews its lease while it has subscribers; a
 * process that stops hands the scale over at once (it says so on the channel), and one that dies
 * loses it when the lease runs out. Interested processes claim a free scale on every renewal.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tenancy } from '../db/tenancy';
import type { ScaleSource, SourceReading } from './scales';

/** The channel scale readings travel on, apart from the hub events (the caches ignore them). */
export const scaleChannel = 'dispatch_scales';

type ScaleNotice = { scaleId: number; reading?: SourceReading; released?: true };

export type SharedScales = {
  subscribe(database: string, scaleId: number, connectionId: string): Promise<void>;
  unsubscribe(database: string, scaleId: number, connectionId: string): Promise<void>;
  /**
   * The last reading heard of a scale this process has subscribers to, frame included: what a
   * weight is taken from (R-SCALE-4). Undefined when none has been heard.
   */
  latest(database: string, scaleId: number): SourceReading | undefined;
  /**
   * Stops reading and listening; the scales read here go to another process at once, or with
   * `release: false` only when their leases run out (what a crashed process leaves behind).
   */
  close(options?: { release?: boolean }): Promise<void>;
};

export type SharedScaleOptions = {
  tenancy: Tenancy;
  instanceId: string;
  source: ScaleSource;
  /** Hands a reading to this process's subscribers of the scale. */
  deliver(database: string, scaleId: number, reading: SourceReading): void;
  /** How long a reader keeps a scale after its last renewal (default 6 s). */
  leaseMs?: number;
  renewEveryMs?: number;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
};

type Interest = {
  database: string;
  scaleId: number;
  subscribers: Set<string>;
  /** Set while this process is the scale's reader. */
  stopReading?: (() => void) | undefined;
  latest?: SourceReading;
};

export function createSharedScales(options: SharedScaleOptions): SharedScales {
  const leaseSeconds = (options.leaseMs ?? 6_000) / 1000;
  const interests = new Map<string, Interest>();
  const channels = new Map<string, Promise<() => Promise<void>>>();
  const keyOf = (database: string, scaleId: number) => `${database}\u0000${scaleId}`;
  const warn = (error: unknown, message: string) => options.logger?.warn({ err: error }, message);

  async function notify(database: string, notice: ScaleNotice): Promise<void> {
    const { db } = await options.tenancy.open(database);
    await db.execute(sql`select pg_notify(${scaleChannel}, ${JSON.stringify(notice)})`);
  }

  /** Takes or renews the scale's lease; starts or stops reading as the answer says. */
  async function claim(interest: Interest): Promise<void> {
    const { db } = await options.tenancy.open(interest.database);
    const { rows } = await db.execute(
      sql`insert into scale_readers as reader (scale_id, dispatcher_instance_id, expires_at)
          values (${interest.scaleId}, ${options.instanceId},
            now() + make_interval(secs => ${leaseSeconds}))
          on conflict (scale_id) do update set
            dispatcher_instance_id = excluded.dispatcher_instance_id,
            expires_at = excluded.expires_at
          where reader.dispatcher_instance_id = excluded.dispatcher_instance_id
             or reader.expires_at < now()
          returning scale_id`,
    );
    const isReader = rows.length > 0;
    if (interests.get(keyOf(interest.database, interest.scaleId)) !== interest) {
      // Unsubscribed meanwhile: a lease just taken is given back.
      if (isReader && !interest.stopReading) {
        await db.execute(
          sql`delete from scale_readers where scale_id = ${interest.scaleId}
              and dispatcher_instance_id = ${options.instanceId}`,
        );
      }
      return;
    }
    if (isReader && !interest.stopReading) {
      interest.stopReading = options.source.watch(
        { database: interest.database, scaleId: interest.scaleId, plantId: interest.scaleId },
        (reading) =>
          void notify(interest.database, { scaleId: interest.scaleId, reading }).catch(
            (error: unknown) => warn(error, 'a scale reading could not be published'),
          ),
      );
    } else if (!isReader && interest.stopReading) {
      interest.stopReading();
      interest.stopReading = undefined;
    }
  }

  async function release(interest: Interest): Promise<void> {
    if (!interest.stopReading) return;
    interest.stopReading();
    interest.stopReading = undefined;
    const { db } = await options.tenancy.open(interest.database);
    await db.execute(
      sql`delete from scale_readers
          where scale_id = ${interest.scaleId} and dispatcher_instance_id = ${options.instanceId}`,
    );
    await notify(interest.database, { scaleId: interest.scaleId, released: true });
  }

  function heard(database: string, payload: string): void {
    let notice: ScaleNotice;
    try {
      notice = JSON.parse(payload) as ScaleNotice;
    } catch {
      return;
    }
    const interest = interests.get(keyOf(database, notice.scaleId));
    if (!interest) return;
    if (notice.reading) {
      interest.latest = notice.reading;
      options.deliver(database, notice.scaleId, notice.reading);
    } else if (notice.released) {
      void claim(interest).catch((error: unknown) => warn(error, 'a scale could not be claimed'));
    }
  }

  async function listenTo(database: string): Promise<void> {
    let channel = channels.get(database);
    if (!channel) {
      channel = options.tenancy
        .open(database)
        .then((connection) => connection.listen(scaleChannel, (p) => heard(database, p)));
      channel.catch(() => channels.delete(database));
      channels.set(database, channel);
    }
    await channel;
  }

  const timer = setInterval(
    () => {
      for (const interest of interests.values()) {
        void claim(interest).catch((error: unknown) => warn(error, 'a scale could not be claimed'));
      }
    },
    options.renewEveryMs ?? (leaseSeconds * 1000) / 3,
  );
  timer.unref();

  return {
    async subscribe(database, scaleId, connectionId) {
      const name = database.toUpperCase();
      await listenTo(name);
      const key = keyOf(name, scaleId);
      let interest = interests.get(key);
      if (!interest) {
        interest = { database: name, scaleId, subscribers: new Set() };
        interests.set(key, interest);
      }
      interest.subscribers.add(connectionId);
      await claim(interest);
    },
    async unsubscribe(database, scaleId, connectionId) {
      const key = keyOf(database.toUpperCase(), scaleId);
      const interest = interests.get(key);
      if (!interest) return;
      interest.subscribers.delete(connectionId);
      if (interest.subscribers.size > 0) return;
      interests.delete(key);
      await release(interest);
    },
    latest(database, scaleId) {
      return interests.get(keyOf(database.toUpperCase(), scaleId))?.latest;
    },
    async close({ release: handOver = true } = {}) {
      clearInterval(timer);
      const all = [...interests.values()];
      interests.clear();
      if (handOver) await Promise.allSettled(all.map((interest) => release(interest)));
      for (const interest of all) {
        interest.stopReading?.();
        interest.stopReading = undefined;
      }
      const stops = await Promise.allSettled(channels.values());
      channels.clear();
      await Promise.allSettled(
        stops.flatMap((stop) => (stop.status === 'fulfilled' ? [stop.value()] : [])),
      );
    },
  };
}
