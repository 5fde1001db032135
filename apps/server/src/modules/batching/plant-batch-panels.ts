/**
 * R-BATCH-8, R-BATCH-10: the one batch panel the app hands its routes. Each job goes the way its
 * plant says (plants.batchPanelProtocol, read at each send so a change needs no restart): to the
 * simulator, or into the plant's file exchange. It passes for the simulator itself, so the
 * simulator's switch (POST /api/v1/batch-panel/simulator) keeps working for simulated plants.
 */
import type { Tenancy } from '../../db/tenancy';
import {
  createSimulatedBatchPanel,
  type SimulatedBatchPanel,
  type SimulatorOptions,
} from './batch-panel';
import {
  batchPanelSettingsOf,
  createFileExchange,
  type FileExchangeOptions,
  type Logger,
} from './file-exchange-panel';

export type PlantBatchPanels = SimulatedBatchPanel & {
  /** Watches the database's file-exchange inboxes from now on (its first request, say). */
  watchDatabase(database: string): void;
  /** Watches every database's (the server listening: results that came while it was down). */
  watchAll(): Promise<void>;
};

export function createPlantBatchPanels(deps: {
  tenancy: Tenancy;
  now: () => Date;
  logger: Logger;
  simulator?: SimulatorOptions;
  fileExchange?: FileExchangeOptions;
}): PlantBatchPanels {
  const simulator = createSimulatedBatchPanel(deps.simulator);
  const files = createFileExchange({
    tenancy: deps.tenancy,
    now: deps.now,
    logger: deps.logger,
    ...(deps.fileExchange ? { options: deps.fileExchange } : {}),
  });
  return {
    // A refusal reads "Batch panel: <why>" on the load (sendToBatchPanel names the panel).
    name: 'Batch panel',
    simulated: true,
    setFailNext: (database, plantId, failNext) =>
      simulator.setFailNext(database, plantId, failNext),
    idle: () => simulator.idle(),
    async send(job, report) {
      const { db } = await deps.tenancy.open(job.database);
      const settings = await batchPanelSettingsOf(db, job.plantId);
      // A file-exchange job's answer is taken from its inbox and resolved from the database
      // (it may come after a restart), so `report`, a closure of this process, is not kept.
      if (settings?.protocol === 'file-exchange') return files.send(job, settings);
      return simulator.send(job, report);
    },
    watchDatabase: (database) => files.watchDatabase(database),
    watchAll: () => files.watchAll(),
    async close() {
      await Promise.all([simulator.close(), files.close()]);
    },
  };
}
