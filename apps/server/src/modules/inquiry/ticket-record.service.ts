/**
 * R-INQ-4: one ticket as ticket inquiry shows it: its order, customer, job with its address,
 * plant, truck, driver and status (void with its reason), product lines with their amounts and
 * the ticket's totals (R-TENT-7: tax at the job's or customer's schedule), the loop's time stamps,
 * the weights batched (R-BATCH-6), the changes edit tickets recorded (R-TEDIT-2) and the invoice
 * it is on. Read-only: nothing here writes.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ticketTotals } from '@dispatch/domain/dispatch/ticket-entry';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import {
  ticketInquiryTimeFields,
  type TicketInquiryDetail,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { employees } from '../../db/schema/employees';
import { jobs } from '../../db/schema/jobs';
import { ticketStatuses, truckCompanies, voidStatuses } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { drivers } from '../../db/schema/trucks';
import { ticketBatch } from '../tickets/ticket-batch';
import { postalLines } from '@dispatch/domain/postal-address';
import { taxRateFor } from '../orders/order-pricing';
import { historyOf, isPriceChange } from '../ticket-edits/ticket-edit.service';
import { isTicketVoided } from '../tickets/ticket-void';
import { ticketJobId, ticketPo } from '../tickets/ticket-job-and-po';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export async function ticketRecord(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[]; hidePrices: boolean },
): Promise<TicketInquiryDetail | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await db
    .select({
      ticket: tickets,
      order: {
        id: orders.id,
        number: orders.number,
        orderDate: orders.orderDate,
        shipDate: orders.shipDate,
        systemTypeId: orders.systemTypeId,
        customerId: orders.customerId,
      },
      customerPoNumber: ticketPo,
      customer: { number: customers.number, name: orders.customerName },
      job: jobs,
      plantName: plants.description,
      companyName: truckCompanies.name,
      driverName: drivers.name,
      batchmanName: employees.completeName,
      statusName: ticketStatuses.description,
      voidStatusName: voidStatuses.description,
      invoice: {
        id: invoices.id,
        number: invoices.number,
        invoiceDate: invoices.invoiceDate,
      },
      creditedByNumber: sql<
        number | null
      >`(select credit.number from ${invoices} credit where credit.credits_invoice_id = ${tickets.invoiceId})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .innerJoin(ticketStatuses, eq(ticketStatuses.id, tickets.statusId))
    .leftJoin(voidStatuses, eq(voidStatuses.id, tickets.voidStatusId))
    .leftJoin(jobs, eq(jobs.id, ticketJobId))
    .leftJoin(truckCompanies, eq(truckCompanies.id, tickets.truckCompanyId))
    .leftJoin(drivers, eq(drivers.id, tickets.driverId))
    .leftJoin(employees, eq(employees.id, tickets.batchmanId))
    .leftJoin(invoices, eq(invoices.id, tickets.invoiceId))
    .where(
      and(
        eq(tickets.id, options.id),
        inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  if (!row) return undefined;
  const { ticket, order, job } = row;
  const lines = await db
    .select({ line: ticketProducts, number: products.number, description: products.description })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .where(eq(ticketProducts.ticketId, ticket.id))
    .orderBy(asc(ticketProducts.id));
  const priced = !options.hidePrices && lines.some(({ line }) => line.price !== null);
  const totals = priced
    ? ticketTotals(
        lines.map(({ line }) => ({
          quantity: line.quantity,
          price: line.price,
          taxable: line.taxableFlag,
        })),
        await taxRateFor(db, { jobId: job?.id ?? null, customerId: order.customerId }),
        ticket.restockingCharge ?? 0,
      )
    : null;
  const audit = await db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.resource, 'tickets'), eq(auditTrail.recordId, String(ticket.id))))
    .orderBy(desc(auditTrail.at), desc(auditTrail.id));
  const history = historyOf(audit).map((entry) =>
    options.hidePrices
      ? { ...entry, changes: entry.changes.filter((change) => !isPriceChange(change.field)) }
      : entry,
  );
  const batchWeights =
    order.systemTypeId === 1
      ? (await ticketBatch(db, ticket.id, options.allowedSystemTypeIds)).weights
      : [];
  const voided = isTicketVoided(ticket);
  return {
    id: ticket.id,
    number: ticket.number,
    systemTypeId: order.systemTypeId as SystemTypeId,
    billOfLadingNumber: ticket.billOfLadingNumber,
    loadNumber: ticket.loadNumber,
    statusId: ticket.statusId,
    statusName: row.statusName,
    voidedFlag: voided,
    voidStatusName: voided ? (row.voidStatusName ?? row.statusName) : null,
    voidReason: ticket.voidReason,
    voidDateTime: iso(ticket.voidDateTime),
    voidUserName: ticket.voidUserName,
    userName: ticket.userName,
    order: {
      id: order.id,
      number: order.number,
      orderDate: order.orderDate,
      shipDate: order.shipDate,
    },
    customerPoNumber: row.customerPoNumber,
    customer: { id: order.customerId, ...row.customer },
    job: job
      ? {
          id: job.id,
          number: job.number,
          site: job.address2 ?? '',
          // The seven lines: 1 street, 3 city, 5 state, 6 county, 7 ZIP; 4 is directions.
          lines: postalLines([
            job.address1,
            null,
            job.address3,
            null,
            job.address5,
            job.address6,
            job.address7,
          ]),
          directions: job.address4 ?? '',
        }
      : null,
    plant: { id: ticket.plantId, name: row.plantName },
    truck: {
      id: ticket.truckId,
      number: ticket.truckNumber ?? '',
      companyName: row.companyName,
    },
    driver: ticket.driverId !== null ? { id: ticket.driverId, name: row.driverName ?? '' } : null,
    batchmanName: row.batchmanName,
    weights: {
      grossWeight: ticket.grossWeight,
      tareWeight: ticket.tareWeight,
      netWeight: ticket.netWeight,
      waterAdded: ticket.waterAdded,
      maxAllowableWaterGallons: ticket.maxAllowableWaterGallons,
    },
    codAmount: ticket.codAmount,
    notes: ticket.notes ?? '',
    lines: lines.map(({ line, number, description }) => ({
      id: line.id,
      productId: line.productId,
      productNumber: number,
      description,
      quantity: line.quantity,
      deliveredQuantity: line.deliveredQuantity,
      unusedQuantity: line.unusedQuantity,
      unitOfMeasure: line.unitOfMeasure,
      slump: line.slump,
      taxableFlag: line.taxableFlag,
      price: line.price,
      extendedPrice: line.price === null ? null : lineAmount(line),
    })),
    totals: totals && {
      extendedPrice: addMoney(totals.subtotal, -totals.restockingCharge),
      taxRate: totals.taxRate,
      taxAmount: totals.tax,
      restockingCharge: totals.restockingCharge,
      totalAmount: totals.total,
    },
    times: Object.fromEntries(
      ticketInquiryTimeFields.map((field) => [field, iso(ticket[field])]),
    ) as TicketInquiryDetail['times'],
    batchWeights,
    history,
    invoice:
      row.invoice?.id != null
        ? {
            id: row.invoice.id,
            number: row.invoice.number,
            invoiceDate: row.invoice.invoiceDate,
            creditedByNumber: row.creditedByNumber === null ? null : Number(row.creditedByNumber),
          }
        : null,
    version: ticket.version,
    modifiedAt: ticket.modifiedAt.toISOString(),
    modifiedBy: ticket.modifiedBy,
  };
}
