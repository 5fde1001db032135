/**
 * R-KPI-1: the wire contract of `GET /api/v1/kpis/delivery?from=YYYY-MM-DD&to=YYYY-MM-DD&plantIds=…`:
 * its query and its answer, one set of figures for the whole and one per plant. Every figure is
 * null when there was nothing to measure, never 0 for "no data".
 */
import { z } from 'zod';
import { deliveryStageKeys, type DeliveryStage } from './stage-minutes';
import { idListQuerySchema, idSchema } from '../api/fields';
import { calendarDaySchema, isCalendarDay } from '../dates/calendar-day';

/** The longest period one answer covers, a year as reports allow (R-RPT), to bound the read. */
export const deliveryKpiMaxDays = 366;

const dayMs = 86_400_000;

/**
 * `to` on or after `from` and within a year of it; only asked of two real days, so a malformed
 * day is refused once, for itself.
 */
function checkPeriod(period: { from: string; to: string }, context: z.RefinementCtx): void {
  if (!isCalendarDay(period.from) || !isCalendarDay(period.to)) return;
  const days =
    (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / dayMs;
  if (days < 0) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  } else if (days >= deliveryKpiMaxDays) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be within ${deliveryKpiMaxDays} days of from`,
    });
  }
}

/** No plantIds: every plant the caller may see. */
export const deliveryKpisQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    plantIds: idListQuerySchema.optional(),
  })
  .superRefine(checkPeriod);
export type DeliveryKpisQuery = z.output<typeof deliveryKpisQuerySchema>;

const percent = z.number().min(0).max(100).nullable();
const minutes = z.number().nonnegative().nullable();

const stageMinutesSchema = z.object(
  Object.fromEntries(deliveryStageKeys.map((stage) => [stage, minutes])) as Record<
    DeliveryStage,
    typeof minutes
  >,
);

export const deliveryKpiFiguresSchema = z.object({
  /** R-KPI-2: first loads on time, % of the orders whose first load is known, to 0.1. */
  onTimePercent: percent,
  /** R-KPI-3: mean minutes per stage over the tickets that have it, to 0.1. */
  stageMinutes: stageMinutesSchema,
  /** R-KPI-4: truck minutes on tickets, % of truck minutes available, to 0.1. */
  truckUtilisationPercent: percent,
  /** R-KPI-5: delivered quantity per truck-hour on tickets, in the tickets' unit, to 0.01. */
  quantityPerTruckHour: z.number().nonnegative().nullable(),
});
export type DeliveryKpiFigures = z.infer<typeof deliveryKpiFiguresSchema>;

export const plantDeliveryKpisSchema = deliveryKpiFiguresSchema.extend({ plantId: idSchema });
export type PlantDeliveryKpis = z.infer<typeof plantDeliveryKpisSchema>;

/** R-KPI-6: the whole period over every plant asked for, and each plant, by plant id. */
export const deliveryKpisSchema = deliveryKpiFiguresSchema.extend({
  byPlant: z.array(plantDeliveryKpisSchema),
});
export type DeliveryKpis = z.infer<typeof deliveryKpisSchema>;
