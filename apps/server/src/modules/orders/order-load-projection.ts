/** Projecting a schedule's loads (R-ORD-5) and writing them. */
import { eq, inArray, sql } from 'drizzle-orm';
import {
  LoadProjectionError,
  reprojectLoads,
  type LoadProjectionInput,
  type ProjectedLoad,
} from '@dispatch/domain/orders/load-projection';
import type { ScheduleFormEntry } from '@dispatch/domain/orders/order-entry';
import type { Tx } from '../../db/client';
import { loads } from '../../db/schema/tickets';
import { loadStatusIds } from '../../db/reference-ids';
import { validationError } from '../../http/api-error';
import type { ReferenceData } from './order-references';
import type { OrderWriter } from './order-writer';

/** The primary line's load size, else what the schedule's truck type carries. */
export function loadSizeOf(
  lineLoadSize: number | null | undefined,
  truckTypeId: number | null,
  refs: ReferenceData,
): number | null {
  if (lineLoadSize !== null && lineLoadSize !== undefined) return lineLoadSize;
  return truckTypeId === null ? null : (refs.truckLoadSizes.get(truckTypeId) ?? null);
}

/** What a schedule's loads are projected from; null while it has no first-load time or load size. */
export function projectionInputOf(
  form: ScheduleFormEntry,
  refs: ReferenceData,
): LoadProjectionInput | null {
  const schedule = form.schedule;
  const loadSize = loadSizeOf(form.primaryProduct.loadSize, schedule.truckTypeId, refs);
  if (schedule.firstLoadOnJobTime === null || loadSize === null) return null;
  const plant = refs.plants.get(schedule.plantId);
  return {
    firstLoadOnJobTime: schedule.firstLoadOnJobTime,
    totalQuantity: form.primaryProduct.quantity,
    loadSize,
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    addPlusLoad: schedule.addPlusLoad,
    travelTimeToJob: schedule.travelTimeToJob,
    travelTimeToPlant: schedule.travelTimeToPlant,
    onJobWaitMinutes: schedule.onJobWaitMinutes,
    onJobWashMinutes: schedule.onJobWashMinutes,
    batchMinutes: plant?.batchTime ?? 0,
    plantWashMinutes: plant?.washTime ?? 0,
  };
}

/** The field of the entry a projection error is about. */
const projectionFields: Partial<Record<keyof LoadProjectionInput, string>> = {
  totalQuantity: 'primaryProduct.quantity',
  loadSize: 'primaryProduct.loadSize',
  batchMinutes: 'schedule.plantId',
  plantWashMinutes: 'schedule.plantId',
};

/** Runs a projection; a bad input is a 400 naming the schedule's field. */
export function projecting<T>(index: number, project: () => T): T {
  try {
    return project();
  } catch (error) {
    if (!(error instanceof LoadProjectionError)) throw error;
    const field = projectionFields[error.field] ?? `schedule.${error.field}`;
    throw validationError([{ field: `schedules.${index}.${field}`, reason: error.reason }]);
  }
}

export const loadRow = (
  orderId: number,
  scheduleId: number,
  load: ProjectedLoad,
  username: string,
) => ({
  orderId,
  scheduleId,
  loadNumber: load.loadNumber,
  quantity: load.quantity,
  statusId: loadStatusIds.scheduled,
  onJobTime: new Date(load.onJobTime),
  modifiedBy: username,
});

/**
 * R-ORD-5: the schedule's loads not yet ticketed take the new projection (updated in place where
 * the load number stays, so a driver already assigned stays); ticketed ones are not touched.
 */
export async function reproject(
  tx: Tx,
  ids: { orderId: number; scheduleId: number },
  input: LoadProjectionInput | null,
  index: number,
  writer: OrderWriter,
): Promise<number | null> {
  const storedLoads = await tx
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      quantity: loads.quantity,
      ticketId: loads.ticketId,
      statusId: loads.statusId,
    })
    .from(loads)
    .where(eq(loads.scheduleId, ids.scheduleId));
  const ticketed = (load: (typeof storedLoads)[number]) =>
    load.ticketId !== null ||
    load.statusId === loadStatusIds.ticketed ||
    load.statusId === loadStatusIds.delivered;
  const result = input
    ? projecting(index, () =>
        reprojectLoads(
          storedLoads.map((load) => ({ ...load, ticketed: ticketed(load) })),
          input,
        ),
      )
    : null;
  const open = new Map(
    storedLoads.filter((load) => !ticketed(load)).map((load) => [load.loadNumber, load]),
  );
  for (const load of result?.projected ?? []) {
    const existing = open.get(load.loadNumber);
    open.delete(load.loadNumber);
    if (existing) {
      await tx
        .update(loads)
        .set({
          quantity: load.quantity,
          onJobTime: new Date(load.onJobTime),
          statusId: loadStatusIds.scheduled,
          version: sql`${loads.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(loads.id, existing.id));
    } else {
      await tx.insert(loads).values(loadRow(ids.orderId, ids.scheduleId, load, writer.username));
    }
  }
  const extra = [...open.values()].map((load) => load.id);
  if (extra.length) await tx.delete(loads).where(inArray(loads.id, extra));
  return result?.numberOfLoads ?? null;
}
