/**
 * Ticket entry (R-TENT-1..9): an aggregate ticket weighed on the pit's scale, or a block ticket
 * counted in cubes and pieces (a return with its restocking charge), written for an existing
 * order in one transaction: the plant's next ticket number (gapless, R-TENT-1), for aggregate the
 * pit's next bill-of-lading number (R-TENT-3), the truck stamped, the order's schedule product
 * priced, the cash-on-delivery amount, the order's next scheduled load linked, and
 * ticketUpdate_v1 (and loadUpdate_v1) published inside the transaction.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  blockCountProblems,
  blockQuantity,
  codAmountOf,
  netWeight,
  restockingCharge,
  ticketTotals,
  weighedQuantity,
  weightProblems,
  type TicketEntry,
  type TicketEntryChoices,
  type TicketEntrySystemTypeId,
  type TicketEntryView,
} from '@dispatch/domain/dispatch/ticket-entry';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { isPickupOrder, ticketStatusOnEntry } from '@dispatch/domain/delivery/delivery-state';
import { ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { defaultsInEffect } from '@dispatch/domain/pricing/order-pricing';
import { isUnitId, unitDisplayName } from '@dispatch/domain/units';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db, Tx } from '../../db/client';
import { customerBlockPricing, customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { unitsOfMeasure } from '../../db/schema/lookups';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { aggregatePits, plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { loads, ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { creditStatusIds } from '../../db/reference-ids';
import { ApiError, validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { settleOrderDeliveries } from '../deliveries/delivery-settlement.service';
import { publishLoad } from '../tickets/load-live';
import { changeTruckStatusIn } from '../trucks/truck-status.service';
import { publishTicket } from '../tickets/ticket-live';
import { taxRateFor } from '../orders/order-pricing';
import { takeNextBillOfLadingNumber, takeNextTicketNumber } from '../tickets/ticket-numbers';
import { readSystemParameter } from '../settings/system-parameters.service';
import {
  checkTicketWeights,
  openWeighIns,
  plantScale,
  recordTicketWeights,
  type CheckedWeighings,
} from './scale-weighings.service';

type Connection = Db | Tx;

/** Orders that still take tickets: not deleted, complete, cancelled or held (R-TENT-2). */
const ticketableStatuses = [
  orderStatusIds.toBeShipped,
  orderStatusIds.fob,
  orderStatusIds.willCall,
  orderStatusIds.shipping,
  orderStatusIds.backOrder,
];

const missing = 'refers to a record that does not exist';
const typeNames = { 2: 'an aggregate', 3: 'a block' } as const;

/** The order's product line at the plant: its primary schedule product (R-TENT-7). */
async function orderLine(tx: Connection, orderId: number, plantId: number) {
  const [line] = await tx
    .select({
      scheduleId: schedules.id,
      productId: scheduleProducts.productId,
      productNumber: sql<string>`coalesce(${scheduleProducts.productNumber}, ${products.number})`,
      productDescription: sql<string>`coalesce(${scheduleProducts.productDescription}, ${products.description})`,
      price: scheduleProducts.price,
      taxableFlag: scheduleProducts.taxableFlag,
      unitOfMeasure: scheduleProducts.unitOfMeasure,
      unitsPerCube: scheduleProducts.unitsPerCube,
    })
    .from(schedules)
    .innerJoin(scheduleProducts, eq(scheduleProducts.scheduleId, schedules.id))
    .innerJoin(products, eq(products.id, scheduleProducts.productId))
    .where(eq(schedules.orderId, orderId))
    .orderBy(
      // A schedule at this plant first, then its primary product.
      desc(sql`${schedules.plantId} = ${plantId}`),
      asc(schedules.id),
      desc(scheduleProducts.primaryFlag),
      asc(scheduleProducts.sequence),
      asc(scheduleProducts.id),
    )
    .limit(1);
  return line;
}

/** R-TENT-6: the customer's block pricing defaults in effect on the day. */
async function blockDefaultsOn(tx: Connection, customerId: number, day: string) {
  const rows = await tx
    .select({
      id: customerBlockPricing.id,
      charge: customerBlockPricing.blockRestockingCharge,
      percentFlag: customerBlockPricing.blockRestockPercentFlag,
      startDate: customerBlockPricing.startDate,
      terminationDate: customerBlockPricing.terminationDate,
    })
    .from(customerBlockPricing)
    .where(eq(customerBlockPricing.customerId, customerId));
  return defaultsInEffect(
    rows.map((row) => ({ ...row, sequence: row.id })),
    day,
  );
}

export type TicketWriter = {
  username: string;
  now: Date;
  /** The caller may set a price of their own (FullWithPrices). */
  mayPrice: boolean;
};

/** R-TENT-2..8: writes the ticket; 400 names the field, 409 says why the order takes none. */
export async function createTicket(
  db: Db,
  entry: TicketEntry,
  writer: TicketWriter,
): Promise<TicketEntryView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const problems: { field: string; reason: string }[] = [];
      const [order] = await tx
        .select({
          id: orders.id,
          number: orders.number,
          systemTypeId: orders.systemTypeId,
          orderStatusId: orders.orderStatusId,
          orderTypeId: orders.orderTypeId,
          customerId: orders.customerId,
          customerName: orders.customerName,
          jobId: orders.jobId,
          creditStatusId: customers.creditStatusId,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, entry.orderId));
      if (!order) problems.push({ field: 'orderId', reason: missing });
      else if (order.systemTypeId !== entry.systemTypeId) {
        problems.push({
          field: 'orderId',
          reason: `must be ${typeNames[entry.systemTypeId]} order`,
        });
      }
      const [plant] = await tx
        .select({
          id: plants.id,
          description: plants.description,
          systemTypeId: plants.systemTypeId,
          inactiveFlag: plants.inactiveFlag,
        })
        .from(plants)
        .where(eq(plants.id, entry.plantId));
      if (!plant) problems.push({ field: 'plantId', reason: missing });
      else if (plant.systemTypeId !== entry.systemTypeId) {
        problems.push({
          field: 'plantId',
          reason: `must be ${typeNames[entry.systemTypeId]} plant`,
        });
      } else if (plant.inactiveFlag) {
        problems.push({ field: 'plantId', reason: 'the plant is inactive' });
      }
      let truck:
        | {
            id: number;
            identificationNumber: string;
            truckCompanyId: number | null;
            driverId: number | null;
            inactiveFlag: boolean;
            outsideTruckFlag: boolean;
          }
        | undefined;
      if (entry.truckId !== null) {
        [truck] = await tx
          .select({
            id: trucks.id,
            identificationNumber: trucks.identificationNumber,
            truckCompanyId: trucks.truckCompanyId,
            driverId: trucks.driverId,
            inactiveFlag: trucks.inactiveFlag,
            outsideTruckFlag: trucks.outsideTruckFlag,
          })
          .from(trucks)
          .where(eq(trucks.id, entry.truckId));
        if (!truck) problems.push({ field: 'truckId', reason: missing });
        else if (truck.inactiveFlag) {
          problems.push({ field: 'truckId', reason: 'the truck is inactive' });
        }
      }
      if (problems.length > 0 || !order || !plant) throw validationError(problems);
      // A block return comes back after the order is complete (R-DELIV-8), so it is taken then too.
      const returning = entry.systemTypeId === 3 && entry.returnFlag;
      const takes = returning
        ? [...ticketableStatuses, orderStatusIds.complete]
        : ticketableStatuses;
      if (!(takes as number[]).includes(order.orderStatusId)) {
        throw new ApiError(
          'conflict',
          `Order ${order.number} for ${order.customerName} takes no more tickets: it is closed, cancelled or on hold.`,
          {
            code: 'order_closed',
            data: [{ field: 'orderId', reason: 'the order takes no more tickets' }],
          },
        );
      }

      const line = await orderLine(tx, order.id, plant.id);
      if (!line) throw validationError([{ field: 'orderId', reason: 'the order has no product' }]);
      const unit =
        line.unitOfMeasure !== null && isUnitId(line.unitOfMeasure) ? line.unitOfMeasure : null;
      let quantity: number;
      let weights: { grossWeight: number; tareWeight: number; netWeight: number } | null = null;
      let weighings: CheckedWeighings['used'] = [];
      if (entry.systemTypeId === 2) {
        const scale = await plantScale(tx, plant.id);
        const checked = await checkTicketWeights(tx, entry, truck, writer.now);
        const weightIssues = [...weightProblems(entry, scale), ...checked.problems];
        if (weightIssues.length > 0) throw validationError(weightIssues);
        weighings = checked.used;
        const net = netWeight(entry.grossWeight, entry.tareWeight);
        const weighed = weighedQuantity(net, scale?.unit ?? 'lb', unit);
        if (weighed === null) {
          throw validationError([
            {
              field: 'orderId',
              reason: `the order's product is sold in ${unitDisplayName(unit!)}, not by weight`,
            },
          ]);
        }
        quantity = weighed;
        weights = { grossWeight: entry.grossWeight, tareWeight: entry.tareWeight, netWeight: net };
      } else {
        const count = { cubes: entry.cubes, pieces: entry.pieces, unitsPerCube: line.unitsPerCube };
        const countIssues = blockCountProblems(count);
        if (countIssues.length > 0) throw validationError(countIssues);
        quantity = blockQuantity({ ...count, returnFlag: entry.returnFlag });
      }

      const price = writer.mayPrice && typeof entry.price === 'number' ? entry.price : line.price;
      if (price === null) {
        throw validationError([{ field: 'price', reason: 'has no price: enter one' }]);
      }
      const taxRate = await taxRateFor(tx, { jobId: order.jobId, customerId: order.customerId });
      const goods = { quantity, price, taxable: line.taxableFlag };
      let restocking = 0;
      if (entry.systemTypeId === 3 && entry.returnFlag) {
        const defaults = await blockDefaultsOn(
          tx,
          order.customerId,
          formatDate(writer.now, 'YYYY-MM-DD'),
        );
        restocking = restockingCharge({
          returnedValue: ticketTotals(goods, taxRate).subtotal,
          charge: defaults?.charge ?? null,
          percentFlag: defaults?.percentFlag ?? false,
        });
      }
      const totals = ticketTotals(goods, taxRate, restocking);
      const cod = entry.cod || order.creditStatusId === creditStatusIds.codOnly;
      const codAmount = cod ? codAmountOf(totals.total) : null;

      // R-TENT-9: the order's next load waiting for a truck is the one this ticket fulfils.
      const [load] = await tx
        .select()
        .from(loads)
        .where(
          and(
            eq(loads.scheduleId, line.scheduleId),
            eq(loads.statusId, loadStatusIds.scheduled),
            isNull(loads.ticketId),
          ),
        )
        .orderBy(asc(loads.loadNumber))
        .limit(1)
        .for('update', { skipLocked: true });
      let loadNumber = load?.loadNumber ?? null;
      if (loadNumber === null) {
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(eq(tickets.scheduleId, line.scheduleId));
        loadNumber = Number(count?.n ?? 0) + 1;
      }

      const number = await takeNextTicketNumber(tx, plant.id);
      const billOfLadingNumber =
        entry.systemTypeId === 2 ? await takeNextBillOfLadingNumber(tx, plant.id) : null;
      // R-DELIV-5: a pickup, a return, or a load on a truck not ours is delivered when saved; a
      // delivery on our own truck follows the truck.
      const fleetTruck = truck !== undefined && !truck.outsideTruckFlag;
      const statusId = ticketStatusOnEntry({
        pickup: isPickupOrder(order),
        returnFlag: returning,
        fleetTruck,
      });
      const [ticket] = await tx
        .insert(tickets)
        .values({
          number,
          billOfLadingNumber,
          orderId: order.id,
          scheduleId: line.scheduleId,
          plantId: plant.id,
          truckId: truck?.id ?? null,
          truckNumber: truck?.identificationNumber ?? null,
          truckCompanyId: truck?.truckCompanyId ?? null,
          driverId: truck?.driverId ?? null,
          loadNumber,
          statusId,
          grossWeight: weights?.grossWeight ?? null,
          tareWeight: weights?.tareWeight ?? null,
          netWeight: weights?.netWeight ?? null,
          codAmount,
          restockingCharge: restocking > 0 ? restocking : null,
          ticketDateTime: writer.now,
          // Weighed or counted and loaded at the scale house: the printed "time loaded".
          batchDateTime: writer.now,
          loadedDateTime: writer.now,
          userName: writer.username,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .returning({ id: tickets.id });
      const ticketId = ticket!.id;
      if (entry.systemTypeId === 2)
        await recordTicketWeights(tx, ticketId, entry, weighings, writer);
      await tx.insert(ticketProducts).values({
        ticketId,
        productId: line.productId,
        quantity,
        price,
        taxableFlag: line.taxableFlag,
        unitOfMeasure: line.unitOfMeasure,
        modifiedAt: writer.now,
        modifiedBy: writer.username,
      });
      let loadId: number | null = null;
      if (load) {
        const [moved] = await tx
          .update(loads)
          .set({
            ticketId,
            statusId: loadStatusIds.ticketed,
            driverId: load.driverId ?? truck?.driverId ?? null,
            version: sql`${loads.version} + 1`,
            modifiedAt: writer.now,
            modifiedBy: writer.username,
          })
          .where(eq(loads.id, load.id))
          .returning();
        await publishLoad(tx, moved!);
        loadId = load.id;
      }
      await publishTicket(tx, { id: ticketId, statusId, orderId: order.id, plantId: plant.id });
      if (truck && fleetTruck && statusId === ticketStatusIds.open) {
        // Weighed or counted and loaded: the truck takes the ticket out, and its statuses
        // deliver it as a concrete truck's do (R-DELIV-3).
        await tx.update(trucks).set({ currentTicketId: ticketId }).where(eq(trucks.id, truck.id));
        await changeTruckStatusIn(tx, {
          id: truck.id,
          statusId: truckStatusIds.loaded,
          now: writer.now,
          username: writer.username,
        });
      }
      // R-DELIV-5..8: the ticket's load, its schedule and its order follow.
      await settleOrderDeliveries(tx, {
        orderId: order.id,
        ticketIds: [ticketId],
        username: writer.username,
        now: writer.now,
      });
      const [unitRow] =
        line.unitOfMeasure === null
          ? []
          : await tx
              .select({ name: unitsOfMeasure.imperialDescription })
              .from(unitsOfMeasure)
              .where(eq(unitsOfMeasure.id, line.unitOfMeasure));
      return {
        id: ticketId,
        number,
        billOfLadingNumber,
        systemTypeId: entry.systemTypeId,
        orderId: order.id,
        orderNumber: order.number,
        customerName: order.customerName,
        plantId: plant.id,
        plantName: plant.description,
        truckId: truck?.id ?? null,
        truckNumber: truck?.identificationNumber ?? null,
        statusId,
        grossWeight: weights?.grossWeight ?? null,
        tareWeight: weights?.tareWeight ?? null,
        netWeight: weights?.netWeight ?? null,
        productId: line.productId,
        productDescription: line.productDescription ?? '',
        quantity,
        unitOfMeasure: unitRow?.name ?? null,
        price,
        extendedPrice: totals.amounts[0] ?? 0,
        blockRestockingCharge: restocking,
        taxAmount: totals.tax,
        totalAmount: totals.total,
        codAmount,
        loadId,
        ticketDateTime: writer.now.toISOString(),
      };
    }),
  );
}

/**
 * R-TENT-2: what the ticket entry screen picks from at a plant: the plant's scale and next
 * numbers, the day's open orders of the system type there with their product, price, tax rate,
 * COD and block restocking defaults, and the trucks with their tare weights.
 */
export async function ticketEntryChoices(
  db: Db,
  query: { systemTypeId: TicketEntrySystemTypeId; plantId: number; day: string; now: Date },
): Promise<TicketEntryChoices | undefined> {
  const [plant] = await db
    .select({ id: plants.id, description: plants.description, systemTypeId: plants.systemTypeId })
    .from(plants)
    .where(eq(plants.id, query.plantId));
  if (!plant || plant.systemTypeId !== query.systemTypeId) return undefined;
  const [pit] = await db
    .select({ nextBillOfLadingNumber: aggregatePits.nextBillOfLadingNumber })
    .from(aggregatePits)
    .where(eq(aggregatePits.plantId, plant.id));
  const atPlant = or(
    eq(orders.plantId, plant.id),
    inArray(
      orders.id,
      db.select({ id: schedules.orderId }).from(schedules).where(eq(schedules.plantId, plant.id)),
    ),
  );
  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerId: orders.customerId,
      customerName: orders.customerName,
      customerPoNumber: orders.customerPoNumber,
      jobId: orders.jobId,
      jobNumber: jobs.number,
      jobAddress: jobs.address1,
      creditStatusId: customers.creditStatusId,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(
      and(
        eq(orders.systemTypeId, query.systemTypeId),
        eq(orders.shipDate, query.day),
        inArray(orders.orderStatusId, ticketableStatuses),
        atPlant,
      ),
    )
    .orderBy(asc(orders.number))
    .limit(500);
  const choices: TicketEntryChoices['orders'] = [];
  for (const row of orderRows) {
    const line = await orderLine(db, row.id, plant.id);
    if (!line) continue;
    const defaults =
      query.systemTypeId === 3 ? await blockDefaultsOn(db, row.customerId, query.day) : undefined;
    choices.push({
      id: row.id,
      number: row.number,
      customerId: row.customerId,
      customerName: row.customerName,
      customerPoNumber: row.customerPoNumber,
      jobId: row.jobId,
      jobNumber: row.jobNumber,
      jobAddress: row.jobAddress,
      productId: line.productId,
      productNumber: line.productNumber ?? '',
      productDescription: line.productDescription ?? '',
      unitOfMeasure:
        line.unitOfMeasure !== null && isUnitId(line.unitOfMeasure) ? line.unitOfMeasure : null,
      unitsPerCube: line.unitsPerCube,
      price: line.price,
      taxableFlag: line.taxableFlag,
      taxRate: await taxRateFor(db, { jobId: row.jobId, customerId: row.customerId }),
      codOnly: row.creditStatusId === creditStatusIds.codOnly,
      blockRestockingCharge: defaults?.charge ?? null,
      restockPercentFlag: defaults?.percentFlag ?? false,
    });
  }
  const truckRows = await db
    .select({
      id: trucks.id,
      identificationNumber: trucks.identificationNumber,
      description: trucks.description,
      tareWeight: trucks.tareWeight,
      tareWeighedAt: trucks.tareWeighedAt,
    })
    .from(trucks)
    .where(
      and(eq(trucks.inactiveFlag, false), or(eq(trucks.plantId, plant.id), isNull(trucks.plantId))),
    )
    .orderBy(asc(trucks.identificationNumber))
    .limit(1000);
  const scale = await plantScale(db, plant.id);
  return {
    plant: {
      id: plant.id,
      description: plant.description,
      scaleCapacity: scale?.capacity ?? null,
      scaleDivision: scale?.division ?? null,
      weightUnit: scale?.unit ?? 'lb',
      nextBillOfLadingNumber: query.systemTypeId === 2 ? (pit?.nextBillOfLadingNumber ?? 1) : null,
      tareReweighDays: await readSystemParameter(db, 'tareReweighDays'),
    },
    orders: choices,
    trucks: truckRows.map((row) => ({
      ...row,
      tareWeighedAt: row.tareWeighedAt?.toISOString() ?? null,
    })),
    weighIns: query.systemTypeId === 2 ? await openWeighIns(db, plant.id, query.now) : [],
  };
}
