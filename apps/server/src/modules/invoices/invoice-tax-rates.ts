/**
 * R-INV-4 with R-PRICE-6: each order's tax rate, from the job's tax schedule, else the customer's
 * (as order pricing's taxRateFor), read for many orders at once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { combinedTaxRate } from '@dispatch/domain/pricing/order-pricing';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { taxLevels, taxScheduleLevels } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';

/** The rate in percent of each order; orders without a schedule are absent (no tax). */
export async function taxRatesOfOrders(
  tx: Tx | Db,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  const rates = new Map<number, number>();
  if (orderIds.length === 0) return rates;
  const schedules = await tx
    .select({
      orderId: orders.id,
      taxScheduleId: sql<
        number | null
      >`coalesce(${jobs.taxScheduleId}, ${customers.taxScheduleId})`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(inArray(orders.id, [...orderIds]));
  const scheduleIds = [
    ...new Set(schedules.flatMap((row) => (row.taxScheduleId === null ? [] : [row.taxScheduleId]))),
  ];
  if (scheduleIds.length === 0) return rates;
  const levels = await tx
    .select({ taxScheduleId: taxScheduleLevels.taxScheduleId, rate: taxLevels.taxRate })
    .from(taxScheduleLevels)
    .innerJoin(taxLevels, eq(taxLevels.id, taxScheduleLevels.taxLevelId))
    .where(
      and(inArray(taxScheduleLevels.taxScheduleId, scheduleIds), eq(taxLevels.inactiveFlag, false)),
    );
  const bySchedule = new Map<number, number[]>();
  for (const level of levels) {
    bySchedule.set(level.taxScheduleId, [
      ...(bySchedule.get(level.taxScheduleId) ?? []),
      level.rate,
    ]);
  }
  for (const row of schedules) {
    if (row.taxScheduleId === null) continue;
    rates.set(row.orderId, combinedTaxRate(bySchedule.get(Number(row.taxScheduleId)) ?? []));
  }
  return rates;
}
