/**
 * R-TRACK-4, R-TRACK-5: the pour page's data for one order, read for a contractor who holds its
 * link. It is assembled field by field from what a foreman may see, so nothing else can slip in:
 * no price or amount, no other order, no driver's phone or full name, and a truck's position only
 * while it carries this order's load and has not left the job.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { documentLanguageOf } from '@dispatch/domain/document-language';
import { jobAddressLinesOf, jobNameOf } from '@dispatch/domain/tracking/job-address';
import {
  pourStageOf,
  remainingQuantity,
  type PourLoad,
  type PourPage,
} from '@dispatch/domain/tracking/tracking-link';
import { etaMinutes } from '@dispatch/domain/trucks/truck-map';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { jobAddressColumns } from '../../db/job-address';
import { customers } from '../../db/schema/customers';
import { employees } from '../../db/schema/employees';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { loads, tickets } from '../../db/schema/tickets';
import { truckGpsStates } from '../../db/schema/truck-positions';
import { drivers, trucks } from '../../db/schema/trucks';
import { notFound } from '../../http/api-error';
import { pourRequestsOf } from '../order-requests/pour-requests.service';

const iso = (at: Date | null) => at?.toISOString() ?? null;

async function orderHead(db: Db, orderId: number) {
  const [order] = await db
    .select({
      number: orders.number,
      language: customers.language,
      job: jobAddressColumns,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('The tracking link');
  return order;
}

/**
 * The order's main product (each schedule's primary line), ordered and delivered: what the pour
 * page and the customers' notices (R-TRACK-10) name the order by.
 */
export async function orderProductOf(db: Db, orderId: number) {
  const lines = await db
    .select({
      description: scheduleProducts.productDescription,
      unit: scheduleProducts.unitOfMeasure,
      quantity: scheduleProducts.quantity,
      delivered: scheduleProducts.deliveredQuantity,
    })
    .from(scheduleProducts)
    .innerJoin(schedules, eq(schedules.id, scheduleProducts.scheduleId))
    .where(and(eq(schedules.orderId, orderId), eq(scheduleProducts.primaryFlag, true)))
    .orderBy(asc(schedules.id));
  const first = lines[0];
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    Math.round(lines.reduce((total, line) => total + pick(line), 0) * 100) / 100;
  return {
    product: first?.description ?? '',
    unit: first?.unit != null && isUnitId(first.unit) ? unitAbbreviation(first.unit) : '',
    ordered: sum((line) => line.quantity),
    delivered: sum((line) => line.delivered),
  };
}

async function loadRows(db: Db, orderId: number) {
  return db
    .select({
      loadNumber: loads.loadNumber,
      statusId: loads.statusId,
      quantity: loads.quantity,
      onJobTime: loads.onJobTime,
      ticketId: tickets.id,
      truckId: tickets.truckId,
      ticketNumber: tickets.number,
      truckNumber: tickets.truckNumber,
      toPlantDateTime: tickets.toPlantDateTime,
      finishUnloadDateTime: tickets.finishUnloadDateTime,
      arrivePlantDateTime: tickets.arrivePlantDateTime,
      driverFirstName: employees.firstName,
      signedAt: ticketDeliveries.signedAt,
      waterAdded: ticketDeliveries.waterAdded,
      waterUnit: ticketDeliveries.waterUnit,
      truck: {
        statusId: trucks.statusId,
        carriesThisLoad: sql<boolean>`${trucks.currentTicketId} = ${tickets.id}`,
        latitude: truckGpsStates.latitude,
        longitude: truckGpsStates.longitude,
        recordedAt: truckGpsStates.recordedAt,
        speedKph: truckGpsStates.speedKph,
      },
    })
    .from(loads)
    .leftJoin(tickets, eq(tickets.id, loads.ticketId))
    .leftJoin(ticketDeliveries, eq(ticketDeliveries.ticketId, tickets.id))
    .leftJoin(drivers, eq(drivers.id, tickets.driverId))
    .leftJoin(employees, eq(employees.id, drivers.employeeId))
    .leftJoin(trucks, eq(trucks.id, tickets.truckId))
    .leftJoin(truckGpsStates, eq(truckGpsStates.truckId, tickets.truckId))
    .where(and(eq(loads.orderId, orderId), ne(loads.statusId, loadStatusIds.cancelled)))
    .orderBy(asc(loads.onJobTime), asc(loads.loadNumber));
}

type LoadRow = Awaited<ReturnType<typeof loadRows>>[number];
type JobPoint = { latitude: number; longitude: number } | null;

function pourLoadOf(row: LoadRow, job: JobPoint): PourLoad {
  const base = {
    loadNumber: row.loadNumber,
    quantity: row.quantity,
    plannedAt: iso(row.onJobTime),
    ticketNumber: row.ticketNumber,
    deliveredAt: null,
    waterAdded: null,
    waterUnit: null,
    signed: row.signedAt !== null,
    truckNumber: null,
    driverFirstName: null,
    stage: null,
    etaMinutes: null,
    position: null,
  } satisfies Omit<PourLoad, 'state'>;
  if (row.statusId === loadStatusIds.delivered) {
    return {
      ...base,
      state: 'delivered',
      deliveredAt: iso(row.finishUnloadDateTime ?? row.signedAt ?? row.arrivePlantDateTime),
      waterAdded: row.waterAdded,
      waterUnit: row.waterUnit === 'gal' || row.waterUnit === 'L' ? row.waterUnit : null,
    };
  }
  if (row.statusId !== loadStatusIds.ticketed) return { ...base, state: 'scheduled' };
  const truck = row.truck;
  // Once the truck has left the job (or works another load) where it is is no one's business here.
  const located =
    truck !== null &&
    truck.carriesThisLoad &&
    row.toPlantDateTime === null &&
    truck.latitude !== null &&
    truck.longitude !== null &&
    truck.recordedAt !== null;
  return {
    ...base,
    state: 'onTheWay',
    truckNumber: row.truckNumber,
    driverFirstName: row.driverFirstName,
    stage: located ? pourStageOf(truck.statusId) : null,
    etaMinutes: located
      ? etaMinutes(
          {
            latitude: truck.latitude!,
            longitude: truck.longitude!,
            statusId: truck.statusId,
            speedKph: truck.speedKph,
          },
          job,
        )
      : null,
    position: located
      ? {
          latitude: truck.latitude!,
          longitude: truck.longitude!,
          recordedAt: truck.recordedAt!.toISOString(),
        }
      : null,
  };
}

/** The page, and what it concerns beyond its order: the trucks and tickets of its loads. */
export type PourPageRead = { page: PourPage; truckIds: Set<number>; ticketIds: Set<number> };

export async function pourPage(db: Db, orderId: number): Promise<PourPage> {
  return (await readPourPage(db, orderId)).page;
}

export async function readPourPage(db: Db, orderId: number): Promise<PourPageRead> {
  const [head, product, rows, requests] = await Promise.all([
    orderHead(db, orderId),
    orderProductOf(db, orderId),
    loadRows(db, orderId),
    pourRequestsOf(db, orderId),
  ]);
  const job =
    head.job?.gpsLat != null && head.job.gpsLon != null
      ? { latitude: head.job.gpsLat, longitude: head.job.gpsLon }
      : null;
  const pourLoads = rows.map((row) => pourLoadOf(row, job));
  const next = pourLoads.find((load) => load.state === 'scheduled');
  const page: PourPage = {
    orderNumber: head.number,
    language: documentLanguageOf(head.language),
    jobName: jobNameOf(head.job),
    jobAddressLines: jobAddressLinesOf(head.job),
    job,
    product: product.product,
    unit: product.unit,
    orderedQuantity: product.ordered,
    deliveredQuantity: product.delivered,
    remainingQuantity: remainingQuantity(product.ordered, product.delivered),
    nextLoadAt: next?.plannedAt ?? null,
    loads: pourLoads,
    requests,
  };
  const present = (ids: (number | null)[]) => new Set(ids.filter((id) => id !== null));
  return {
    page,
    truckIds: present(rows.map((row) => row.truckId)),
    ticketIds: present(rows.map((row) => row.ticketId)),
  };
}

/**
 * R-TRACK-4: the ticket of one of the order's delivered loads, by the number the page shows, for
 * its signed e-ticket; null for any other ticket (another order's, or one not delivered yet).
 */
export async function deliveredTicketOf(
  db: Db,
  orderId: number,
  ticketNumber: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(loads)
    .innerJoin(tickets, eq(tickets.id, loads.ticketId))
    .where(
      and(
        eq(loads.orderId, orderId),
        eq(loads.statusId, loadStatusIds.delivered),
        eq(tickets.number, ticketNumber),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
