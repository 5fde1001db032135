/**
 * R-INV-1: the tickets a clerk may invoice: delivered (or complete), not voided, not on an invoice,
 * of the caller's system types, in a date range, by customer, plant and system type; grouped by
 * customer and order, with each line's amounts and tax as the invoice will carry them.
 */
import { and, asc, eq, gte, inArray, isNull, lt, not, type SQL } from 'drizzle-orm';
import { sumAmounts, invoiceLineAmounts } from '@dispatch/domain/invoicing/invoice-arithmetic';
import {
  deliveredTicketStatusIds,
  invoicingProblem,
} from '@dispatch/domain/invoicing/invoice-selection';
import {
  invoiceTicketLimit,
  type CandidateCustomer,
  type CandidateOrder,
  type CandidateTicket,
  type InvoiceCandidates,
  type InvoiceCandidatesQuery,
} from '@dispatch/domain/invoicing/invoice-schemas';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { startOfBusinessDay } from '../tickets/tickets.service';
import { ticketVoided } from '../tickets/ticket-void';
import { taxRatesOfOrders } from './invoice-tax-rates';

/** The business day a ticket belongs to, in the server's zone (as the ticket list reads days). */
export const ticketDay = (instant: Date): string => formatDate(instant, 'YYYY-MM-DD');

export type TicketProductRow = {
  ticketId: number;
  productId: number;
  productNumber: string;
  description: string;
  quantity: number;
  deliveredQuantity: number;
  unitOfMeasure: number | null;
  price: number | null;
  taxable: boolean;
};

/** The products of tickets, in entry order, with what an invoice line copies of each. */
export async function productsOfTickets(
  tx: Tx | Db,
  ticketIds: readonly number[],
): Promise<Map<number, TicketProductRow[]>> {
  const byTicket = new Map<number, TicketProductRow[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await tx
    .select({
      ticketId: ticketProducts.ticketId,
      productId: ticketProducts.productId,
      productNumber: products.number,
      description: products.description,
      quantity: ticketProducts.quantity,
      deliveredQuantity: ticketProducts.deliveredQuantity,
      unitOfMeasure: ticketProducts.unitOfMeasure,
      productUnit: products.unitOfMeasureId,
      price: ticketProducts.price,
      taxable: ticketProducts.taxableFlag,
    })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .where(inArray(ticketProducts.ticketId, [...ticketIds]))
    .orderBy(asc(ticketProducts.ticketId), asc(ticketProducts.id));
  for (const { productUnit, ...row } of rows) {
    byTicket.set(row.ticketId, [
      ...(byTicket.get(row.ticketId) ?? []),
      {
        ...row,
        deliveredQuantity: row.deliveredQuantity ?? 0,
        unitOfMeasure: row.unitOfMeasure ?? productUnit,
      },
    ]);
  }
  return byTicket;
}

/**
 * R-INV-1: tickets that may be listed for invoicing, delivered on business days `from` to `to`:
 * delivered (or complete), not voided, not on an invoice. Flag Invoice and the nightly run
 * (R-INV-13) select with these.
 */
export function openDeliveredTickets(from: string, to: string): SQL[] {
  return [
    gte(tickets.ticketDateTime, startOfBusinessDay(from)),
    lt(tickets.ticketDateTime, startOfBusinessDay(to, 1)),
    inArray(tickets.statusId, [...deliveredTicketStatusIds]),
    not(ticketVoided),
    isNull(tickets.invoiceId),
  ];
}

export async function listInvoiceCandidates(
  db: Db,
  query: InvoiceCandidatesQuery & { allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<InvoiceCandidates> {
  const allowed = query.systemTypeId
    ? query.allowedSystemTypeIds.filter((type) => type === query.systemTypeId)
    : [...query.allowedSystemTypeIds];
  if (allowed.length === 0) return { customers: [], ticketCount: 0, truncated: false };
  const conditions: (SQL | undefined)[] = [
    ...openDeliveredTickets(query.from, query.to),
    inArray(orders.systemTypeId, allowed),
  ];
  if (query.customerId !== undefined) conditions.push(eq(orders.customerId, query.customerId));
  if (query.plantId !== undefined) conditions.push(eq(tickets.plantId, query.plantId));
  const rows = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      ticketDateTime: tickets.ticketDateTime,
      plantId: tickets.plantId,
      plantName: plants.description,
      truckNumber: tickets.truckNumber,
      statusId: tickets.statusId,
      orderId: orders.id,
      orderNumber: orders.number,
      customerPoNumber: orders.customerPoNumber,
      systemTypeId: orders.systemTypeId,
      customerId: customers.id,
      customerNumber: customers.number,
      customerName: customers.name,
      jobNumber: jobs.number,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(and(...conditions))
    .orderBy(
      asc(customers.name),
      asc(customers.id),
      asc(orders.number),
      asc(tickets.ticketDateTime),
      asc(tickets.id),
    )
    .limit(invoiceTicketLimit + 1);
  const truncated = rows.length > invoiceTicketLimit;
  const shown = rows.slice(0, invoiceTicketLimit);
  const lines = await productsOfTickets(
    db,
    shown.map((row) => row.id),
  );
  const rates = await taxRatesOfOrders(db, [...new Set(shown.map((row) => row.orderId))]);

  const byCustomer = new Map<number, CandidateCustomer>();
  const byOrder = new Map<number, CandidateOrder>();
  for (const row of shown) {
    let customer = byCustomer.get(row.customerId);
    if (!customer) {
      customer = {
        customerId: row.customerId,
        customerNumber: row.customerNumber,
        customerName: row.customerName,
        ticketCount: 0,
        orders: [],
      };
      byCustomer.set(row.customerId, customer);
    }
    let order = byOrder.get(row.orderId);
    if (!order) {
      order = {
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        jobNumber: row.jobNumber ?? '',
        customerPoNumber: row.customerPoNumber ?? '',
        systemTypeId: row.systemTypeId,
        taxRate: rates.get(row.orderId) ?? 0,
        tickets: [],
      };
      byOrder.set(row.orderId, order);
      customer.orders.push(order);
    }
    const products = lines.get(row.id) ?? [];
    const ticketDate = ticketDay(row.ticketDateTime);
    const problem = invoicingProblem({
      id: row.id,
      number: row.number,
      statusId: row.statusId,
      voided: false,
      invoiceNumber: null,
      ticketDate,
      lines: products,
    });
    const candidateLines = products.map((line) => ({
      productId: line.productId,
      productNumber: line.productNumber,
      description: line.description,
      quantity: line.quantity,
      deliveredQuantity: line.deliveredQuantity,
      unitOfMeasure: line.unitOfMeasure,
      taxable: line.taxable,
      unitPrice: line.price,
      ...invoiceLineAmounts(
        { quantity: line.quantity, unitPrice: line.price ?? 0, taxable: line.taxable },
        rates.get(row.orderId) ?? null,
      ),
    }));
    const ticket: CandidateTicket = {
      id: row.id,
      number: row.number,
      ticketDateTime: row.ticketDateTime.toISOString(),
      ticketDate,
      plantId: row.plantId,
      plantName: row.plantName,
      truckNumber: row.truckNumber ?? '',
      problem: problem?.message ?? null,
      lines: candidateLines,
      ...sumAmounts(candidateLines),
    };
    order.tickets.push(ticket);
    customer.ticketCount += 1;
  }
  const grouped = [...byCustomer.values()].map((customer) => ({
    ...customer,
    ...sumAmounts(
      customer.orders.flatMap((order) =>
        order.tickets.map((ticket) => ({
          extendedPrice: ticket.extendedPrice ?? 0,
          taxAmount: ticket.taxAmount ?? 0,
          totalAmount: ticket.totalAmount ?? 0,
        })),
      ),
    ),
  }));
  return { customers: grouped, ticketCount: shown.length, truncated };
}
