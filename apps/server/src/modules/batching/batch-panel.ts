/**
 * R-BATCH-8: the batch panel behind a plant's alleys, behind one small interface: the server hands
 * it a load's mix and targets; the panel acknowledges (or refuses) at once and reports what it
 * batched, or why it could not, later. A real panel's driver implements the same interface; the
 * simulator below stands in for one in development, demos and tests.
 */

export type BatchJob = {
  database: string;
  plantId: number;
  alley: number;
  loadId: number;
  ticketId: number;
  ticketNumber: number;
  /** Which send of the load this is: a report for an earlier attempt is ignored. */
  attempt: number;
  productNumber: string | null;
  quantity: number;
  slump: number | null;
  materials: { rawMaterialId: number; code: string; target: number }[];
};

export type BatchPanelReport =
  | { kind: 'batched'; weights: { rawMaterialId: number; batched: number }[] }
  | { kind: 'failed'; reason: string };

export type BatchPanelAdapter = {
  readonly name: string;
  /**
   * Hands the job to the panel. Resolves once the panel has acknowledged it and rejects, with the
   * panel's reason, when it refuses; the outcome arrives later through `report`.
   */
  send(job: BatchJob, report: (outcome: BatchPanelReport) => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

export type SimulatedBatchPanel = BatchPanelAdapter & {
  readonly simulated: true;
  /** The plant's next send fails (or no longer does), as a demo or a test asks. */
  setFailNext(database: string, plantId: number, failNext: boolean): void;
  /** Resolves once every report under way has been delivered (tests). */
  idle(): Promise<void>;
};

export type SimulatorOptions = {
  /** How long the panel takes to batch a load; 1.5 s by default. */
  delayMs?: number;
  /** Largest deviation from a target, as a fraction: 0.01 by default (within R-BATCH-7's 2%). */
  deviation?: number;
  random?: () => number;
};

export const defaultSimulatorDelayMs = 1500;

export function isSimulatedBatchPanel(panel: BatchPanelAdapter): panel is SimulatedBatchPanel {
  return (panel as Partial<SimulatedBatchPanel>).simulated === true;
}

export function createSimulatedBatchPanel(options: SimulatorOptions = {}): SimulatedBatchPanel {
  const delayMs = options.delayMs ?? defaultSimulatorDelayMs;
  const deviation = options.deviation ?? 0.01;
  const random = options.random ?? Math.random;
  const failing = new Set<string>();
  const underWay = new Set<Promise<void>>();
  // Each report's timer, with what ends its wait when the panel closes first.
  const timers = new Map<NodeJS.Timeout, () => void>();
  const keyOf = (database: string, plantId: number) => `${database.toUpperCase()}:${plantId}`;

  const weigh = (target: number) =>
    Math.max(0, Math.round(target * (1 + (random() * 2 - 1) * deviation) * 10) / 10);

  return {
    name: 'Simulated batch panel',
    simulated: true,
    setFailNext(database, plantId, failNext) {
      if (failNext) failing.add(keyOf(database, plantId));
      else failing.delete(keyOf(database, plantId));
    },
    send(job, report) {
      const key = keyOf(job.database, job.plantId);
      const fails = failing.delete(key);
      const outcome: BatchPanelReport = fails
        ? {
            kind: 'failed',
            reason: `Alley ${job.alley}: cement scale did not reach its target (simulated fault E-214).`,
          }
        : {
            kind: 'batched',
            weights: job.materials.map((material) => ({
              rawMaterialId: material.rawMaterialId,
              batched: weigh(material.target),
            })),
          };
      const delivered = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void report(outcome).finally(resolve);
        }, delayMs);
        timers.set(timer, resolve);
      });
      underWay.add(delivered);
      void delivered.finally(() => underWay.delete(delivered));
      // The panel acknowledges the job at once.
      return Promise.resolve();
    },
    async idle() {
      while (underWay.size > 0) await Promise.all([...underWay]);
    },
    close() {
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      return Promise.resolve();
    },
  };
}
