/**
 * Test builders for the delivery figures (R-KPI), so every test writes a ticket the same way.
 * Times are the plant's wall clock without a zone (R-VALID-15), so a day is the same day in
 * whatever zone the tests run.
 */
import { ticketStatusIds } from '../delivery/ticket-status';
import type { DeliveryKpiTicket } from './kpi-ticket';

/** The day the worked examples happen on. */
export const kpiDay = '2026-03-10';

/** 'HH:mm' on the examples' day (or another), as a stamp without a zone. */
export const at = (hhmm: string, day: string = kpiDay): string => `${day}T${hhmm}`;

const unstamped = {
  batchDateTime: null,
  loadedDateTime: null,
  toJobDateTime: null,
  onJobDateTime: null,
  startUnloadDateTime: null,
  finishUnloadDateTime: null,
  toPlantDateTime: null,
  arrivePlantDateTime: null,
} as const satisfies Partial<DeliveryKpiTicket>;

/** A complete ticket of order 1 at plant 1 on truck 11, written at 07:00, with no stamps yet. */
export function kpiTicket(fields: Partial<DeliveryKpiTicket> = {}): DeliveryKpiTicket {
  return {
    orderId: 1,
    plantId: 1,
    truckId: 11,
    statusId: ticketStatusIds.complete,
    voided: false,
    ticketDateTime: at('07:00'),
    deliveredQuantity: 0,
    ...unstamped,
    ...fields,
  };
}
