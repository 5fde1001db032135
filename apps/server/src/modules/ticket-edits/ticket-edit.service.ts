/**
 * R-TEDIT-1..9: searching, reading and editing delivery tickets after they were written. Every
 * change is made under a lock on the ticket at the version the clerk opened (R-TEDIT-4), refused
 * for a void or invoiced ticket (R-INV-3), audited with who, when, why and each field old → new
 * (R-TEDIT-2), and announced with ticketUpdate_v1 and ticketModifiedNotification_v1 in its
 * transaction.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, min, not, sql, type SQL } from 'drizzle-orm';
import { changedFields } from '@dispatch/domain/audit/audit-trail';
import { isPriceField } from '@dispatch/domain/pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import {
  firstTimeOutOfOrder,
  ticketEditFieldOrder,
  ticketLoopTimeFields,
  type TicketBatchEdit,
  type TicketBatchOutcome,
  type TicketEdit,
  type TicketEditDetail,
  type TicketEditRow,
  type TicketHistoryEntry,
  type TicketLoopTimes,
  type TicketSearchQuery,
  type TicketTimesEdit,
} from '@dispatch/domain/tickets/ticket-edits';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { jobs } from '../../db/schema/jobs';
import { ticketStatuses } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { drivers, trucks } from '../../db/schema/trucks';
import { publish } from '../../dispatch/publish';
import { notFound, validationError, type FieldProblem } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { likePattern } from '../../http/list-query';
import { refuseInvoicedTickets } from '../orders/ticket-invoice-guard';
import { settleOrderDeliveries } from '../deliveries/delivery-settlement.service';
import { publishTicket, ticketLiveColumns } from '../tickets/ticket-live';
import { isTicketVoided, ticketVoided } from '../tickets/ticket-void';
import { refuseStale, refuseVoided } from '../tickets/ticket-refusals';
import { startOfBusinessDay } from '../tickets/tickets.service';

type Scope = { allowedSystemTypeIds: readonly SystemTypeId[] };
type Writer = { username: string; now: Date };

/** The ticket's first product line: the one the grids edit and the delivery ticket prints first. */
const firstLines = (db: Db | Tx) =>
  db
    .select({ ticketId: ticketProducts.ticketId, lineId: min(ticketProducts.id).as('line_id') })
    .from(ticketProducts)
    .groupBy(ticketProducts.ticketId)
    .as('first_lines');

const effectiveJobId = sql<number | null>`coalesce(${tickets.jobId}, ${orders.jobId})`;

async function selectRows(
  db: Db | Tx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
) {
  const first = firstLines(db);
  const query = db
    .select({
      ticket: tickets,
      plantName: plants.description,
      orderNumber: orders.number,
      customerName: orders.customerName,
      systemTypeId: orders.systemTypeId,
      orderJobId: orders.jobId,
      orderPo: orders.customerPoNumber,
      jobNumber: jobs.number,
      lineId: ticketProducts.id,
      productId: ticketProducts.productId,
      quantity: ticketProducts.quantity,
      price: ticketProducts.price,
      productDescription: products.description,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .leftJoin(jobs, eq(jobs.id, effectiveJobId))
    .leftJoin(first, eq(first.ticketId, tickets.id))
    .leftJoin(ticketProducts, eq(ticketProducts.id, first.lineId))
    .leftJoin(products, eq(products.id, ticketProducts.productId))
    .where(where)
    .orderBy(desc(tickets.ticketDateTime), asc(tickets.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows;
}
type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toRow(row: SelectedRow): TicketEditRow {
  const t = row.ticket;
  const times = Object.fromEntries(ticketLoopTimeFields.map((field) => [field, iso(t[field])]));
  return {
    id: t.id,
    number: t.number,
    plantId: t.plantId,
    plantName: row.plantName,
    orderId: t.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    systemTypeId: row.systemTypeId as SystemTypeId,
    statusId: t.statusId,
    voidedFlag: isTicketVoided(t),
    voidReason: t.voidReason,
    billOfLadingNumber: t.billOfLadingNumber,
    invoicedFlag: t.invoiceId !== null,
    truckId: t.truckId,
    truckNumber: t.truckNumber ?? '',
    driverId: t.driverId,
    jobId: t.jobId ?? row.orderJobId,
    jobNumber: row.jobNumber ?? '',
    customerPoNumber: t.customerPoNumber ?? row.orderPo,
    lineId: row.lineId,
    productId: row.productId,
    productDescription: row.productDescription ?? '',
    quantity: row.quantity,
    price: row.price,
    ...(times as Record<(typeof ticketLoopTimeFields)[number], string | null>),
    version: t.version,
    modifiedAt: t.modifiedAt.toISOString(),
    modifiedBy: t.modifiedBy,
  };
}

function scoped(scope: Scope, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(inArray(orders.systemTypeId, [...scope.allowedSystemTypeIds]), ...conditions);
}

/** R-TEDIT-3: tickets by number, day range, order, customer, truck and plant, newest first. */
export async function searchTickets(
  db: Db,
  query: TicketSearchQuery & Scope,
): Promise<{ rows: TicketEditRow[]; count: number }> {
  if (query.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const conditions: (SQL | undefined)[] = [];
  if (query.number !== undefined) conditions.push(eq(tickets.number, query.number));
  if (query.dateFrom)
    conditions.push(gte(tickets.ticketDateTime, startOfBusinessDay(query.dateFrom)));
  if (query.dateTo)
    conditions.push(lt(tickets.ticketDateTime, startOfBusinessDay(query.dateTo, 1)));
  if (query.orderNumber !== undefined) conditions.push(eq(orders.number, query.orderNumber));
  if (query.customer) conditions.push(ilike(orders.customerName, likePattern(query.customer)));
  // A truck number typed is its start: truck 12 is not truck 112.
  if (query.truck) conditions.push(ilike(tickets.truckNumber, likePattern(query.truck).slice(1)));
  if (query.plantId !== undefined) conditions.push(eq(tickets.plantId, query.plantId));
  if (query.includeVoided === false) {
    conditions.push(not(ticketVoided));
  }
  const rows = await selectRows(db, scoped(query, ...conditions), query);
  return { rows: rows.map(toRow), count: rows[0]?.total ?? 0 };
}

export function historyOf(entries: (typeof auditTrail.$inferSelect)[]): TicketHistoryEntry[] {
  return entries.map((entry) => {
    const after = { ...(entry.after ?? {}) } as Record<string, unknown>;
    const before = { ...(entry.before ?? {}) } as Record<string, unknown>;
    const reason = after.reason;
    delete after.reason;
    delete before.reason;
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      username: entry.username,
      action: entry.action,
      reason: typeof reason === 'string' ? reason : null,
      // A void's audit row also records its load's release: the load's own history tells that.
      changes: changedFields(before, after, ticketEditFieldOrder).filter(
        (change) => change.field !== 'load',
      ),
    };
  });
}

/** A price change's field names the price (price, price:2): hidden with prices (R-PERM-5). */
export const isPriceChange = (field: string) => isPriceField(field.split(':')[0] ?? field);

/** R-TEDIT-3: one ticket for the edit form, with its lines and its change history. */
export async function ticketEditDetail(
  db: Db,
  options: Scope & { id: number; hidePrices: boolean },
): Promise<TicketEditDetail | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await selectRows(db, scoped(options, eq(tickets.id, options.id)));
  if (!row) return undefined;
  const lines = await db
    .select({ line: ticketProducts, productDescription: products.description })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .where(eq(ticketProducts.ticketId, options.id))
    .orderBy(asc(ticketProducts.id));
  const audit = await db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.resource, 'tickets'), eq(auditTrail.recordId, String(options.id))))
    .orderBy(desc(auditTrail.at), desc(auditTrail.id));
  const history = historyOf(audit).map((entry) =>
    options.hidePrices
      ? { ...entry, changes: entry.changes.filter((change) => !isPriceChange(change.field)) }
      : entry,
  );
  return {
    ...toRow(row),
    notes: row.ticket.notes ?? '',
    orderJobId: row.orderJobId,
    orderCustomerPoNumber: row.orderPo,
    lines: lines.map(({ line, productDescription }) => ({
      id: line.id,
      productId: line.productId,
      productDescription,
      quantity: line.quantity,
      price: line.price,
      unitOfMeasure: line.unitOfMeasure,
    })),
    history,
  };
}

/** The ticket as its audit rows record it: names beside references (R-AUDIT-2's labels). */
async function snapshot(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({
      ticket: tickets,
      orderJobId: orders.jobId,
      orderPo: orders.customerPoNumber,
      jobNumber: jobs.number,
      truckNumber: trucks.identificationNumber,
      driverName: drivers.name,
      statusName: ticketStatuses.description,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketStatuses, eq(ticketStatuses.id, tickets.statusId))
    .leftJoin(jobs, eq(jobs.id, effectiveJobId))
    .leftJoin(trucks, eq(trucks.id, tickets.truckId))
    .leftJoin(drivers, eq(drivers.id, tickets.driverId))
    .where(eq(tickets.id, id));
  if (!row) throw notFound(`Ticket ${id}`);
  const t = row.ticket;
  const lines = await tx
    .select({ line: ticketProducts, description: products.description })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .where(eq(ticketProducts.ticketId, id))
    .orderBy(asc(ticketProducts.id));
  const record: Record<string, unknown> = {
    statusId: t.statusId,
    jobId: t.jobId ?? row.orderJobId,
    customerPoNumber: t.customerPoNumber ?? row.orderPo,
    truckId: t.truckId,
    driverId: t.driverId,
    notes: t.notes ?? '',
  };
  const labels: Record<string, string> = {
    statusId: row.statusName,
    jobId: row.jobNumber ?? '',
    truckId: row.truckNumber ?? t.truckNumber ?? '',
    driverId: row.driverName ?? '',
  };
  lines.forEach(({ line, description }, index) => {
    const suffix = index === 0 ? '' : `:${index + 1}`;
    record[`productId${suffix}`] = line.productId;
    record[`quantity${suffix}`] = line.quantity;
    record[`price${suffix}`] = line.price;
    labels[`productId${suffix}`] = description;
  });
  for (const field of ticketLoopTimeFields) record[field] = iso(t[field]);
  record.labels = labels;
  return record;
}

type LockedTicket = typeof tickets.$inferSelect & { systemTypeId: number };

async function lockTickets(tx: Tx, ids: readonly number[], scope: Scope): Promise<LockedTicket[]> {
  const rows = await tx
    .select({ ticket: tickets, systemTypeId: orders.systemTypeId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(inArray(tickets.id, [...ids]))
    .orderBy(asc(tickets.id))
    .for('update', { of: tickets });
  const found = new Map(
    rows
      .filter((row) => scope.allowedSystemTypeIds.some((type) => type === row.systemTypeId))
      .map((row) => [row.ticket.id, { ...row.ticket, systemTypeId: row.systemTypeId }]),
  );
  return ids.map((id) => {
    const ticket = found.get(id);
    if (!ticket) throw notFound(`Ticket ${id}`);
    return ticket;
  });
}

/** References a clerk typed must name rows that exist: else 400 naming the field. */
async function checkReferences(
  tx: Tx,
  edit: Pick<TicketEdit, 'truckId' | 'driverId' | 'jobId'> & { productIds: [string, number][] },
  prefix = '',
): Promise<void> {
  const problems: FieldProblem[] = [];
  const exists = async (
    table: typeof trucks | typeof drivers | typeof jobs | typeof products,
    id: number,
  ) => (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  if (edit.truckId != null && !(await exists(trucks, edit.truckId))) {
    problems.push({ field: `${prefix}truckId`, reason: `names no truck (${edit.truckId})` });
  }
  if (edit.driverId != null && !(await exists(drivers, edit.driverId))) {
    problems.push({ field: `${prefix}driverId`, reason: `names no driver (${edit.driverId})` });
  }
  if (edit.jobId != null && !(await exists(jobs, edit.jobId))) {
    problems.push({ field: `${prefix}jobId`, reason: `names no job (${edit.jobId})` });
  }
  for (const [field, id] of edit.productIds) {
    if (!(await exists(products, id))) {
      problems.push({ field: `${prefix}${field}`, reason: `names no product (${id})` });
    }
  }
  if (problems.length > 0) throw validationError(problems);
}

/** The change as written: the ticket's own columns and its lines'. */
type Change = Omit<TicketEdit, 'version' | 'reason'>;

async function applyChange(
  tx: Tx,
  ticket: LockedTicket,
  change: Change,
  writer: Writer,
  prefix = '',
): Promise<void> {
  const lines = change.products ?? [];
  const lineIds = new Set(
    (
      await tx
        .select({ id: ticketProducts.id })
        .from(ticketProducts)
        .where(eq(ticketProducts.ticketId, ticket.id))
    ).map((row) => row.id),
  );
  const problems: FieldProblem[] = [];
  lines.forEach((line, index) => {
    if (!lineIds.has(line.id)) {
      problems.push({
        field: `${prefix}products[${index}].id`,
        reason: `is not a product line of ticket ${ticket.number}`,
      });
    }
  });
  if (problems.length > 0) throw validationError(problems);
  await checkReferences(
    tx,
    {
      ...change,
      productIds: lines.flatMap((line, index) =>
        line.productId === undefined
          ? []
          : [[`products[${index}].productId`, line.productId] as [string, number]],
      ),
    },
    prefix,
  );

  const set: Partial<typeof tickets.$inferInsert> = {};
  if (change.statusId !== undefined) set.statusId = change.statusId;
  if (change.truckId !== undefined) {
    set.truckId = change.truckId;
    const [truck] =
      change.truckId === null
        ? []
        : await tx
            .select({ number: trucks.identificationNumber })
            .from(trucks)
            .where(eq(trucks.id, change.truckId));
    // The ticket keeps the truck's number as printed (a legal record).
    set.truckNumber = truck?.number ?? null;
  }
  if (change.driverId !== undefined) set.driverId = change.driverId;
  if (change.jobId !== undefined) set.jobId = change.jobId;
  if (change.customerPoNumber !== undefined) set.customerPoNumber = change.customerPoNumber || null;
  if (change.notes !== undefined) set.notes = change.notes || null;
  await tx
    .update(tickets)
    .set({
      ...set,
      version: sql`${tickets.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(eq(tickets.id, ticket.id));
  for (const line of lines) {
    const lineSet: Partial<typeof ticketProducts.$inferInsert> = {};
    if (line.productId !== undefined) lineSet.productId = line.productId;
    if (line.quantity !== undefined) lineSet.quantity = line.quantity;
    if (line.price !== undefined) lineSet.price = line.price;
    if (Object.keys(lineSet).length === 0) continue;
    await tx
      .update(ticketProducts)
      .set({
        ...lineSet,
        version: sql`${ticketProducts.version} + 1`,
        modifiedAt: writer.now,
        modifiedBy: writer.username,
      })
      .where(eq(ticketProducts.id, line.id));
  }
}

const writerOf = (writer: Writer) => ({ username: writer.username, now: writer.now });

/** Audits a ticket's change and tells every dispatcher, in the change's transaction. */
async function auditAndAnnounce(
  tx: Tx,
  ticketId: number,
  action: string,
  before: Record<string, unknown>,
  reason: string,
  writer: Writer,
): Promise<{ after: Record<string, unknown>; changed: boolean }> {
  const after = await snapshot(tx, ticketId);
  const changed = changedFields(before, after).length > 0;
  await recordAudit(tx, {
    username: writer.username,
    at: writer.now,
    resource: 'tickets',
    recordId: ticketId,
    action,
    before,
    after: { ...after, reason },
  });
  const [ticket] = await tx.select(ticketLiveColumns).from(tickets).where(eq(tickets.id, ticketId));
  await publishTicket(tx, ticket!);
  await publish(tx, {
    name: 'ticketModifiedNotification_v1',
    data: { ticketId, modifiedBy: writer.username },
    ids: [ticketId],
  });
  return { after, changed };
}

/** R-TEDIT-2, R-TEDIT-4: PUT /api/v1/tickets/{id}. */
export async function editTicket(
  db: Db,
  options: Scope & Writer & { id: number; edit: TicketEdit },
): Promise<void> {
  const { version, reason, ...change } = options.edit;
  await translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [ticket] = await lockTickets(tx, [options.id], options);
      refuseStale(ticket!, version);
      refuseVoided(ticket!);
      await refuseInvoicedTickets(tx, { ticketIds: [options.id] });
      const before = await snapshot(tx, options.id);
      await applyChange(tx, ticket!, change, options);
      // R-DELIV-7: a status or quantity set by hand moves what the load and order delivered.
      await settleOrderDeliveries(tx, {
        orderId: ticket!.orderId,
        ticketIds: [options.id],
        ...writerOf(options),
      });
      await auditAndAnnounce(tx, options.id, 'updated', before, reason, options);
    }),
  );
}

class PreviewDone extends Error {
  constructor(readonly outcome: TicketBatchOutcome) {
    super('preview');
  }
}

/**
 * R-TEDIT-5..6: POST /api/v1/tickets/batch-edit. Preview and apply run the same writes; a preview
 * rolls them back, so what it shows is exactly what Apply will do. Apply is all or nothing: the
 * first stale, void or invoiced ticket refuses the whole batch with 409 naming it.
 */
export async function batchEditTickets(
  db: Db,
  options: Scope & Writer & { batch: TicketBatchEdit },
): Promise<TicketBatchOutcome> {
  const { changes, reason, preview } = options.batch;
  try {
    return await translatingDatabaseErrors(() =>
      db.transaction(async (tx) => {
        const locked = await lockTickets(
          tx,
          changes.map((row) => row.ticketId),
          options,
        );
        const byId = new Map(locked.map((ticket) => [ticket.id, ticket]));
        for (const row of changes) refuseStale(byId.get(row.ticketId)!, row.version);
        for (const row of changes) refuseVoided(byId.get(row.ticketId)!);
        await refuseInvoicedTickets(tx, { ticketIds: changes.map((row) => row.ticketId) });
        const outcome: TicketBatchOutcome = { preview, tickets: [] };
        for (const [index, row] of changes.entries()) {
          const ticket = byId.get(row.ticketId)!;
          const [line] = await tx
            .select({ id: min(ticketProducts.id) })
            .from(ticketProducts)
            .where(eq(ticketProducts.ticketId, ticket.id));
          const touchesLine =
            row.productId !== undefined || row.quantity !== undefined || row.price !== undefined;
          if (touchesLine && !line?.id) {
            throw validationError([
              {
                field: `changes[${index}].productId`,
                reason: `ticket ${ticket.number} has no product line`,
              },
            ]);
          }
          const before = await snapshot(tx, ticket.id);
          const change: Change = {
            ...(row.jobId !== undefined ? { jobId: row.jobId } : {}),
            ...(row.customerPoNumber !== undefined
              ? { customerPoNumber: row.customerPoNumber }
              : {}),
            ...(touchesLine
              ? {
                  products: [
                    {
                      id: line!.id!,
                      ...(row.productId !== undefined ? { productId: row.productId } : {}),
                      ...(row.quantity !== undefined ? { quantity: row.quantity } : {}),
                      ...(row.price !== undefined ? { price: row.price } : {}),
                    },
                  ],
                }
              : {}),
          };
          await applyChange(tx, ticket, change, options, `changes[${index}].`);
          await settleOrderDeliveries(tx, {
            orderId: ticket.orderId,
            ticketIds: [ticket.id],
            ...writerOf(options),
          });
          const { after } = await auditAndAnnounce(
            tx,
            ticket.id,
            'batchEdited',
            before,
            reason,
            options,
          );
          outcome.tickets.push({
            ticketId: ticket.id,
            number: ticket.number,
            version: preview ? ticket.version : ticket.version + 1,
            changes: changedFields(before, after, ticketEditFieldOrder),
          });
        }
        if (preview) throw new PreviewDone(outcome);
        return outcome;
      }),
    );
  } catch (error) {
    if (error instanceof PreviewDone) return error.outcome;
    throw error;
  }
}

/** R-TEDIT-7: PUT /api/v1/tickets/{id}/times: the loop's stamps, refused out of order. */
export async function editTicketTimes(
  db: Db,
  options: Scope & Writer & { id: number; edit: TicketTimesEdit },
): Promise<void> {
  const { version, reason, times } = options.edit;
  await translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [ticket] = await lockTickets(tx, [options.id], options);
      refuseStale(ticket!, version);
      refuseVoided(ticket!);
      await refuseInvoicedTickets(tx, { ticketIds: [options.id] });
      const merged: TicketLoopTimes = {};
      for (const field of ticketLoopTimeFields) {
        merged[field] = times[field] !== undefined ? times[field] : iso(ticket![field]);
      }
      const problem = firstTimeOutOfOrder(merged);
      if (problem) {
        throw validationError([
          { field: `times.${problem.field}`, reason: problem.message },
          { field: `times.${problem.after}`, reason: problem.message },
        ]);
      }
      if (times.ticketDateTime === null) {
        throw validationError([{ field: 'times.ticketDateTime', reason: 'is required' }]);
      }
      const before = await snapshot(tx, options.id);
      const set: Partial<typeof tickets.$inferInsert> = {};
      for (const field of ticketLoopTimeFields) {
        const value = times[field];
        if (value === undefined) continue;
        if (field === 'ticketDateTime') set.ticketDateTime = new Date(value!);
        else set[field] = value === null ? null : new Date(value);
      }
      await tx
        .update(tickets)
        .set({
          ...set,
          version: sql`${tickets.version} + 1`,
          modifiedAt: options.now,
          modifiedBy: options.username,
        })
        .where(eq(tickets.id, options.id));
      // R-DELIV-3: a finish-unload time typed here delivers the ticket as Washing would.
      await settleOrderDeliveries(tx, {
        orderId: ticket!.orderId,
        touchedTicketIds: [options.id],
        ...writerOf(options),
      });
      await auditAndAnnounce(tx, options.id, 'timesEdited', before, reason, options);
    }),
  );
}
