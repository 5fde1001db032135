/**
 * Test helper for the dispatch and ticket suites: plants of each system type, a customer (and a
 * COD-only one) with a job, products and a concrete mix, trucks in a plant's yard, and orders
 * whose schedules have loads waiting for a truck, inserted with Drizzle as order entry leaves them.
 */
import { max, eq } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { units } from '@dispatch/domain/units';
import type { Db } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { concreteMixes, products } from '../src/db/schema/products';
import { loads } from '../src/db/schema/tickets';
import { trucks } from '../src/db/schema/trucks';
import {
  creditStatusIds,
  loadStatusIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
} from '../src/db/reference-ids';
import { concreteScheduleTimes } from './order-fixtures';
import type { callerOf } from './test-app';

export type DispatchWorld = {
  plants: { concrete: number; aggregate: number; block: number };
  customerId: number;
  codCustomerId: number;
  jobId: number;
  codJobId: number;
  products: { mix: number; fibre: number; stone: number; block: number };
};

export async function buildDispatchWorld(db: Db): Promise<DispatchWorld> {
  const [concrete, aggregate, block] = await db
    .insert(plants)
    .values([
      {
        description: 'North',
        systemTypeId: 1,
        address1: '100 Quarry Road',
        address3: 'Springfield',
        address5: 'IL',
        address7: '62701',
        phoneNumber: '(217) 555-0100',
      },
      { description: 'Pit', systemTypeId: 2, address1: '9 Gravel Lane', address3: 'Rochester' },
      { description: 'Block yard', systemTypeId: 3, address1: '4 Mason Way', address3: 'Chatham' },
    ])
    .returning({ id: plants.id });
  const [customer, codCustomer] = await db
    .insert(customers)
    .values([
      { number: 'C100', name: 'Acme Builders', creditStatusId: creditStatusIds.good },
      { number: 'C200', name: 'Cash Contracting', creditStatusId: creditStatusIds.codOnly },
    ])
    .returning({ id: customers.id });
  const [job, codJob] = await db
    .insert(jobs)
    .values([
      {
        customerId: customer!.id,
        number: 'J-275',
        address1: '1200 Lakeview Drive',
        address2: 'Lakeview Medical Center',
        address3: 'Springfield',
        address4: 'Gate 3 off Oak Street',
        address5: 'IL',
        address7: '62704',
      },
      {
        customerId: codCustomer!.id,
        number: 'J-318',
        address1: '77 Orchard Lane',
        address2: 'Hill residence: driveway and patio',
        address3: 'Chatham',
        address5: 'IL',
        address7: '62629',
      },
    ])
    .returning({ id: jobs.id });
  const [mix, fibre, stone, blockProduct] = await db
    .insert(products)
    .values([
      {
        number: '4000P',
        description: '4000 PSI pump mix',
        systemTypeId: 1,
        unitOfMeasureId: units.cubicYards,
      },
      {
        number: 'FIB',
        description: 'Synthetic fibre',
        systemTypeId: 1,
        unitOfMeasureId: units.each,
      },
      {
        number: '57',
        description: '#57 washed stone',
        systemTypeId: 2,
        unitOfMeasureId: units.tons,
      },
      {
        number: 'CMU8',
        description: '8 in. standard block',
        systemTypeId: 3,
        unitOfMeasureId: units.each,
      },
    ])
    .returning({ id: products.id });
  await db.insert(concreteMixes).values({
    productId: mix!.id,
    plantId: concrete!.id,
    description: '4000 PSI, 3/4 in. stone, pump',
    strength: 4000,
    slump: 5,
    air: 6,
    aggregateSize: '3/4 in.',
    cementType: 'Type I/II',
    maxExtraWaterGallons: 1.5,
    waterToCementRatio: 0.45,
  });
  return {
    plants: { concrete: concrete!.id, aggregate: aggregate!.id, block: block!.id },
    customerId: customer!.id,
    codCustomerId: codCustomer!.id,
    jobId: job!.id,
    codJobId: codJob!.id,
    products: { mix: mix!.id, fibre: fibre!.id, stone: stone!.id, block: blockProduct!.id },
  };
}

/** A truck of the own fleet at the plant, in its yard at the end of the sequence unless said. */
export async function addTruck(
  db: Db,
  truck: {
    plantId: number;
    number: string;
    statusId?: number;
    inactiveFlag?: boolean;
    truckFlagId?: number;
  },
): Promise<number> {
  const statusId = truck.statusId ?? truckStatusIds.inYard;
  const [last] = await db
    .select({ place: max(trucks.inYardSequenceNum) })
    .from(trucks)
    .where(eq(trucks.plantId, truck.plantId));
  const [row] = await db
    .insert(trucks)
    .values({
      identificationNumber: truck.number,
      plantId: truck.plantId,
      statusId,
      statusDateTime: new Date(),
      inYardSequenceNum: statusId === truckStatusIds.inYard ? (last?.place ?? 0) + 1 : null,
      inactiveFlag: truck.inactiveFlag ?? false,
      truckFlagId: truck.truckFlagId ?? null,
    })
    .returning({ id: trucks.id });
  return row!.id;
}

const orderTypeOf = {
  1: orderTypeIds.concreteDelivery,
  2: orderTypeIds.aggregateDelivery,
  3: orderTypeIds.blockDelivery,
} as const;
const shortLoadOf = {
  1: shortLoadTypeIds.concreteUnder4,
  2: shortLoadTypeIds.aggregateUnder10,
  3: null,
} as const;

export type TestOrder = {
  orderId: number;
  orderNumber: number;
  scheduleId: number;
  loadIds: number[];
};

/**
 * An order of the system type at its plant with one schedule: the primary product priced at 150
 * (the concrete one with 2 bags of fibre per load as an extra), and loads of the given sizes.
 */
export async function addOrder(
  db: Db,
  world: DispatchWorld,
  options: {
    systemTypeId: 1 | 2 | 3;
    loadSizes: number[];
    customerId?: number;
    orderStatusId?: number;
    shipDate?: string;
    ticketNotes?: string;
    uploadMixToBatchPanel?: boolean;
  },
): Promise<TestOrder> {
  const { systemTypeId } = options;
  const plantId =
    systemTypeId === 1
      ? world.plants.concrete
      : systemTypeId === 2
        ? world.plants.aggregate
        : world.plants.block;
  const customerId = options.customerId ?? world.customerId;
  const shipDate = options.shipDate ?? '2026-03-10';
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      customerName: customerId === world.customerId ? 'Acme Builders' : 'Cash Contracting',
      customerPoNumber: 'PO-4471',
      plantId,
      jobId: customerId === world.customerId ? world.jobId : world.codJobId,
      orderDate: shipDate,
      shipDate,
      orderStatusId: options.orderStatusId ?? orderStatusIds.toBeShipped,
      orderTypeId: orderTypeOf[systemTypeId],
      systemTypeId,
      imperialFlag: true,
      reasonId: reasonIds.regular,
      sourceTaxingType: 1,
      shortLoadTypeId: shortLoadOf[systemTypeId],
      ticketNotes: options.ticketNotes ?? null,
      uploadMixToBatchPanel: options.uploadMixToBatchPanel,
    })
    .returning({ id: orders.id, number: orders.number });
  const [schedule] = await db
    .insert(schedules)
    .values({
      orderId: order!.id,
      plantId,
      systemTypeId,
      ...concreteScheduleTimes,
      numberOfLoads: options.loadSizes.length,
    })
    .returning({ id: schedules.id });
  const total = options.loadSizes.reduce((sum, size) => sum + size, 0);
  const primary =
    systemTypeId === 1
      ? world.products.mix
      : systemTypeId === 2
        ? world.products.stone
        : world.products.block;
  const unit = systemTypeId === 1 ? units.cubicYards : systemTypeId === 2 ? units.tons : units.each;
  await db.insert(scheduleProducts).values([
    {
      scheduleId: schedule!.id,
      productId: primary,
      primaryFlag: true,
      quantity: total,
      price: systemTypeId === 3 ? 2.15 : 150,
      slump: systemTypeId === 1 ? 5 : null,
      unitOfMeasure: unit,
      unitsPerCube: systemTypeId === 3 ? 90 : null,
    },
    ...(systemTypeId === 1
      ? [
          {
            scheduleId: schedule!.id,
            productId: world.products.fibre,
            sequence: 1,
            quantity: 2 * options.loadSizes.length,
            price: 12.5,
            unitOfMeasure: units.each,
          },
        ]
      : []),
  ]);
  const loadRows = await db
    .insert(loads)
    .values(
      options.loadSizes.map((size, index) => ({
        orderId: order!.id,
        scheduleId: schedule!.id,
        loadNumber: index + 1,
        quantity: size,
        statusId: loadStatusIds.scheduled,
        onJobTime: new Date(`${shipDate}T08:00:00Z`),
      })),
    )
    .returning({ id: loads.id });
  return {
    orderId: order!.id,
    orderNumber: order!.number,
    scheduleId: schedule!.id,
    loadIds: loadRows.map((row) => row.id),
  };
}

export type DispatchedTicket = { id: number; number: number };

/**
 * A concrete order whose first load the API dispatched (as a dispatcher does) to a new truck in
 * the plant's yard: the order, the truck and the ticket the dispatch wrote.
 */
export async function addDispatchedOrder(
  db: Db,
  call: ReturnType<typeof callerOf>,
  world: DispatchWorld,
  options: {
    loadSizes: number[];
    truckNumber: string;
    uploadMixToBatchPanel?: boolean;
    /** Who dispatches it; the caller's own user unless named. */
    who?: string;
  },
): Promise<{ order: TestOrder; truckId: number; ticket: DispatchedTicket }> {
  const order = await addOrder(db, world, {
    systemTypeId: 1,
    loadSizes: options.loadSizes,
    uploadMixToBatchPanel: options.uploadMixToBatchPanel,
  });
  const truckId = await addTruck(db, {
    plantId: world.plants.concrete,
    number: options.truckNumber,
  });
  const response = await call('POST', `/api/v1/loads/${order.loadIds[0]}/dispatch`, options.who, {
    truckId,
  });
  if (response.statusCode !== 200) {
    throw new Error(
      `dispatching load ${order.loadIds[0]}: ${response.statusCode} ${response.body}`,
    );
  }
  return { order, truckId, ticket: response.json<{ ticket: DispatchedTicket }>().ticket };
}
