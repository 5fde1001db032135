/**
 * Delivery performance (R-KPI-1..6 as a report): the figures the dashboard shows, per plant with
 * the whole as the total line, for the run's period, plants and system types. The figures are the
 * API's own (`readDeliveryKpis`), so the report and the dashboard never disagree; a blank cell had
 * nothing to measure (R-KPI-1: null, never 0).
 */
import { inArray } from 'drizzle-orm';
import type { DeliveryKpiFigures } from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import type { DeliveryStage } from '@dispatch/domain/delivery-kpis/stage-minutes';
import { plants } from '../../db/schema/plants';
import { readDeliveryKpis } from '../delivery-kpis/delivery-kpis.service';
import { counted, table, type ReportBody, type ReportColumn } from './report-document';
import type { ReportContext } from './report-scope';

const stageLabels: Record<DeliveryStage, string> = {
  loading: 'Loading (min)',
  toJob: 'To job (min)',
  waitOnJob: 'Waiting on the job (min)',
  unloading: 'Unloading (min)',
  washing: 'Washing (min)',
  toPlant: 'To plant (min)',
};

/** A set of figures as one row of the table. */
function figureRow(figures: DeliveryKpiFigures) {
  return {
    onTime: figures.onTimePercent,
    ...figures.stageMinutes,
    utilisation: figures.truckUtilisationPercent,
    perTruckHour: figures.quantityPerTruckHour,
  };
}

export async function deliveryPerformanceReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s tickets');
  const { from, to, plantIds } = scope.params;
  const answer = await readDeliveryKpis(db, {
    from,
    to,
    ...(plantIds.length > 0 ? { plantIds } : {}),
    allowedSystemTypeIds: scope.systemTypeIds,
    unseenPlants: 'leaveOut',
  });
  await progress(60, `${counted(answer.byPlant.length, 'plant')} read`);
  const ids = answer.byPlant.map((row) => row.plantId);
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: plants.id, description: plants.description })
            .from(plants)
            .where(inArray(plants.id, ids))
        ).map((row) => [row.id, row.description]),
  );
  // R-KPI-6: the total line is the whole's own figures, every order, ticket and minute weighed,
  // never an average of the plants' lines.
  const whole = figureRow(answer);
  const wholeOf = (key: keyof typeof whole) => () => whole[key];
  const columns: ReportColumn[] = [
    { key: 'plant', label: 'Plant', kind: 'text', width: 90 },
    {
      key: 'onTime',
      label: 'On-time first loads',
      kind: 'percent',
      aggregate: wholeOf('onTime'),
    },
    ...(Object.keys(stageLabels) as DeliveryStage[]).map((stage): ReportColumn => ({
      key: stage,
      label: stageLabels[stage],
      kind: 'quantity',
      aggregate: wholeOf(stage),
    })),
    {
      key: 'utilisation',
      label: 'Truck utilisation',
      kind: 'percent',
      aggregate: wholeOf('utilisation'),
    },
    {
      key: 'perTruckHour',
      label: 'Quantity per truck-hour',
      kind: 'quantity',
      aggregate: wholeOf('perTruckHour'),
    },
  ];
  const rows = answer.byPlant.map((row) => ({
    plant: names.get(row.plantId) ?? `Plant ${row.plantId}`,
    ...figureRow(row),
  }));
  return {
    charts: [],
    tables: [
      table({
        sheet: 'Delivery performance',
        columns,
        sections: rows.length === 0 ? [] : [{ label: null, rows }],
        totals: rows.length > 0,
      }),
    ],
    notes: [],
    summary: counted(rows.length, 'plant'),
    rowCount: rows.length,
  };
}
