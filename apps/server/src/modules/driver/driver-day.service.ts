/**
 * R-DRV-1..2: the driver's day. The user's truck (users.employeeId → drivers → trucks.driverId)
 * and today's tickets on it, the current load first, without a price in sight.
 */
import { jobAddressLinesOf, jobNameOf } from '@dispatch/domain/tracking/job-address';
import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DriverDay, DriverLoad } from '@dispatch/domain/driver/driver-day';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import { maxPositionLeadMs } from '@dispatch/domain/trucks/truck-positions';
import type { Db } from '../../db/client';
import { jobAddressColumns } from '../../db/job-address';
import { employees } from '../../db/schema/employees';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { users } from '../../db/schema/auth';
import { ApiError, validationError } from '../../http/api-error';
import { startOfBusinessDayAt } from '../tickets/tickets.service';
import { driverTruckIdOf } from '../trucks/truck-access';

/** R-DRV-1: a user who drives no truck has no driver's day. */
const noTruckMessage =
  'You are not the driver of any truck. Ask dispatch to set you as a truck’s driver.';

export async function driverTruckOrRefuse(db: Db, userId: number): Promise<number> {
  const truckId = await driverTruckIdOf(db, userId);
  if (truckId === null) throw new ApiError('notFound', noTruckMessage, { code: 'no_truck' });
  return truckId;
}

const text = (value: string | null | undefined) => value ?? '';

/** A phone's clock may run ahead a little; further ahead is a wrong clock (as for positions). */
const tapLeadMs = maxPositionLeadMs;

/**
 * R-DRV-3: the time a status tap takes: when it was tapped (a tap queued offline arrives late),
 * but never ahead of the server and never before the truck's current status began, so a late tap
 * cannot slip behind what the truck has done since. No tap time: now.
 */
export async function tapTime(
  db: Db,
  truckId: number,
  tappedAt: string | undefined,
  now: Date,
): Promise<Date> {
  if (tappedAt === undefined) return now;
  const tapped = new Date(tappedAt);
  if (tapped.getTime() > now.getTime() + tapLeadMs) {
    throw validationError([{ field: 'tappedAt', reason: 'is more than 5 minutes in the future' }]);
  }
  const [truck] = await db
    .select({ since: trucks.statusDateTime })
    .from(trucks)
    .where(eq(trucks.id, truckId));
  const since = truck?.since?.getTime() ?? -Infinity;
  return new Date(Math.min(now.getTime(), Math.max(tapped.getTime(), since)));
}

export async function driverDay(db: Db, userId: number, now: Date): Promise<DriverDay> {
  const truckId = await driverTruckOrRefuse(db, userId);
  const [truck] = await db
    .select({
      id: trucks.id,
      identificationNumber: trucks.identificationNumber,
      plantId: trucks.plantId,
      plantName: plants.description,
      statusId: trucks.statusId,
      statusFromGps: trucks.statusFromGps,
      statusDateTime: trucks.statusDateTime,
      version: trucks.version,
      currentTicketId: trucks.currentTicketId,
    })
    .from(trucks)
    .leftJoin(plants, eq(plants.id, trucks.plantId))
    .where(eq(trucks.id, truckId));
  const [person] = await db
    .select({ name: employees.completeName, firstName: employees.firstName })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, userId));
  const current = truck!.currentTicketId;
  const rows = await db
    .select({
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      ticketVersion: tickets.version,
      ticketDateTime: tickets.ticketDateTime,
      orderNumber: orders.number,
      customerName: orders.customerName,
      job: jobAddressColumns,
      dispatchNotes: orders.dispatchNotes,
      ticketNotes: sql<string | null>`coalesce(${tickets.notes}, ${orders.ticketNotes})`,
      maxAllowableWaterGallons: tickets.maxAllowableWaterGallons,
      arrivePlantDateTime: tickets.arrivePlantDateTime,
      finishUnloadDateTime: tickets.finishUnloadDateTime,
      signed: sql<boolean>`${ticketDeliveries.ticketId} is not null`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    // A clerk's corrected job (R-TEDIT-2) is where the load went; else the order's.
    .leftJoin(jobs, eq(jobs.id, sql`coalesce(${tickets.jobId}, ${orders.jobId})`))
    .leftJoin(ticketDeliveries, eq(ticketDeliveries.ticketId, tickets.id))
    .where(
      and(
        eq(tickets.truckId, truckId),
        isNull(tickets.voidStatusId),
        isNull(tickets.voidDateTime),
        or(
          gte(tickets.ticketDateTime, startOfBusinessDayAt(now)),
          current === null ? sql`false` : eq(tickets.id, current),
        ),
      ),
    )
    .orderBy(desc(tickets.ticketDateTime), desc(tickets.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            ticketId: ticketProducts.ticketId,
            description: products.description,
            quantity: ticketProducts.quantity,
            unit: ticketProducts.unitOfMeasure,
          })
          .from(ticketProducts)
          .innerJoin(products, eq(products.id, ticketProducts.productId))
          .where(
            inArray(
              ticketProducts.ticketId,
              rows.map((row) => row.ticketId),
            ),
          )
          .orderBy(asc(ticketProducts.id));
  const loads: DriverLoad[] = rows.map((row) => {
    // The first line is what the truck carries; later lines are extras (fibres, a fuel charge).
    const main = lines.find((line) => line.ticketId === row.ticketId);
    const job = row.job;
    return {
      ticketId: row.ticketId,
      ticketNumber: row.ticketNumber,
      ticketVersion: row.ticketVersion,
      ticketDateTime: row.ticketDateTime.toISOString(),
      orderNumber: row.orderNumber,
      customerName: text(row.customerName),
      jobName: jobNameOf(job),
      jobAddressLines: jobAddressLinesOf(job),
      jobLatitude: job?.gpsLat ?? null,
      jobLongitude: job?.gpsLon ?? null,
      productDescription: text(main?.description),
      quantity: main?.quantity ?? 0,
      unit: main?.unit != null && isUnitId(main.unit) ? unitAbbreviation(main.unit) : '',
      dispatchNotes: text(row.dispatchNotes),
      ticketNotes: text(row.ticketNotes),
      maxAllowableWaterGallons: row.maxAllowableWaterGallons,
      current: row.ticketId === current,
      signed: row.signed,
      finished:
        row.ticketId !== current &&
        (row.arrivePlantDateTime !== null || row.finishUnloadDateTime !== null),
    };
  });
  loads.sort((a, b) => Number(b.current) - Number(a.current));
  const shown = truck!;
  return {
    driverName: text(person?.firstName) || text(person?.name),
    truck: {
      id: shown.id,
      identificationNumber: shown.identificationNumber,
      plantId: shown.plantId,
      plantName: text(shown.plantName),
      statusId: shown.statusId,
      statusFromGps: shown.statusFromGps,
      statusDateTime: shown.statusDateTime?.toISOString() ?? null,
      version: shown.version,
    },
    loads,
  };
}
