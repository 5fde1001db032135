/**
 * R-DISP-9, R-DISP-11: what a printed delivery ticket says, read in one place: the ticket and its order,
 * plant, customer, job, truck and driver, each product with this load's quantity, the order's
 * quantity and the cumulative quantity delivered on the order's tickets up to this one (voided
 * tickets left out), and for concrete the mix's design and the weights batched per raw material
 * (R-BATCH-6). The ticket's own job and PO when a clerk set them (R-TEDIT-2; null reads the
 * order's), its void status and reason (R-TEDIT-9), and its money (R-TENT-7): subtotal, tax at the
 * job's or customer's tax schedule, restocking charge, total and the cash-on-delivery amount.
 * Once the receiver has signed on the driver's phone, the signed delivery (R-ETICKET-8).
 */
import { and, asc, eq, inArray, lte, not, or, lt, sql } from 'drizzle-orm';
import type { BatchWeight } from '@dispatch/domain/batching/batch-queue';
import { documentLanguageOf, type DocumentLanguage } from '@dispatch/domain/document-language';
import { ticketTotals, type TicketTotals } from '@dispatch/domain/dispatch/ticket-entry';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { voidStatuses } from '../../db/schema/lookups';
import { orders, scheduleProducts } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { concreteMixes, products } from '../../db/schema/products';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { drivers } from '../../db/schema/trucks';
import { ticketBatch } from './ticket-batch';
import { postalLines } from '@dispatch/domain/postal-address';
import { taxRateFor } from '../orders/order-pricing';
import { ticketVoided } from './ticket-void';

export type TicketPrintLine = {
  productNumber: string;
  description: string;
  quantity: number;
  unit: string;
  price: number | null;
  slump: number | null;
  orderedQuantity: number | null;
  cumulativeQuantity: number;
  unitsPerCube: number | null;
  taxable: boolean;
};

export type TicketMix = {
  description: string;
  strength: number | null;
  slump: number | null;
  air: number | null;
  aggregateSize: string | null;
  cementType: string | null;
  waterToCementRatio: number | null;
};

/** R-ETICKET-8: what the receiver signed for at the job, as the ticket prints it. */
export type TicketPrintDelivery = {
  receiverName: string;
  /** A PNG data URL, checked through when it was stored (R-ETICKET-2). */
  signaturePng: string;
  deliveredQuantity: number;
  waterAdded: number;
  waterUnit: 'gal' | 'L';
  waterOverMaximumSigned: boolean;
  comments: string;
  signedAt: Date;
};

export type TicketPrint = {
  number: number;
  systemTypeId: SystemTypeId;
  voidStatus: string | null;
  /** R-TEDIT-9: why it was voided, when it was. */
  voidReason: string | null;
  ticketDateTime: Date;
  batchDateTime: Date | null;
  loadNumber: number | null;
  plant: { name: string; lines: string[]; phone: string | null };
  orderNumber: number;
  customerPoNumber: string;
  /** Issue 25, item 4: the ticket is printed in the customer's language. */
  customer: { number: string; name: string; language: DocumentLanguage };
  job: { number: string; site: string; lines: string[]; directions: string } | null;
  truckNumber: string;
  driverName: string;
  grossWeight: number | null;
  tareWeight: number | null;
  netWeight: number | null;
  /** R-TENT-3: an aggregate ticket's bill of lading. */
  billOfLadingNumber?: number | null;
  waterAdded: number | null;
  maxAllowableWaterGallons: number | null;
  codAmount: number | null;
  ticketNotes: string;
  lines: TicketPrintLine[];
  mix: TicketMix | null;
  /** R-BATCH-6: concrete's batched weights per raw material, target and actual; empty if none. */
  batchWeights: BatchWeight[];
  /** R-TENT-7: the ticket's money; null when no line is priced. */
  totals: TicketTotals | null;
  /** R-ETICKET-8: the signed delivery; absent or null until the receiver signs. */
  delivery?: TicketPrintDelivery | null;
};

const addressOf = (row: Record<`address${1 | 2 | 3 | 4 | 5 | 6 | 7}`, string | null>) => [
  row.address1,
  row.address2,
  row.address3,
  row.address4,
  row.address5,
  row.address6,
  row.address7,
];

/** The ticket as printed, when it exists and its order is of one of the caller's system types. */
export async function ticketPrintOf(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<TicketPrint | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await db
    .select({
      ticket: tickets,
      order: orders,
      plant: plants,
      customer: { number: customers.number, name: customers.name, language: customers.language },
      job: jobs,
      driverName: drivers.name,
      voidStatus: voidStatuses.description,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    // R-TEDIT-2: the ticket's own job when a clerk set one, else the order's.
    .leftJoin(jobs, eq(jobs.id, sql`coalesce(${tickets.jobId}, ${orders.jobId})`))
    .leftJoin(drivers, eq(drivers.id, tickets.driverId))
    .leftJoin(voidStatuses, eq(voidStatuses.id, tickets.voidStatusId))
    .where(
      and(
        eq(tickets.id, options.id),
        inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  if (!row) return undefined;
  const { ticket, order, plant, job } = row;
  const lines = await printLines(db, ticket, order.id);
  const primaryProductId = lines[0]?.productId;
  const [mix] =
    order.systemTypeId === 1 && primaryProductId !== undefined
      ? await db
          .select({
            description: concreteMixes.description,
            strength: concreteMixes.strength,
            slump: concreteMixes.slump,
            air: concreteMixes.air,
            aggregateSize: concreteMixes.aggregateSize,
            cementType: concreteMixes.cementType,
            waterToCementRatio: concreteMixes.waterToCementRatio,
          })
          .from(concreteMixes)
          .where(
            and(
              eq(concreteMixes.productId, primaryProductId),
              eq(concreteMixes.plantId, ticket.plantId),
            ),
          )
      : [];
  const priced = lines.some((line) => line.price !== null);
  const totals = priced
    ? ticketTotals(
        lines,
        await taxRateFor(db, { jobId: job?.id ?? null, customerId: order.customerId }),
        ticket.restockingCharge ?? 0,
      )
    : null;
  const batchWeights =
    order.systemTypeId === 1
      ? (await ticketBatch(db, ticket.id, options.allowedSystemTypeIds)).weights
      : [];
  const [delivery] = await db
    .select({
      receiverName: ticketDeliveries.receiverName,
      signaturePng: ticketDeliveries.signaturePng,
      deliveredQuantity: ticketDeliveries.deliveredQuantity,
      waterAdded: ticketDeliveries.waterAdded,
      waterUnit: ticketDeliveries.waterUnit,
      waterOverMaximumSigned: ticketDeliveries.waterOverMaximumSigned,
      comments: ticketDeliveries.comments,
      signedAt: ticketDeliveries.signedAt,
    })
    .from(ticketDeliveries)
    .where(eq(ticketDeliveries.ticketId, ticket.id));
  const [street, site, city, directions, state, county, postalCode] = job ? addressOf(job) : [];
  return {
    number: ticket.number,
    systemTypeId: order.systemTypeId as SystemTypeId,
    voidStatus:
      ticket.voidStatusId !== null || ticket.voidDateTime !== null
        ? (row.voidStatus ?? 'Void')
        : null,
    voidReason: ticket.voidReason,
    ticketDateTime: ticket.ticketDateTime,
    batchDateTime: ticket.batchDateTime,
    loadNumber: ticket.loadNumber,
    plant: {
      name: plant.description,
      lines: postalLines(addressOf(plant)),
      phone: plant.phoneNumber,
    },
    orderNumber: order.number,
    customerPoNumber: ticket.customerPoNumber ?? order.customerPoNumber,
    customer: { ...row.customer, language: documentLanguageOf(row.customer.language) },
    job: job
      ? {
          number: job.number,
          site: site ?? '',
          lines: postalLines([street, null, city, null, state, county, postalCode]),
          directions: directions ?? '',
        }
      : null,
    truckNumber: ticket.truckNumber ?? '',
    driverName: row.driverName ?? '',
    grossWeight: ticket.grossWeight,
    tareWeight: ticket.tareWeight,
    netWeight: ticket.netWeight,
    billOfLadingNumber: ticket.billOfLadingNumber,
    waterAdded: ticket.waterAdded,
    maxAllowableWaterGallons: ticket.maxAllowableWaterGallons,
    codAmount: ticket.codAmount,
    ticketNotes: order.ticketNotes ?? '',
    lines: lines.map(({ productId: _productId, ...line }) => line),
    mix: mix ?? null,
    batchWeights,
    totals,
    delivery: delivery
      ? {
          ...delivery,
          waterUnit: delivery.waterUnit === 'L' ? 'L' : 'gal',
          comments: delivery.comments ?? '',
        }
      : null,
  };
}

async function printLines(
  db: Db,
  ticket: typeof tickets.$inferSelect,
  orderId: number,
): Promise<(TicketPrintLine & { productId: number })[]> {
  const rows = await db
    .select({
      productId: ticketProducts.productId,
      productNumber: products.number,
      description: products.description,
      quantity: ticketProducts.quantity,
      unitOfMeasure: ticketProducts.unitOfMeasure,
      price: ticketProducts.price,
      slump: ticketProducts.slump,
      taxable: ticketProducts.taxableFlag,
    })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .where(eq(ticketProducts.ticketId, ticket.id))
    .orderBy(asc(ticketProducts.id));
  if (rows.length === 0) return [];
  const productIds = rows.map((line) => line.productId);
  // The order's tickets up to this one (by time, then id), voided ones left out.
  const upToThis = or(
    lt(tickets.ticketDateTime, ticket.ticketDateTime),
    and(eq(tickets.ticketDateTime, ticket.ticketDateTime), lte(tickets.id, ticket.id)),
  );
  const cumulative = await db
    .select({
      productId: ticketProducts.productId,
      total: sql<number>`coalesce(sum(${ticketProducts.quantity}), 0)::float8`,
    })
    .from(ticketProducts)
    .innerJoin(tickets, eq(tickets.id, ticketProducts.ticketId))
    .where(
      and(
        eq(tickets.orderId, orderId),
        inArray(ticketProducts.productId, productIds),
        not(ticketVoided),
        upToThis,
      ),
    )
    .groupBy(ticketProducts.productId);
  const ordered = await db
    .select({
      productId: scheduleProducts.productId,
      total: sql<number>`sum(${scheduleProducts.quantity})::float8`,
      unitsPerCube: sql<number | null>`max(${scheduleProducts.unitsPerCube})::float8`,
    })
    .from(scheduleProducts)
    .where(
      and(
        inArray(scheduleProducts.productId, productIds),
        ticket.scheduleId === null
          ? sql`${scheduleProducts.scheduleId} in (select id from schedules where order_id = ${orderId})`
          : eq(scheduleProducts.scheduleId, ticket.scheduleId),
      ),
    )
    .groupBy(scheduleProducts.productId);
  const cumulativeOf = new Map(cumulative.map((line) => [line.productId, Number(line.total)]));
  const orderedOf = new Map(ordered.map((line) => [line.productId, line]));
  return rows.map((line) => {
    const orderLine = orderedOf.get(line.productId);
    const unit = line.unitOfMeasure;
    return {
      productId: line.productId,
      productNumber: line.productNumber,
      description: line.description,
      quantity: line.quantity,
      unit: unit !== null && isUnitId(unit) ? unitAbbreviation(unit) : '',
      price: line.price,
      slump: line.slump,
      taxable: line.taxable,
      orderedQuantity: orderLine ? Number(orderLine.total) : null,
      cumulativeQuantity: cumulativeOf.get(line.productId) ?? 0,
      unitsPerCube:
        orderLine?.unitsPerCube === null || orderLine?.unitsPerCube === undefined
          ? null
          : Number(orderLine.unitsPerCube),
    };
  });
}
