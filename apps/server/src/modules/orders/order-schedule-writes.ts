/** Writing an order's schedules and their product lines on a change. */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { projectLoads, projectionChanged } from '@dispatch/domain/orders/load-projection';
import type { ScheduleFormEntry } from '@dispatch/domain/orders/order-entry';
import type { Tx } from '../../db/client';
import { scheduleProducts, schedules } from '../../db/schema/orders';
import { loads } from '../../db/schema/tickets';
import { validationError } from '../../http/api-error';
import type { RowsInsert } from './one-statement';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import type { ReferenceData } from './order-references';
import type { PricedLine } from './order-line-prices';
import type { OrderWriter } from './order-writer';
import { scheduleValues, lineValues } from './order-rows';
import {
  loadSizeOf,
  projectionInputOf,
  projecting,
  loadRow,
  reproject,
} from './order-load-projection';

/**
 * The inserts of new schedules of an order with their lines and projected loads (R-ORD-3), for
 * `writeInOneStatement`: the schedules take the ids drawn for them by `readReferences`.
 */
export function scheduleWrites(
  orderId: number,
  added: readonly { form: ScheduleFormEntry; lines: PricedLine[]; index: number }[],
  refs: ReferenceData,
  writer: OrderWriter,
): RowsInsert[] {
  if (added.length === 0) return [];
  const scheduleIds = refs.newIds.scheduleIds;
  if (scheduleIds.length !== added.length) throw new Error('No ids were drawn for new schedules');
  const projections = added.map(({ form, index }) => {
    const input = projectionInputOf(form, refs);
    return input ? projecting(index, () => projectLoads(input)) : null;
  });
  return [
    {
      table: schedules,
      overridingIdentity: true,
      rows: added.map(({ form }, at) => ({
        ...scheduleValues(form, projections[at]?.numberOfLoads ?? form.schedule.numberOfLoads),
        id: scheduleIds[at]!,
        orderId,
        modifiedBy: writer.username,
      })),
    },
    {
      table: scheduleProducts,
      rows: added.flatMap(({ lines }, at) =>
        lines.map((line, position) => ({
          ...lineValues(line, position, refs),
          scheduleId: scheduleIds[at]!,
          modifiedBy: writer.username,
        })),
      ),
    },
    {
      table: loads,
      rows: projections.flatMap((projection, at) =>
        (projection?.loads ?? []).map((load) =>
          loadRow(orderId, scheduleIds[at]!, load, writer.username),
        ),
      ),
    },
  ];
}

export type StoredSchedule = OrderDetailView['schedules'][number];

/** What R-ORD-5 compares to tell whether a change re-projects a schedule's loads. */
function projectionInputs(
  schedule: {
    readonly firstLoadOnJobTime: string | null;
    readonly quantityPerHour: number | null;
    readonly loadIntervalTime: number | null;
    readonly addPlusLoad: boolean | null;
    readonly truckTypeId: number | null;
  },
  primary: { quantity: number; loadSize?: number | null | undefined } | null,
  refs: ReferenceData,
) {
  return {
    firstLoadOnJobTime: schedule.firstLoadOnJobTime,
    totalQuantity: primary?.quantity ?? 0,
    loadSize: loadSizeOf(primary?.loadSize, schedule.truckTypeId, refs),
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    addPlusLoad: schedule.addPlusLoad,
  };
}

export async function updateSchedule(
  tx: Tx,
  orderId: number,
  form: ScheduleFormEntry,
  before: StoredSchedule,
  lines: PricedLine[],
  refs: ReferenceData,
  index: number,
  writer: OrderWriter,
): Promise<boolean> {
  const scheduleId = before.schedule.id;
  // Lines left out are removed; the rest are written as sent, the primary one first.
  const storedLines = [
    ...(before.primaryProduct ? [before.primaryProduct] : []),
    ...before.extraProducts,
  ];
  const kept = lines.flatMap((line) => (line.id === undefined ? [] : [line.id]));
  for (const line of lines) {
    if (line.id !== undefined && !storedLines.some((candidate) => candidate.id === line.id)) {
      throw validationError([
        { field: `${line.path}.id`, reason: 'is not a line of this schedule' },
      ]);
    }
  }
  await tx
    .delete(scheduleProducts)
    .where(
      and(
        eq(scheduleProducts.scheduleId, scheduleId),
        kept.length ? notInArray(scheduleProducts.id, kept) : undefined,
      ),
    );
  // The primary line may change: no two primary lines, even for a moment (a unique index).
  await tx
    .update(scheduleProducts)
    .set({ primaryFlag: false })
    .where(eq(scheduleProducts.scheduleId, scheduleId));
  for (const [position, line] of lines.entries()) {
    const values = { ...lineValues(line, position, refs), modifiedBy: writer.username };
    if (line.id === undefined) {
      await tx.insert(scheduleProducts).values({ ...values, scheduleId });
    } else {
      await tx
        .update(scheduleProducts)
        .set({
          ...values,
          version: sql`${scheduleProducts.version} + 1`,
          modifiedAt: writer.now,
        })
        .where(eq(scheduleProducts.id, line.id));
    }
  }
  const input = projectionInputOf(form, refs);
  const changed = projectionChanged(
    projectionInputs(before.schedule, before.primaryProduct, refs),
    projectionInputs(form.schedule, form.primaryProduct, refs),
  );
  const numberOfLoads = changed
    ? await reproject(tx, { orderId, scheduleId }, input, index, writer)
    : null;
  await tx
    .update(schedules)
    .set({
      ...scheduleValues(form, numberOfLoads ?? form.schedule.numberOfLoads),
      version: sql`${schedules.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(eq(schedules.id, scheduleId));
  return changed;
}
