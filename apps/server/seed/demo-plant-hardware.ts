/**
 * R-DEMO, R-SCALE-1, R-BATCH-10: the demo's plant hardware, run through the same paths a real plant
 * uses. Each demo pit's scale is a Toledo continuous indicator on a TCP port of this machine, read
 * by the Toledo driver; one concrete plant hands its loads to a simulated batch system through the
 * file exchange. Nothing needs hardware.
 *
 * The seed cannot know the ports or the data directory of the process that will run the demo, so
 * it writes placeholders, and `startDemoPlantHardware` points them at what it starts.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tenancy } from '../src/db/tenancy';
import { startToledoSimulator } from '../src/dispatch/scale-drivers/indicator-simulators';
import { startFileExchangeBatchSystem } from '../src/modules/batching/file-exchange-batch-system';
import { demoDatabaseName } from './demo-database';
import { demoExchangeFolders } from './demo-plants';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export type DemoPlantHardware = { stop(): Promise<void> };

/**
 * Starts one simulated indicator per demo pit read on this machine, and the batch system of each
 * demo plant on the file exchange, and writes their addresses and folders on the plants.
 */
export async function startDemoPlantHardware(
  tenancy: Tenancy,
  options: { dataDir: string; logger: Logger },
): Promise<DemoPlantHardware> {
  if (!(await tenancy.find(demoDatabaseName))) return { stop: () => Promise.resolve() };
  const { db } = await tenancy.open(demoDatabaseName);
  const stops: (() => Promise<void>)[] = [];

  const { rows: pits } = await db.execute<{ id: number; scale_capacity: string | null }>(
    sql`select id, scale_capacity from plants
        where scale_protocol = 'toledo-continuous' and scale_address like 'tcp://127.0.0.1:%'
        order by id`,
  );
  for (const pit of pits) {
    const indicator = await startToledoSimulator({
      unit: 'lb',
      capacity: pit.scale_capacity === null ? null : Number(pit.scale_capacity),
      division: 20,
      checksum: true,
    });
    stops.push(() => indicator.close());
    await db.execute(
      sql`update plants set scale_address = ${`tcp://127.0.0.1:${indicator.port}`}
          where id = ${pit.id}`,
    );
  }

  const { rows: exchanges } = await db.execute<{
    id: number;
    batch_panel_outbox: string | null;
    batch_panel_inbox: string | null;
  }>(
    sql`select id, batch_panel_outbox, batch_panel_inbox from plants
        where batch_panel_protocol = 'file-exchange' order by id`,
  );
  for (const plant of exchanges) {
    const folder = (value: string | null, fallback: string) =>
      path.resolve(options.dataDir, value ?? fallback);
    const outbox = folder(plant.batch_panel_outbox, demoExchangeFolders.outbox);
    const inbox = folder(plant.batch_panel_inbox, demoExchangeFolders.inbox);
    await db.execute(
      sql`update plants set batch_panel_outbox = ${outbox}, batch_panel_inbox = ${inbox}
          where id = ${plant.id}`,
    );
    const batchSystem = startFileExchangeBatchSystem({
      outbox,
      inbox,
      logger: options.logger,
    });
    stops.push(() => batchSystem.close());
  }
  options.logger.info(
    { indicators: pits.length, batchSystems: exchanges.length },
    'demo plant hardware started',
  );
  return {
    async stop() {
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };
}
