/**
 * R-KPI-3: the minutes a load spends in each stage of its truck's cycle. A stage is the time in
 * the truck status of the same name, from the stamp that status makes on the ticket to the stamp
 * of the status that follows it in the loop (`truckStatuses` in trucks/truck-status.ts).
 */
import { instantOf, spanMinutes, type CycleStampField, type DeliveryKpiTicket } from './kpi-ticket';
import { addRatios, emptyRatio, type Ratio } from './ratio';

/** The stages in the order the truck goes through them, as the answer names them. */
export const deliveryStageKeys = [
  'loading',
  'toJob',
  'waitOnJob',
  'unloading',
  'washing',
  'toPlant',
] as const;
export type DeliveryStage = (typeof deliveryStageKeys)[number];

/**
 * Each stage's two stamps. Loaded to To job (a loaded truck standing at the plant) is no stage of
 * the answer; it still counts as time on the ticket (R-KPI-4).
 */
export const deliveryStages: Readonly<
  Record<DeliveryStage, { readonly from: CycleStampField; readonly to: CycleStampField }>
> = {
  /** Loading: batching starts until the truck is loaded. */
  loading: { from: 'batchDateTime', to: 'loadedDateTime' },
  /** To job: leaving the plant until arriving on the job. */
  toJob: { from: 'toJobDateTime', to: 'onJobDateTime' },
  /** On job: arriving until unloading starts, the wait the customer's site imposes. */
  waitOnJob: { from: 'onJobDateTime', to: 'startUnloadDateTime' },
  /** Unloading: start until finish of unloading. */
  unloading: { from: 'startUnloadDateTime', to: 'finishUnloadDateTime' },
  /** Washing: unloading finished until the truck leaves the job for the plant. */
  washing: { from: 'finishUnloadDateTime', to: 'toPlantDateTime' },
  /** To plant: leaving the job until back in the yard. */
  toPlant: { from: 'toPlantDateTime', to: 'arrivePlantDateTime' },
};

/** A ticket's minutes in a stage; null when a stamp is missing or they are out of order. */
export function stageMinutes(ticket: DeliveryKpiTicket, stage: DeliveryStage): number | null {
  const { from, to } = deliveryStages[stage];
  return spanMinutes(instantOf(ticket[from]), instantOf(ticket[to]));
}

export type StageSums = Readonly<Record<DeliveryStage, Ratio>>;

export const emptyStageSums: StageSums = Object.fromEntries(
  deliveryStageKeys.map((stage) => [stage, emptyRatio]),
) as Record<DeliveryStage, Ratio>;

/** Each stage's minutes over the tickets that have it (a ticket without it does not dilute it). */
export function stageSumsOf(tickets: readonly DeliveryKpiTicket[]): StageSums {
  const sums: Record<DeliveryStage, Ratio> = { ...emptyStageSums };
  for (const ticket of tickets) {
    for (const stage of deliveryStageKeys) {
      const minutes = stageMinutes(ticket, stage);
      if (minutes !== null) {
        sums[stage] = addRatios(sums[stage], { numerator: minutes, denominator: 1 });
      }
    }
  }
  return sums;
}

export function addStageSums(a: StageSums, b: StageSums): StageSums {
  return Object.fromEntries(
    deliveryStageKeys.map((stage) => [stage, addRatios(a[stage], b[stage])]),
  ) as Record<DeliveryStage, Ratio>;
}
