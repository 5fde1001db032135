/**
 * R-KPI-1..6: the answer of `GET /api/v1/kpis/delivery` from the period's orders and tickets.
 * The server reads the rows (tickets of the plants asked for, written on a day of the period or
 * of an order asked for on one; those orders) and hands them here; every rule is in this folder.
 */
import type { DeliveryKpiFigures, DeliveryKpis, DeliveryKpisQuery } from './delivery-kpis-schema';
import {
  isCountedTicket,
  isInPeriod,
  ticketDayOf,
  type DeliveryKpiOrder,
  type DeliveryKpiTicket,
} from './kpi-ticket';
import { onTimeByPlant } from './on-time';
import { addRatios, emptyRatio, ratioValue, type Ratio } from './ratio';
import {
  addStageSums,
  deliveryStageKeys,
  emptyStageSums,
  stageSumsOf,
  type DeliveryStage,
  type StageSums,
} from './stage-minutes';
import { addTruckTime, emptyTruckTime, truckTimeByPlant, type PlantTruckTime } from './truck-time';

export type DeliveryKpiRows = {
  readonly orders: readonly DeliveryKpiOrder[];
  /** The orders' tickets and the period's: each rule picks the ones it measures. */
  readonly tickets: readonly DeliveryKpiTicket[];
};

/** Everything a set of figures divides, kept as sums so plants add up to the whole (R-KPI-6). */
type KpiSums = { onTime: Ratio; stages: StageSums; truckTime: PlantTruckTime };

const emptySums: KpiSums = {
  onTime: emptyRatio,
  stages: emptyStageSums,
  truckTime: emptyTruckTime,
};

function addSums(a: KpiSums, b: KpiSums): KpiSums {
  return {
    onTime: addRatios(a.onTime, b.onTime),
    stages: addStageSums(a.stages, b.stages),
    truckTime: addTruckTime(a.truckTime, b.truckTime),
  };
}

function figuresOf(sums: KpiSums): DeliveryKpiFigures {
  const { onTicketMinutes, availableMinutes, deliveredQuantity } = sums.truckTime;
  return {
    onTimePercent: ratioValue(sums.onTime, 100, 1),
    stageMinutes: Object.fromEntries(
      deliveryStageKeys.map((stage) => [stage, ratioValue(sums.stages[stage], 1, 1)]),
    ) as Record<DeliveryStage, number | null>,
    truckUtilisationPercent: ratioValue(
      { numerator: onTicketMinutes, denominator: availableMinutes },
      100,
      1,
    ),
    quantityPerTruckHour: ratioValue(
      { numerator: deliveredQuantity, denominator: onTicketMinutes },
      60,
      2,
    ),
  };
}

/** The tickets of a day of the period that were loads (not voided), by plant. */
function periodTicketsByPlant(
  tickets: readonly DeliveryKpiTicket[],
  period: DeliveryKpisQuery,
): Map<number, DeliveryKpiTicket[]> {
  const byPlant = new Map<number, DeliveryKpiTicket[]>();
  for (const ticket of tickets) {
    const day = ticketDayOf(ticket);
    if (!isCountedTicket(ticket) || day === null || !isInPeriod(day, period)) continue;
    byPlant.set(ticket.plantId, [...(byPlant.get(ticket.plantId) ?? []), ticket]);
  }
  return byPlant;
}

/**
 * The figures for the whole and per plant. A plant is listed when asked for (`plantIds`) or when
 * it has anything to count, by id; a plant with nothing has every figure null.
 */
export function deliveryKpis(query: DeliveryKpisQuery, rows: DeliveryKpiRows): DeliveryKpis {
  const ticketsOf = periodTicketsByPlant(rows.tickets, query);
  const onTime = onTimeByPlant(rows.orders, rows.tickets, query);
  const truckTime = truckTimeByPlant([...ticketsOf.values()].flat());
  const plantIds = [
    ...new Set([...(query.plantIds ?? []), ...ticketsOf.keys(), ...onTime.keys()]),
  ].sort((a, b) => a - b);
  const sumsOf = (plantId: number): KpiSums => ({
    onTime: onTime.get(plantId) ?? emptyRatio,
    stages: stageSumsOf(ticketsOf.get(plantId) ?? []),
    truckTime: truckTime.get(plantId) ?? emptyTruckTime,
  });
  const plants = plantIds.map((plantId) => ({ plantId, sums: sumsOf(plantId) }));
  const whole = plants.reduce((total, plant) => addSums(total, plant.sums), emptySums);
  return {
    ...figuresOf(whole),
    byPlant: plants.map(({ plantId, sums }) => ({ plantId, ...figuresOf(sums) })),
  };
}
