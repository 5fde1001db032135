/**
 * R-RPT-15: truck demand per plant and hour: the load-scheduling board's arithmetic (R-BOARD-20..23,
 * `truckDemand` of the domain) over the period's loads, day by day, firm orders apart from will
 * call, against the trucks available. A load that is back at its plant held its truck from its
 * ticket to its return (the board frees it; a report of past days counts the time it held one).
 * Trucks available on a day are the plant's fleet size for that weekday when one is set, else
 * its trucks in service now. The board's plants: concrete and aggregate (R-BOARD-1).
 */
import { sql } from 'drizzle-orm';
import type { BoardLoad, BoardOrder } from '@dispatch/domain/dispatch/load-board';
import {
  loadBusyInterval,
  truckDemand,
  type DemandSeries,
} from '@dispatch/domain/dispatch/truck-demand';
import { reportDays, weekdayOf } from '@dispatch/domain/reports/report-period';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { boardPlants, readBoardOrders } from '../load-scheduling/load-board.service';
import { startOfBusinessDay } from '../tickets/tickets.service';
import { counted, table, type ReportBody, type ReportChart } from './report-document';
import { intArray, rowsOf, type ReportContext } from './report-scope';

export const demandSlotMinutes = 60;

type FleetRow = { id: number; in_service: number } & Record<`fleet_size_${string}`, number>;

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A load back at its plant held its truck until it got there. */
function heldAsStamped(load: BoardLoad): BoardLoad {
  if (!load.actual.arrivePlantTime) return load;
  return {
    ...load,
    projected: { ...load.projected, returnTime: load.actual.arrivePlantTime },
    actual: {
      ...load.actual,
      ticketTime: load.actual.ticketTime ?? load.projected.ticketTime,
      arrivePlantTime: null,
    },
  };
}

type SlotFigure = { day: string; start: number; firm: number; willCall: number; available: number };

export async function truckDemandReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s loads');
  const plants = await boardPlants(db, {
    plantIds: scope.params.plantIds.length > 0 ? scope.params.plantIds : undefined,
    allowedSystemTypeIds: scope.systemTypeIds,
  });
  const orders: BoardOrder[] = (
    await readBoardOrders(db, { from: scope.start, to: scope.end }, plants)
  ).map((order) => ({ ...order, loads: order.loads.map(heldAsStamped) }));
  const fleet = new Map(
    (plants.length === 0
      ? []
      : await rowsOf<FleetRow>(
          db,
          sql`
          select p.id, p.fleet_size_sunday, p.fleet_size_monday, p.fleet_size_tuesday,
                 p.fleet_size_wednesday, p.fleet_size_thursday, p.fleet_size_friday,
                 p.fleet_size_saturday,
                 (select count(*) from trucks t
                   where t.plant_id = p.id and not t.inactive_flag
                     and (t.status_id is null or t.status_id <> all(${intArray([
                       truckStatusIds.outOfService,
                       truckStatusIds.offDuty,
                     ])})))::int as in_service
            from plants p where p.id = any(${intArray(plants.map((plant) => plant.id))})`,
        )
    ).map((row) => [row.id, row]),
  );
  const availableOn = (plantId: number, day: string) => {
    const row = fleet.get(plantId);
    const planned = Number(row?.[`fleet_size_${weekdays[weekdayOf(day)]!}`] ?? 0);
    return planned > 0 ? planned : (row?.in_service ?? 0);
  };
  await progress(30, `${counted(orders.length, 'order')} read`);

  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: scope.zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const slotsByPlant = new Map<number | null, SlotFigure[]>();
  const keep = (plantId: number | null, day: string, series: DemandSeries) => {
    const list = slotsByPlant.get(plantId) ?? [];
    for (const slot of series.slots) {
      list.push({
        day,
        start: Date.parse(slot.start),
        firm: slot.firm,
        willCall: slot.willCall,
        available: slot.available,
      });
    }
    slotsByPlant.set(plantId, list);
  };
  const spans = orders.map((order) => {
    const intervals = order.loads.flatMap((load) => loadBusyInterval(load) ?? []);
    return {
      order,
      start: Math.min(...intervals.map((interval) => interval.start)),
      end: Math.max(...intervals.map((interval) => interval.end)),
    };
  });
  for (const day of reportDays(scope.params.from, scope.params.to)) {
    const dayStart = startOfBusinessDay(day);
    const dayEnd = startOfBusinessDay(day, 1);
    const demand = truckDemand({
      // Only the orders busy that day: a month's loads are many, a day's few.
      orders: spans
        .filter((span) => span.start < dayEnd.getTime() && span.end > dayStart.getTime())
        .map((span) => span.order),
      plants: plants.map((plant) => ({
        id: plant.id,
        trucksAvailable: availableOn(plant.id, day),
      })),
      from: dayStart,
      to: dayEnd,
      slotMinutes: demandSlotMinutes,
    });
    for (const series of demand.byPlant) keep(series.plantId, day, series);
    keep(null, day, demand.all);
  }

  const name = new Map(plants.map((plant) => [plant.id, plant.description]));
  const hour = (at: number) => clock.format(new Date(at));
  const needed = (slot: SlotFigure) => slot.firm + slot.willCall;
  const peaks = plants.flatMap((plant) => {
    const days = new Map<string, SlotFigure[]>();
    for (const slot of slotsByPlant.get(plant.id) ?? []) {
      days.set(slot.day, [...(days.get(slot.day) ?? []), slot]);
    }
    return [...days].flatMap(([day, slots]) => {
      const peak = slots.reduce((best, slot) => (needed(slot) > needed(best) ? slot : best));
      if (needed(peak) === 0) return [];
      return [
        {
          plant: plant.description,
          day,
          slot: hour(peak.start),
          firm: peak.firm,
          willCall: peak.willCall,
          needed: needed(peak),
          available: peak.available,
          shortSlots: slots.filter((slot) => needed(slot) > slot.available).length,
        },
      ];
    });
  });
  const slotRows = plants.flatMap((plant) =>
    (slotsByPlant.get(plant.id) ?? [])
      .filter((slot) => needed(slot) > 0)
      .map((slot) => ({
        plant: plant.description,
        day: slot.day,
        slot: `${hour(slot.start)}–${hour(slot.start + demandSlotMinutes * 60_000)}`,
        firm: slot.firm,
        willCall: slot.willCall,
        needed: needed(slot),
        available: slot.available,
        short: Math.max(0, needed(slot) - slot.available),
      })),
  );
  await progress(40, 'Drawing the charts');
  const bySection = <T extends { plant: string }>(rows: readonly T[]) =>
    plants
      .map((plant) => ({
        label: plant.description,
        rows: rows
          .filter((row) => row.plant === plant.description)
          .map(({ plant: _p, ...rest }) => rest),
      }))
      .filter((section) => section.rows.length > 0);
  const maxOf = (rows: readonly Record<string, unknown>[], key: string) =>
    Math.max(0, ...rows.map((row) => Number(row[key] ?? 0)));

  const ranked = plants
    .map((plant) => ({
      id: plant.id,
      peak: Math.max(0, ...(slotsByPlant.get(plant.id) ?? []).map(needed)),
    }))
    .filter((plant) => plant.peak > 0)
    .sort((a, b) => b.peak - a.peak)
    .slice(0, 6)
    .map((plant) => plant.id);
  const charted: (number | null)[] = [...(ranked.length > 1 ? [null] : []), ...ranked];
  const charts = charted.map((plantId) =>
    demandChart(
      plantId === null ? 'All plants' : name.get(plantId)!,
      slotsByPlant.get(plantId) ?? [],
      hour,
    ),
  );
  return {
    charts,
    tables: [
      table({
        title: 'Peak per plant and day',
        sheet: 'Peak per day',
        sectionLabel: 'Plant',
        columns: [
          { key: 'day', label: 'Day', kind: 'date' },
          { key: 'slot', label: 'Peak hour', kind: 'text', width: 50 },
          { key: 'firm', label: 'Firm', kind: 'integer' },
          { key: 'willCall', label: 'Will call', kind: 'integer' },
          {
            key: 'needed',
            label: 'Trucks needed',
            kind: 'integer',
            aggregate: (rows) => maxOf(rows, 'needed'),
          },
          { key: 'available', label: 'Available', kind: 'integer' },
          { key: 'shortSlots', label: 'Hours short', kind: 'integer', aggregate: 'sum' },
        ],
        sections: bySection(peaks),
        outputs: ['pdf', 'xlsx'],
      }),
      table({
        title: 'By hour',
        sheet: 'By hour',
        sectionLabel: 'Plant',
        columns: [
          { key: 'day', label: 'Day', kind: 'date' },
          { key: 'slot', label: 'Hour', kind: 'text', width: 70 },
          { key: 'firm', label: 'Firm', kind: 'integer' },
          { key: 'willCall', label: 'Will call', kind: 'integer' },
          { key: 'needed', label: 'Trucks needed', kind: 'integer' },
          { key: 'available', label: 'Available', kind: 'integer' },
          { key: 'short', label: 'Short', kind: 'integer' },
        ],
        sections: bySection(slotRows),
        subtotals: false,
        totals: false,
      }),
    ],
    notes:
      plants.length === 0
        ? ['Truck demand covers concrete and aggregate plants; none is in this run.']
        : [],
    summary: `${counted(peaks.length, 'plant day')}, ${counted(
      peaks.reduce((sum, row) => sum + row.shortSlots, 0),
      'hour',
    )} short`,
    rowCount: slotRows.length,
  };
}

/**
 * One day: the hours with work, firm and will call stacked, against the trucks available; several
 * days: each day's peak hour; more than two months: each week's peak.
 */
function demandChart(
  title: string,
  slots: readonly SlotFigure[],
  hour: (at: number) => string,
): ReportChart {
  const days = [...new Set(slots.map((slot) => slot.day))];
  let points: { label: string; slot: SlotFigure }[];
  const needed = (slot: SlotFigure) => slot.firm + slot.willCall;
  const peakOf = (list: readonly SlotFigure[]) =>
    list.reduce((best, slot) => (needed(slot) > needed(best) ? slot : best));
  if (days.length === 1) {
    const busy = slots.map((slot, index) => (needed(slot) > 0 ? index : -1)).filter((i) => i >= 0);
    const first = Math.max(0, (busy[0] ?? 6) - 1);
    const last = Math.min(slots.length - 1, (busy[busy.length - 1] ?? 18) + 1);
    points = slots.slice(first, last + 1).map((slot) => ({ label: hour(slot.start), slot }));
  } else {
    const buckets = new Map<string, SlotFigure[]>();
    const weekly = days.length > 62;
    for (const slot of slots) {
      const key = weekly ? weekOf(slot.day) : slot.day;
      buckets.set(key, [...(buckets.get(key) ?? []), slot]);
    }
    points = [...buckets].map(([key, list]) => ({
      label: `${weekly ? 'wk ' : ''}${Number(key.slice(8, 10))}/${Number(key.slice(5, 7))}`,
      slot: peakOf(list),
    }));
  }
  return {
    title: `Truck demand: ${title}${days.length === 1 ? ' by hour' : days.length > 62 ? ', peak hour of each week' : ', peak hour of each day'}`,
    categories: points.map((point) => point.label),
    series: [
      {
        name: 'Firm orders',
        values: points.map((p) => p.slot.firm),
        color: '#1f5fbf',
        kind: 'bar',
        stack: 'demand',
      },
      {
        name: 'Will call',
        values: points.map((p) => p.slot.willCall),
        color: '#e8912d',
        kind: 'bar',
        stack: 'demand',
      },
      {
        name: 'Trucks available',
        values: points.map((p) => p.slot.available),
        color: '#c4473a',
        kind: 'line',
        dashed: true,
      },
    ],
    unit: 'trucks',
    height: 185,
  };
}

/** The Monday a day's week starts on. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
