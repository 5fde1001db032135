/**
 * The small world the report tests read (R-RPT-10..19), with figures simple enough to check by
 * hand. November 2026, in the server's zone:
 * - North (concrete, batch panel, fleet 3 on Fridays) and Pit (aggregate).
 * - Order A, Acme, job J-1 (commercial), 30 yd³ of 3000 PSI shipped 2 Nov, complete: tickets 101
 *   (10 yd³ and an environmental fee), 102 (10 yd³), 103 voided (10 yd³), 104 (8 yd³), driven by
 *   Dana Driver; 101 is on invoice 7 and its batch panel reported its cement.
 * - Order B, Zephyr, job J-2 (residential), 50 tn of #57 stone shipped 3 Nov: tickets 501
 *   (24.5 tn) and 503 (25 tn), picked up by the customer's own trucks.
 * - Order C, Acme, 5 yd³ shipped 1 Dec (ticket 105).
 * - Order D, Zephyr, 20 yd³ to ship 20 Nov in two loads (on the job at 09:00 and 09:30), firm;
 *   order E, Acme, 10 yd³ the same day, will call (on the job at 09:15).
 */
import { settleOrderDeliveries } from '../src/modules/deliveries/delivery-settlement.service';
import { eq } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { units } from '@dispatch/domain/units';
import type { Db } from '../src/db/client';
import { ticketBatchWeights } from '../src/db/schema/batching';
import { invoiceLines, invoices } from '../src/db/schema/billing';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../src/db/schema/orders';
import { concretePlants, plants } from '../src/db/schema/plants';
import {
  concreteMixRawMaterials,
  concreteMixes,
  products,
  rawMaterials,
} from '../src/db/schema/products';
import { loads, ticketProducts, tickets } from '../src/db/schema/tickets';
import { drivers } from '../src/db/schema/trucks';
import { jobTypeIds } from '../seed/reference-data';
import {
  loadStatusIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  ticketStatusIds,
  voidStatusIds,
} from '../src/db/reference-ids';

/** A local wall-clock time, as the server's business days count it. */
export const at = (day: string, time: string) => new Date(`${day}T${time}:00`);

export type ReportWorld = {
  plants: { north: number; pit: number };
  customers: { acme: number; zephyr: number };
  products: { mix: number; fee: number; stone: number };
};

type TicketSpec = {
  number: number;
  time: string;
  lines: { productId: number; quantity: number; price: number; unit: number }[];
  voided?: boolean;
  driverId?: number | null;
  loadNumber: number;
  back?: string;
};

export async function buildReportWorld(db: Db): Promise<ReportWorld> {
  const [north, pit] = await db
    .insert(plants)
    .values([
      {
        description: 'North',
        systemTypeId: 1,
        useBatchPanelFlag: true,
        fleetSizeFriday: 3,
        batchTime: 5,
        inYardWashTime: 5,
      },
      { description: 'Pit', systemTypeId: 2 },
    ])
    .returning({ id: plants.id });
  await db.insert(concretePlants).values({ plantId: north!.id });
  const [acme, zephyr] = await db
    .insert(customers)
    .values([
      { number: 'C1', name: 'Acme Builders' },
      { number: 'C2', name: 'Zephyr Paving' },
    ])
    .returning({ id: customers.id });
  const [jobOne, jobTwo] = await db
    .insert(jobs)
    .values([
      {
        customerId: acme!.id,
        number: 'J-1',
        address2: 'Lakeview Clinic',
        jobTypeId: jobTypeIds.commercial,
      },
      {
        customerId: zephyr!.id,
        number: 'J-2',
        address2: 'Hill residence',
        jobTypeId: jobTypeIds.residential,
      },
    ])
    .returning({ id: jobs.id });
  const [mix, fee, stone] = await db
    .insert(products)
    .values([
      {
        number: '3000',
        description: '3000 PSI',
        systemTypeId: 1,
        unitOfMeasureId: units.cubicYards,
      },
      {
        number: 'ENV',
        description: 'Environmental fee',
        systemTypeId: 1,
        unitOfMeasureId: units.each,
      },
      { number: '57', description: '#57 stone', systemTypeId: 2, unitOfMeasureId: units.tons },
    ])
    .returning({ id: products.id });
  const [cement, sand, water] = await db
    .insert(rawMaterials)
    .values([
      { code: 'CEM', description: 'Cement type I', unitOfMeasureId: units.pounds },
      { code: 'SAND', description: 'Concrete sand', unitOfMeasureId: units.pounds },
      { code: 'WATER', description: 'Water', unitOfMeasureId: units.gallons },
    ])
    .returning({ id: rawMaterials.id });
  const [design] = await db
    .insert(concreteMixes)
    .values({ productId: mix!.id, plantId: north!.id, description: '3000 PSI at North' })
    .returning({ id: concreteMixes.id });
  await db.insert(concreteMixRawMaterials).values([
    {
      concreteMixId: design!.id,
      rawMaterialId: cement!.id,
      sequence: 1,
      quantity: 500,
      unitOfMeasureId: units.pounds,
    },
    {
      concreteMixId: design!.id,
      rawMaterialId: sand!.id,
      sequence: 2,
      quantity: 1400,
      unitOfMeasureId: units.pounds,
    },
    {
      concreteMixId: design!.id,
      rawMaterialId: water!.id,
      sequence: 3,
      quantity: 30,
      unitOfMeasureId: units.gallons,
    },
  ]);
  const [dana] = await db
    .insert(drivers)
    .values({ name: 'Dana Driver' })
    .returning({ id: drivers.id });

  const world: ReportWorld = {
    plants: { north: north!.id, pit: pit!.id },
    customers: { acme: acme!.id, zephyr: zephyr!.id },
    products: { mix: mix!.id, fee: fee!.id, stone: stone!.id },
  };

  const order = async (spec: {
    customer: 'acme' | 'zephyr';
    concrete: boolean;
    shipDate: string;
    statusId: number;
    quantity: number;
    firstOnJob: string;
    loadSizes: number[];
    tickets: TicketSpec[];
  }) => {
    const acmeOrder = spec.customer === 'acme';
    const plantId = spec.concrete ? north!.id : pit!.id;
    const [made] = await db
      .insert(orders)
      .values({
        customerId: acmeOrder ? acme!.id : zephyr!.id,
        customerName: acmeOrder ? 'Acme Builders' : 'Zephyr Paving',
        customerPoNumber: 'PO-1',
        plantId,
        jobId: acmeOrder ? jobOne!.id : jobTwo!.id,
        orderDate: spec.shipDate,
        shipDate: spec.shipDate,
        orderStatusId: spec.statusId,
        orderTypeId: spec.concrete ? orderTypeIds.concreteDelivery : orderTypeIds.aggregatePickup,
        systemTypeId: spec.concrete ? 1 : 2,
        imperialFlag: true,
        reasonId: reasonIds.regular,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.none,
        freeShortLoadId: 1,
        printMaterialTypeId: 1,
      })
      .returning({ id: orders.id });
    const [schedule] = await db
      .insert(schedules)
      .values({
        orderId: made!.id,
        plantId,
        systemTypeId: spec.concrete ? 1 : 2,
        numberOfLoads: spec.loadSizes.length,
        numberOfTrucks: 2,
        quantityPerHour: 20,
        loadIntervalTime: 30,
        travelTimeToJob: 20,
        travelTimeToPlant: 20,
        onJobWaitMinutes: 10,
        onJobWashMinutes: 10,
        firstLoadOnJobTime: at(spec.shipDate, spec.firstOnJob),
      })
      .returning({ id: schedules.id });
    await db.insert(scheduleProducts).values({
      scheduleId: schedule!.id,
      productId: spec.concrete ? mix!.id : stone!.id,
      primaryFlag: true,
      quantity: spec.quantity,
      unitOfMeasure: spec.concrete ? units.cubicYards : units.tons,
      loadSize: spec.loadSizes[0] ?? null,
      price: spec.concrete ? 120 : 20,
    });
    const ticketIds = new Map<number, number>();
    for (const ticket of spec.tickets) {
      const start = at(spec.shipDate, ticket.time);
      const minutes = (count: number) => new Date(start.getTime() + count * 60_000);
      const [row] = await db
        .insert(tickets)
        .values({
          number: ticket.number,
          orderId: made!.id,
          scheduleId: schedule!.id,
          plantId,
          truckNumber: spec.concrete ? 'T-7' : 'ZP-2',
          loadNumber: ticket.loadNumber,
          statusId: ticket.voided ? ticketStatusIds.voided : ticketStatusIds.complete,
          voidStatusId: ticket.voided ? voidStatusIds.entryError : null,
          voidReason: ticket.voided ? 'Wrong mix keyed' : null,
          voidDateTime: ticket.voided ? minutes(2) : null,
          driverId: ticket.driverId ?? null,
          ticketDateTime: start,
          batchDateTime: ticket.voided ? null : minutes(1),
          loadedDateTime: ticket.voided ? null : minutes(10),
          toJobDateTime: ticket.voided ? null : minutes(12),
          onJobDateTime: spec.concrete && !ticket.voided ? minutes(35) : null,
          finishUnloadDateTime: spec.concrete && !ticket.voided ? minutes(65) : null,
          arrivePlantDateTime:
            spec.concrete && !ticket.voided
              ? ticket.back
                ? at(spec.shipDate, ticket.back)
                : minutes(90)
              : null,
        })
        .returning({ id: tickets.id });
      ticketIds.set(ticket.number, row!.id);
      await db.insert(ticketProducts).values(
        ticket.lines.map((line) => ({
          ticketId: row!.id,
          productId: line.productId,
          quantity: line.quantity,
          price: line.price,
          unitOfMeasure: line.unit,
        })),
      );
    }
    await db.insert(loads).values(
      spec.loadSizes.map((quantity, index) => {
        const live = spec.tickets.find((t) => t.loadNumber === index + 1 && !t.voided);
        return {
          orderId: made!.id,
          scheduleId: schedule!.id,
          loadNumber: index + 1,
          quantity,
          statusId: live ? loadStatusIds.delivered : loadStatusIds.scheduled,
          ticketId: live ? ticketIds.get(live.number)! : null,
          onJobTime: new Date(at(spec.shipDate, spec.firstOnJob).getTime() + index * 30 * 60_000),
        };
      }),
    );
    // What the tickets delivered, as the delivery state machine keeps it (R-DELIV-7).
    await db.transaction((tx) =>
      settleOrderDeliveries(tx, {
        orderId: made!.id,
        ticketIds: [...ticketIds.values()],
        username: 'fixture',
        now: new Date(),
      }),
    );
    return ticketIds;
  };

  const yards = (quantity: number) => ({
    productId: mix!.id,
    quantity,
    price: 120,
    unit: units.cubicYards,
  });
  const tons = (quantity: number) => ({
    productId: stone!.id,
    quantity,
    price: 20,
    unit: units.tons,
  });
  const orderA = await order({
    customer: 'acme',
    concrete: true,
    shipDate: '2026-11-02',
    statusId: orderStatusIds.complete,
    quantity: 30,
    firstOnJob: '08:00',
    loadSizes: [10, 10, 10],
    tickets: [
      {
        number: 101,
        time: '07:30',
        loadNumber: 1,
        driverId: dana!.id,
        lines: [yards(10), { productId: fee!.id, quantity: 1, price: 15, unit: units.each }],
      },
      { number: 102, time: '08:40', loadNumber: 2, driverId: dana!.id, lines: [yards(10)] },
      {
        number: 103,
        time: '09:50',
        loadNumber: 3,
        driverId: dana!.id,
        lines: [yards(10)],
        voided: true,
      },
      {
        number: 104,
        time: '10:00',
        loadNumber: 3,
        driverId: dana!.id,
        lines: [yards(8)],
        back: '12:10',
      },
    ],
  });
  await order({
    customer: 'zephyr',
    concrete: false,
    shipDate: '2026-11-03',
    statusId: orderStatusIds.complete,
    quantity: 50,
    firstOnJob: '07:00',
    loadSizes: [25, 25],
    tickets: [
      { number: 501, time: '07:00', loadNumber: 1, lines: [tons(24.5)] },
      { number: 503, time: '08:00', loadNumber: 2, lines: [tons(25)] },
    ],
  });
  await order({
    customer: 'acme',
    concrete: true,
    shipDate: '2026-12-01',
    statusId: orderStatusIds.complete,
    quantity: 5,
    firstOnJob: '09:00',
    loadSizes: [5],
    tickets: [{ number: 105, time: '08:30', loadNumber: 1, lines: [yards(5)] }],
  });
  await order({
    customer: 'zephyr',
    concrete: true,
    shipDate: '2026-11-20',
    statusId: orderStatusIds.toBeShipped,
    quantity: 20,
    firstOnJob: '09:00',
    loadSizes: [10, 10],
    tickets: [],
  });
  await order({
    customer: 'acme',
    concrete: true,
    shipDate: '2026-11-20',
    statusId: orderStatusIds.willCall,
    quantity: 10,
    firstOnJob: '09:15',
    loadSizes: [10],
    tickets: [],
  });

  const [invoice] = await db
    .insert(invoices)
    .values({
      number: 7,
      customerId: acme!.id,
      customerName: 'Acme Builders',
      invoiceDate: '2026-11-05',
    })
    .returning({ id: invoices.id });
  await db.insert(invoiceLines).values({
    invoiceId: invoice!.id,
    ticketId: orderA.get(101)!,
    description: '3000 PSI',
    quantity: 10,
    unitPrice: 120,
    amount: 1200,
  });
  await db
    .update(tickets)
    .set({ invoiceId: invoice!.id })
    .where(eq(tickets.id, orderA.get(101)!));
  await db.insert(ticketBatchWeights).values({
    ticketId: orderA.get(101)!,
    rawMaterialId: cement!.id,
    sequence: 1,
    targetQuantity: 5000,
    batchedQuantity: 5025,
    unitOfMeasureId: units.pounds,
  });
  return world;
}
