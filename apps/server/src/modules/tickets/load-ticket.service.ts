/**
 * R-DISP-6: the ticket a dispatched load gets, written inside the dispatch's transaction: the
 * plant's next ticket number (gapless, R-QSALE-3), the truck's number, company and driver copied,
 * status open, the schedule's products for this load's quantity, for concrete the most water the
 * mix allows on site, and for a COD-only customer the amount the driver collects.
 */
import { asc, desc, eq, and } from 'drizzle-orm';
import { allowedWaterGallons, loadLineQuantity } from '@dispatch/domain/dispatch/load-ticket';
import type { TicketLiveView } from '@dispatch/domain/tickets/ticket';
import { orderTotals } from '@dispatch/domain/pricing/order-pricing';
import type { Tx } from '../../db/client';
import { scheduleProducts } from '../../db/schema/orders';
import { concreteMixes } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { creditStatusIds, ticketStatusIds } from '../../db/reference-ids';
import { taxRateFor } from '../orders/order-pricing';
import { publishTicket } from './ticket-live';
import { takeNextTicketNumber } from './ticket-numbers';

export type LoadTicketInput = {
  load: { loadNumber: number; quantity: number; scheduleId: number; driverId: number | null };
  order: {
    id: number;
    systemTypeId: number;
    customerId: number;
    jobId: number | null;
    customerCreditStatusId: number | null;
  };
  plantId: number;
  truck: {
    id: number;
    identificationNumber: string;
    truckCompanyId: number | null;
    driverId: number | null;
  };
  username: string;
  now: Date;
};

export type WrittenTicket = TicketLiveView & { number: number };

export async function writeLoadTicket(tx: Tx, input: LoadTicketInput): Promise<WrittenTicket> {
  const { load, order, truck, now } = input;
  const lines = await tx
    .select()
    .from(scheduleProducts)
    .where(eq(scheduleProducts.scheduleId, load.scheduleId))
    .orderBy(
      desc(scheduleProducts.primaryFlag),
      asc(scheduleProducts.sequence),
      asc(scheduleProducts.id),
    );
  // A schedule without a flagged primary product: its first line is the load.
  const primary = lines.find((line) => line.primaryFlag) ?? lines[0];
  const ticketLines = lines.map((line) => ({
    line,
    quantity: loadLineQuantity(
      { quantity: line.quantity, primaryFlag: line === primary },
      load.quantity,
      primary?.quantity ?? 0,
    ),
  }));

  let maxAllowableWaterGallons: number | null = null;
  if (order.systemTypeId === 1 && primary) {
    const [mix] = await tx
      .select({ perUnit: concreteMixes.maxExtraWaterGallons })
      .from(concreteMixes)
      .where(
        and(
          eq(concreteMixes.productId, primary.productId),
          eq(concreteMixes.plantId, input.plantId),
        ),
      );
    maxAllowableWaterGallons = allowedWaterGallons(mix?.perUnit, load.quantity);
  }

  let codAmount: number | null = null;
  if (order.customerCreditStatusId === creditStatusIds.codOnly) {
    const taxRate = await taxRateFor(tx, { jobId: order.jobId, customerId: order.customerId });
    codAmount = orderTotals(
      ticketLines.map(({ line, quantity }) => ({
        quantity,
        price: line.price,
        taxable: line.taxableFlag,
      })),
      taxRate,
    ).total;
  }

  const number = await takeNextTicketNumber(tx, input.plantId);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      number,
      orderId: order.id,
      scheduleId: load.scheduleId,
      plantId: input.plantId,
      truckId: truck.id,
      truckNumber: truck.identificationNumber,
      truckCompanyId: truck.truckCompanyId,
      loadNumber: load.loadNumber,
      statusId: ticketStatusIds.open,
      driverId: load.driverId ?? truck.driverId,
      maxAllowableWaterGallons,
      codAmount,
      ticketDateTime: now,
      userName: input.username,
      modifiedAt: now,
      modifiedBy: input.username,
    })
    .returning({
      id: tickets.id,
      statusId: tickets.statusId,
      orderId: tickets.orderId,
      plantId: tickets.plantId,
    });
  if (ticketLines.length > 0) {
    await tx.insert(ticketProducts).values(
      ticketLines.map(({ line, quantity }) => ({
        ticketId: ticket!.id,
        productId: line.productId,
        quantity,
        price: line.price,
        slump: line.slump,
        taxableFlag: line.taxableFlag,
        unitOfMeasure: line.unitOfMeasure,
        modifiedAt: now,
        modifiedBy: input.username,
      })),
    );
  }
  const live: TicketLiveView = {
    id: ticket!.id,
    statusId: ticket!.statusId,
    orderId: ticket!.orderId,
    plantId: ticket!.plantId,
  };
  await publishTicket(tx, live);
  return { ...live, number };
}
