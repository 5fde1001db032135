/**
 * Orders for a few past working days, today and the next few working days, with their schedules,
 * scheduled products, loads and tickets, and the trucks' live status at today's mid-day.
 */
import { eq } from 'drizzle-orm';
import { orderStatusIds, type OrderStatusId } from '@dispatch/domain/orders/order-status';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { truckStatusIds, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { orders, scheduleProducts, schedules } from '../src/db/schema/orders';
import { loads, ticketProducts, tickets } from '../src/db/schema/tickets';
import { trucks } from '../src/db/schema/trucks';
import { addMinutes, workingDayOffsets, type DemoClock } from './demo-clock';
import {
  dispatchDay,
  stampsAt,
  truckStatusFromStamps,
  type LoadToShip,
  type Stamps,
} from './demo-dispatch';
import type { DemoFleet, DemoTruck } from './demo-fleet';
import type { DemoJob } from './demo-jobs';
import {
  fixedStatusOfIntent,
  planOrders,
  shippableIntents,
  type OrderPlan,
} from './demo-order-plans';
import { setNextTicketNumbers, type DemoPlant } from './demo-plants';
import type { DemoProduct } from './demo-products';
import type { DemoStaff } from './demo-staff';
import type { Random } from './random';
import {
  deliveryChargeTypeIds,
  loadStatusIds,
  sourceTaxingTypes,
  ticketStatusIds,
  usageTypeIds,
  voidStatusIds,
} from '../src/db/reference-ids';
import { idAt, insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

/** Who the demo's tickets say wrote them: the demo dispatcher login. */
const ticketUserName = 'dispatcher';

export type DemoOrdersContext = {
  readonly clock: DemoClock;
  readonly plants: readonly DemoPlant[];
  readonly fleet: DemoFleet;
  readonly staff: DemoStaff;
  readonly jobs: readonly DemoJob[];
  readonly catalogue: readonly DemoProduct[];
  readonly pastDayCount: number;
  readonly futureDayCount: number;
};

export type DemoOrderCounts = {
  orders: number;
  ordersToday: number;
  schedules: number;
  scheduleProducts: number;
  loads: number;
  tickets: number;
  ticketProducts: number;
};

type TicketLine = {
  product: DemoProduct;
  quantity: number;
  deliveredQuantity: number | null;
  unusedQuantity: number | null;
  price: number;
  slump: number | null;
  taxableFlag: boolean;
};

type TicketRecord = {
  plan: OrderPlan;
  loadNumber: number;
  truck: DemoTruck | null;
  customerTruckNumber: string | null;
  stamps: Stamps;
  quantity: number;
  voided: boolean;
  number: number;
  grossWeight: number | null;
  tareWeight: number | null;
  netWeight: number | null;
  waterAdded: number | null;
  maxAllowableWaterGallons: number | null;
  lines: TicketLine[];
};

type Unavailable = { statusId: TruckStatusId; at: Date };

const round2 = (value: number) => Math.round(value * 100) / 100;
const round20 = (value: number) => Math.round(value / 20) * 20;

function plannedOnJob(clock: DemoClock, plan: OrderPlan, loadNumber: number): Date {
  return clock.at(plan.dayOffset, plan.firstLoadMinutes + (loadNumber - 1) * plan.interval);
}

/** Loads a plan may ship: all of them, except after a stop. */
function shippableLoads(clock: DemoClock, plan: OrderPlan): LoadToShip[] {
  if (!shippableIntents.has(plan.intent)) return [];
  const count = plan.stopAfterLoads ?? plan.loadSizes.length;
  return plan.loadSizes.slice(0, count).map((quantity, index) => {
    const onJob = plannedOnJob(clock, plan, index + 1);
    return {
      planIndex: plan.index,
      loadNumber: index + 1,
      quantity,
      plannedTicketTime: plan.fob
        ? onJob
        : addMinutes(onJob, -(plan.travelToJob + plan.plant.batchTime + 6)),
      systemTypeId: plan.systemTypeId,
      truckTypeId: plan.truckTypeId,
      fob: plan.fob,
      batchTime: plan.plant.batchTime,
      travelToJob: plan.travelToJob,
      travelToPlant: plan.travelToPlant,
      onJobWait: plan.onJobWait,
      onJobWash: plan.onJobWash,
    };
  });
}

/** A few trucks sit out today: one broke down yesterday, one driver is off. */
function chooseUnavailable(
  random: Random,
  clock: DemoClock,
  plants: readonly DemoPlant[],
  fleet: DemoFleet,
): Map<number, Unavailable> {
  const unavailable = new Map<number, Unavailable>();
  for (const plant of plants) {
    const own = random.shuffle(
      fleet.trucks.filter((truck) => truck.plantId === plant.id && !truck.outside),
    );
    const [first, second] = own;
    const outOfService = {
      statusId: truckStatusIds.outOfService,
      at: clock.at(-1, random.int(900, 1020)),
    };
    const offDuty = { statusId: truckStatusIds.offDuty, at: clock.at(-1, random.int(1020, 1110)) };
    if (plant.systemTypeId === systemTypeIds.concrete) {
      if (first) unavailable.set(first.id, outOfService);
      if (second) unavailable.set(second.id, offDuty);
    } else if (plant.systemTypeId === systemTypeIds.aggregate && !plant.isRail) {
      if (first) unavailable.set(first.id, offDuty);
    } else if (plant.systemTypeId === systemTypeIds.block) {
      if (first) unavailable.set(first.id, outOfService);
    }
  }
  return unavailable;
}

function ticketLines(
  random: Random,
  plan: OrderPlan,
  loadNumber: number,
  quantity: number,
  delivered: boolean,
): TicketLine[] {
  const concrete = plan.systemTypeId === systemTypeIds.concrete;
  const unused =
    concrete && delivered && !plan.fob && random.chance(0.05) ? random.int(1, 3) * 0.5 : 0;
  const primary: TicketLine = {
    product: plan.product,
    quantity,
    deliveredQuantity: delivered ? round2(quantity - unused) : null,
    unusedQuantity: concrete && delivered ? unused : null,
    price: plan.price,
    slump:
      concrete && plan.product.slump !== null
        ? plan.product.slump + random.pick([0, 0, 0.5, 1])
        : null,
    taxableFlag: plan.taxable,
  };
  const extras = plan.extras.flatMap(({ product, price }): TicketLine[] => {
    const perLoad = product.usageTypeId === usageTypeIds.perLoad;
    const perOrder = product.usageTypeId === usageTypeIds.perOrder;
    if (perOrder && loadNumber !== 1) return [];
    const amount =
      product.number === 'PALLET'
        ? Math.ceil(quantity / (plan.product.unitsPerCube ?? 90))
        : perLoad || perOrder
          ? 1
          : quantity;
    return [
      {
        product,
        quantity: amount,
        deliveredQuantity: delivered ? amount : null,
        unusedQuantity: null,
        price,
        slump: null,
        taxableFlag: product.taxableFlag && !plan.customer.nontaxable,
      },
    ];
  });
  return [primary, ...extras];
}

export async function seedOrders(
  db: SeedDb,
  random: Random,
  context: DemoOrdersContext,
): Promise<DemoOrderCounts> {
  const { clock, plants, fleet } = context;
  const pastDays = workingDayOffsets(clock, -1, context.pastDayCount).reverse();
  const futureDays = workingDayOffsets(clock, 1, context.futureDayCount);
  const plans = planOrders(random.fork('plans'), {
    clock,
    plants,
    jobs: context.jobs,
    catalogue: context.catalogue,
    pumperIds: fleet.pumperIds,
    pastDays,
    futureDays,
  });

  const unavailable = chooseUnavailable(random.fork('roster'), clock, plants, fleet);
  const shipDays = [...pastDays, 0];
  const records: TicketRecord[] = [];
  const signOnToday = new Map<number, Date>();
  shipDays.forEach((dayOffset, slot) => {
    const today = dayOffset === 0;
    const dayRandom = random.fork(`ship:${String(slot)}`);
    for (const plant of plants) {
      const available = fleet.trucks
        .filter((truck) => truck.plantId === plant.id && !(today && unavailable.has(truck.id)))
        .map((truck) => {
          const signOn = clock.at(dayOffset, dayRandom.int(315, 345));
          if (today) signOnToday.set(truck.id, signOn);
          return { truck, signOn };
        });
      const dayPlans = plans.filter(
        (plan) => plan.dayOffset === dayOffset && plan.plant.id === plant.id,
      );
      const shipped = dispatchDay(dayRandom.fork(plant.description), {
        trucks: available,
        loads: dayPlans.flatMap((plan) => shippableLoads(clock, plan)),
        cutoff: today ? clock.now : null,
      });
      for (const { load, truck, stamps: allStamps } of shipped) {
        const plan = plans[load.planIndex];
        if (!plan) continue;
        const stamps = stampsAt(allStamps, today ? clock.now : null);
        records.push(shippedRecord(dayRandom, plan, load.loadNumber, load.quantity, truck, stamps));
      }
    }
    // One ticket a day is voided and rewritten: a wrong mix keyed, caught at the printer.
    const candidates = records.filter(
      (record) => record.plan.dayOffset === dayOffset && record.truck && !record.voided,
    );
    if (candidates.length > 0) {
      const original = dayRandom.pick(candidates);
      const printedAt = original.stamps.ticketDateTime ?? clock.at(dayOffset, 420);
      const ticketAt = addMinutes(printedAt, -dayRandom.int(3, 6));
      records.push({
        ...original,
        voided: true,
        stamps: {
          ...stampsAt(original.stamps, ticketAt),
          ticketDateTime: ticketAt,
          printDateTime: addMinutes(ticketAt, 0.5),
        },
        lines: original.lines.map((line) => ({
          ...line,
          deliveredQuantity: null,
          unusedQuantity: null,
        })),
        waterAdded: null,
        grossWeight: null,
        netWeight: null,
        tareWeight: null,
      });
    }
  });

  // Ticket numbers count up per plant in the order tickets were written.
  const nextNumber = new Map(plants.map((plant) => [plant.id, plant.firstTicketNumber]));
  const byTime = [...records].sort(
    (a, b) =>
      (a.stamps.ticketDateTime?.getTime() ?? 0) - (b.stamps.ticketDateTime?.getTime() ?? 0) ||
      a.plan.index - b.plan.index ||
      a.loadNumber - b.loadNumber,
  );
  for (const record of byTime) {
    const number = nextNumber.get(record.plan.plant.id) ?? 1;
    record.number = number;
    nextNumber.set(record.plan.plant.id, number + 1);
  }

  const liveRecords = records.filter((record) => !record.voided);
  const recordFor = new Map(
    liveRecords.map((record) => [
      `${String(record.plan.index)}:${String(record.loadNumber)}`,
      record,
    ]),
  );
  const shippedCount = (plan: OrderPlan) =>
    plan.loadSizes.filter((_, index) => recordFor.has(`${String(plan.index)}:${String(index + 1)}`))
      .length;
  const statusOf = (plan: OrderPlan): OrderStatusId => {
    const fixed = fixedStatusOfIntent[plan.intent];
    if (fixed !== undefined) return fixed;
    const count = shippedCount(plan);
    if (count === plan.loadSizes.length) return orderStatusIds.complete;
    return count > 0 ? orderStatusIds.shipping : orderStatusIds.toBeShipped;
  };

  // Order numbers follow the order orders were taken in.
  const entryOrder = [...plans].sort(
    (a, b) =>
      clock.at(a.orderDayOffset, a.createdMinutes).getTime() -
        clock.at(b.orderDayOffset, b.createdMinutes).getTime() || a.index - b.index,
  );
  const orderIdList = await insertReturningIds(
    db,
    orders,
    entryOrder.map((plan) => orderRow(clock, plan, statusOf(plan))),
  );
  const orderIdByPlan = new Map(
    entryOrder.map((plan, index) => [plan.index, idAt(orderIdList, index)]),
  );
  const orderIdOf = (plan: OrderPlan) => orderIdByPlan.get(plan.index) ?? 0;

  const scheduleIdList = await insertReturningIds(
    db,
    schedules,
    plans.map((plan) => ({
      orderId: orderIdOf(plan),
      plantId: plan.plant.id,
      systemTypeId: plan.systemTypeId,
      numberOfLoads: plan.loadSizes.length,
      numberOfTrucks: plan.numberOfTrucks,
      quantityPerHour: round2(((plan.loadSizes[0] ?? 0) * 60) / plan.interval),
      loadIntervalTime: plan.interval,
      travelTimeToJob: plan.travelToJob,
      travelTimeToPlant: plan.travelToPlant,
      onJobWaitMinutes: plan.onJobWait,
      onJobWashMinutes: plan.onJobWash,
      adjustmentTypeId: 1,
      addPlusLoad: plan.systemTypeId === systemTypeIds.concrete && plan.index % 9 === 0,
      truckTypeId: plan.truckTypeId,
      firstLoadOnJobTime: clock.at(plan.dayOffset, plan.firstLoadMinutes),
    })),
  );
  const scheduleIdOf = (plan: OrderPlan) => idAt(scheduleIdList, plan.index);

  const planRecords = (plan: OrderPlan) =>
    liveRecords.filter((record) => record.plan.index === plan.index);
  const scheduleProductRows = plans.flatMap((plan) => {
    const shipped = planRecords(plan);
    // R-DELIV-2, R-DELIV-7: what the schedule's tickets delivered, as the state machine keeps it.
    const deliveredOf = (productId: number) =>
      round2(
        shipped.reduce(
          (sum, record) =>
            sum +
            record.lines
              .filter((line) => line.product.id === productId)
              .reduce((total, line) => total + (line.deliveredQuantity ?? 0), 0),
          0,
        ),
      );
    const lines = [
      { product: plan.product, quantity: plan.totalQuantity, price: plan.price, primary: true },
      ...plan.extras.map((extra) => ({ ...extra, primary: false })),
    ];
    return lines.map((line, sequence) => ({
      scheduleId: scheduleIdOf(plan),
      productId: line.product.id,
      primaryFlag: line.primary,
      sequence,
      productNumber: line.product.number,
      productDescription: line.product.description,
      productTypeId: line.product.productTypeId,
      quantity: line.quantity,
      deliveredQuantity: deliveredOf(line.product.id),
      slump: line.primary ? line.product.slump : null,
      price: line.price,
      taxableFlag: line.primary
        ? plan.taxable
        : line.product.taxableFlag && !plan.customer.nontaxable,
      unitOfMeasure: line.product.unitOfMeasureId,
      loadSize: line.primary ? (plan.loadSizes[0] ?? null) : null,
      loadPlan: line.primary ? plan.loadSizes.join(',') : null,
      usageTypeId: line.product.usageTypeId,
      unitsPerCube: line.primary ? line.product.unitsPerCube : null,
      ticketed: shipped.length > 0,
    }));
  });
  await insertAll(db, scheduleProducts, scheduleProductRows);

  const batchmen = context.staff.batchmanIdByPlant;
  const ticketIdList = await insertReturningIds(
    db,
    tickets,
    records.map((record) => {
      const { plan, truck, stamps } = record;
      const codAmount = plan.customer.cashOnly
        ? round2(
            record.lines.reduce(
              (sum, line) =>
                sum + line.quantity * line.price * (line.taxableFlag ? 1 + plan.taxRate / 100 : 1),
              0,
            ),
          )
        : null;
      return {
        number: record.number,
        orderId: orderIdOf(plan),
        scheduleId: scheduleIdOf(plan),
        plantId: plan.plant.id,
        truckId: truck?.id ?? null,
        truckNumber: truck?.identificationNumber ?? record.customerTruckNumber,
        truckCompanyId: truck?.truckCompanyId ?? null,
        loadNumber: record.loadNumber,
        statusId: ticketStatusOf(record),
        voidStatusId: record.voided ? voidStatusIds.entryError : null,
        driverId: truck?.driverId ?? null,
        batchmanId: batchmen.get(plan.plant.id) ?? null,
        grossWeight: record.grossWeight,
        tareWeight: record.tareWeight,
        netWeight: record.netWeight,
        waterAdded: record.waterAdded,
        maxAllowableWaterGallons: record.maxAllowableWaterGallons,
        codAmount,
        ...stamps,
        ticketDateTime: stamps.ticketDateTime ?? clock.at(plan.dayOffset, 360),
        voidDateTime:
          record.voided && stamps.printDateTime ? addMinutes(stamps.printDateTime, 2) : null,
        userName: ticketUserName,
        voidUserName: record.voided ? ticketUserName : null,
        // R-TEDIT-9: a demo void says why, as the edit screens show it.
        voidReason: record.voided ? 'Keyed against the wrong order' : null,
      };
    }),
  );

  const ticketProductRows = records.flatMap((record, index) =>
    record.lines.map((line) => ({
      ticketId: idAt(ticketIdList, index),
      productId: line.product.id,
      quantity: line.quantity,
      deliveredQuantity: line.deliveredQuantity,
      unusedQuantity: line.unusedQuantity,
      price: line.price,
      slump: line.slump,
      taxableFlag: line.taxableFlag,
      unitOfMeasure: line.product.unitOfMeasureId,
    })),
  );
  await insertAll(db, ticketProducts, ticketProductRows);
  const ticketIdOf = new Map(records.map((record, index) => [record, idAt(ticketIdList, index)]));

  const loadRows = plans.flatMap((plan) =>
    plan.loadSizes.map((quantity, index) => {
      const loadNumber = index + 1;
      const record = recordFor.get(`${String(plan.index)}:${String(loadNumber)}`);
      const cancelled =
        plan.intent === 'cancelled' ||
        plan.intent === 'deleted' ||
        (plan.stopAfterLoads !== null && loadNumber > plan.stopAfterLoads);
      return {
        orderId: orderIdOf(plan),
        scheduleId: scheduleIdOf(plan),
        loadNumber,
        quantity,
        statusId: record
          ? isDelivered(record)
            ? loadStatusIds.delivered
            : loadStatusIds.ticketed
          : cancelled
            ? loadStatusIds.cancelled
            : loadStatusIds.scheduled,
        driverId: record?.truck?.driverId ?? null,
        ticketId: record ? (ticketIdOf.get(record) ?? null) : null,
        onJobTime: plannedOnJob(clock, plan, loadNumber),
      };
    }),
  );
  await insertAll(db, loads, loadRows);

  await setTruckStatuses(db, random.fork('yard'), fleet, {
    now: clock.now,
    unavailable,
    signOnToday,
    todays: liveRecords.filter((record) => record.plan.dayOffset === 0 && record.truck),
    ticketIdOf,
  });
  await setNextTicketNumbers(
    db,
    plants.map((plant) => ({
      plant,
      nextTicketNumber: nextNumber.get(plant.id) ?? plant.firstTicketNumber,
    })),
  );

  return {
    orders: plans.length,
    ordersToday: plans.filter((plan) => plan.dayOffset === 0).length,
    schedules: plans.length,
    scheduleProducts: scheduleProductRows.length,
    loads: loadRows.length,
    tickets: records.length,
    ticketProducts: ticketProductRows.length,
  };
}

function isDelivered(record: TicketRecord): boolean {
  return record.plan.fob
    ? record.stamps.toJobDateTime !== null
    : record.stamps.finishUnloadDateTime !== null;
}

function ticketStatusOf(record: TicketRecord): number {
  if (record.voided) return ticketStatusIds.voided;
  if (record.plan.fob) return isDelivered(record) ? ticketStatusIds.complete : ticketStatusIds.open;
  if (record.stamps.arrivePlantDateTime) return ticketStatusIds.complete;
  return isDelivered(record) ? ticketStatusIds.delivered : ticketStatusIds.open;
}

/** The ticket a shipped load gets: weights for aggregate, water for concrete, its lines. */
function shippedRecord(
  random: Random,
  plan: OrderPlan,
  loadNumber: number,
  planned: number,
  truck: DemoTruck | null,
  stamps: Stamps,
): TicketRecord {
  const aggregate = plan.systemTypeId === systemTypeIds.aggregate;
  const concrete = plan.systemTypeId === systemTypeIds.concrete;
  let quantity = planned;
  let weights = {
    grossWeight: null as number | null,
    tareWeight: null as number | null,
    netWeight: null as number | null,
  };
  if (aggregate) {
    // Trucks load to the scale, not to the ton: the net weight is what the ticket sells.
    const capacity = truck?.maxLoadQuantity ?? planned * 1.05;
    const net = round20(Math.min(capacity, planned * random.float(0.96, 1.01)) * 2000);
    const tare = round20((truck?.tareWeight ?? random.int(18_000, 27_000)) + random.int(-120, 120));
    quantity = net / 2000;
    weights = { grossWeight: tare + net, tareWeight: tare, netWeight: net };
  }
  const record: TicketRecord = {
    plan,
    loadNumber,
    truck,
    customerTruckNumber: truck ? null : customerTruckNumber(random, plan),
    stamps,
    quantity,
    voided: false,
    number: 0,
    ...weights,
    waterAdded: null,
    maxAllowableWaterGallons: null,
    lines: [],
  };
  const delivered = isDelivered(record);
  if (concrete) {
    const allowed = Math.round(plan.product.extraWaterPerYard * quantity * 2) / 2;
    record.maxAllowableWaterGallons = allowed;
    record.waterAdded =
      delivered && !plan.fob
        ? random.chance(0.4) && allowed >= 1
          ? random.int(1, Math.floor(allowed))
          : 0
        : null;
  }
  record.lines = ticketLines(random, plan, loadNumber, quantity, delivered);
  return record;
}

/** A customer's own truck as its driver calls it at the scale: the firm's initials and a number. */
function customerTruckNumber(random: Random, plan: OrderPlan): string {
  const initials = plan.customer.name
    .split(/[\s-]+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return `${initials}-${String(random.int(1, 12))}`;
}

function orderRow(clock: DemoClock, plan: OrderPlan, orderStatusId: OrderStatusId) {
  const { customer, job, pricing } = plan;
  const block = plan.systemTypeId === systemTypeIds.block;
  const aggregate = plan.systemTypeId === systemTypeIds.aggregate;
  const past = plan.dayOffset < 0;
  return {
    customerId: customer.id,
    customerName: customer.name,
    customerPoNumber: job.customerPoNumber,
    plantId: plan.plant.id,
    jobId: job.id,
    quoteId: job.quote?.id ?? null,
    orderDate: clock.date(plan.orderDayOffset),
    shipDate: clock.date(plan.dayOffset),
    orderStatusId,
    orderTypeId: plan.orderTypeId,
    systemTypeId: plan.systemTypeId,
    orderFlagId: plan.orderFlagId,
    orderedByName: plan.orderedByName,
    notes: plan.notes,
    dispatchNotes: plan.dispatchNotes,
    batchNotes: plan.batchNotes,
    creditNotes: plan.creditNotes,
    ticketNotes: plan.ticketNotes,
    emailAddressCsv: customer.emailAddressCsv || null,
    cartageRate: pricing?.cartageRate ?? null,
    milesToJob: plan.milesToJob,
    hoursToJob: round2(plan.travelToJob / 60),
    firstLoadTime: clock.at(plan.dayOffset, plan.firstLoadMinutes),
    imperialFlag: true,
    invoicedFlag: plan.dayOffset <= -2 && orderStatusId === orderStatusIds.complete,
    chargeOrderFlag: !customer.cashOnly,
    orderVerifiedFlag: past || plan.index % 3 !== 0,
    blockReturnOrderFlag: false,
    pumperId: plan.pumperId,
    reasonId: plan.reasonId,
    // Block orders carry no short-load or printed-material settings (spec section 5).
    shortLoadTypeId: block ? null : (pricing?.shortLoadTypeId ?? null),
    freeShortLoadId: block ? null : (pricing?.freeShortLoadId ?? 1),
    standbyChargeTypeId: pricing?.standbyChargeTypeId ?? 1,
    aggDeliveryChargeTypeId:
      aggregate && !plan.fob ? deliveryChargeTypeIds.perTon : deliveryChargeTypeIds.standard,
    printMaterialTypeId: block ? null : (pricing?.printMaterialTypeId ?? 1),
    sourceTaxingType: plan.fob ? sourceTaxingTypes.plantAddress : sourceTaxingTypes.jobAddress,
    suburbId: job.place.id,
    uploadMixToBatchPanel:
      plan.systemTypeId === systemTypeIds.concrete && plan.plant.useBatchPanelFlag,
    zoneReferenceNumber: aggregate ? `Z${String(job.place.id)}` : null,
    createdAt: clock.at(plan.orderDayOffset, plan.createdMinutes),
  };
}

type TruckStatusInputs = {
  /** The moment the day's picture stands at. */
  now: Date;
  unavailable: ReadonlyMap<number, Unavailable>;
  signOnToday: ReadonlyMap<number, Date>;
  todays: readonly TicketRecord[];
  ticketIdOf: ReadonlyMap<TicketRecord, number>;
};

/** R-DEMO-2: the longest a truck waits in the demo's yard. */
export const longestYardWaitMinutes = 120;

/**
 * Each truck's live status is where its last ticket of today left it; trucks without one are in
 * the yard since they signed on, or out of service or off duty. Trucks in the yard queue in the
 * order they got there. R-DEMO-2: a driver kept waiting longer than two hours (an 8-yard mixer
 * while the day pours 10-yard loads, a truck back from the morning's only pour) has taken a
 * break and rejoined the queue, so the yard shows minutes of waiting, not the whole morning.
 */
async function setTruckStatuses(
  db: SeedDb,
  random: Random,
  fleet: DemoFleet,
  inputs: TruckStatusInputs,
): Promise<void> {
  type Live = { truck: DemoTruck; statusId: TruckStatusId; at: Date; ticketId: number | null };
  const live: Live[] = fleet.trucks.map((truck) => {
    const out = inputs.unavailable.get(truck.id);
    if (out) return { truck, ...out, ticketId: null };
    const last = inputs.todays
      .filter((record) => record.truck?.id === truck.id)
      .sort(
        (a, b) =>
          (b.stamps.ticketDateTime?.getTime() ?? 0) - (a.stamps.ticketDateTime?.getTime() ?? 0),
      )[0];
    const status = last ? truckStatusFromStamps(last.stamps) : null;
    if (last && status && status.statusId !== truckStatusIds.inYard) {
      return {
        truck,
        statusId: status.statusId,
        at: status.at,
        ticketId: inputs.ticketIdOf.get(last) ?? null,
      };
    }
    const arrived = status?.at ?? inputs.signOnToday.get(truck.id) ?? new Date(0);
    const waited = (inputs.now.getTime() - arrived.getTime()) / 60_000;
    const at =
      waited > longestYardWaitMinutes
        ? addMinutes(inputs.now, -random.int(10, longestYardWaitMinutes - 10))
        : arrived;
    return { truck, statusId: truckStatusIds.inYard, at, ticketId: null };
  });
  const sequence = new Map<number, number>();
  const inYard = live
    .filter((entry) => entry.statusId === truckStatusIds.inYard)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.truck.id - b.truck.id);
  const nextInPlant = new Map<number, number>();
  for (const entry of inYard) {
    const position = (nextInPlant.get(entry.truck.plantId) ?? 0) + 1;
    nextInPlant.set(entry.truck.plantId, position);
    sequence.set(entry.truck.id, position);
  }
  for (const entry of live) {
    await db
      .update(trucks)
      .set({
        statusId: entry.statusId,
        statusDateTime: entry.at,
        inYardSequenceNum: sequence.get(entry.truck.id) ?? null,
        currentTicketId: entry.ticketId,
      })
      .where(eq(trucks.id, entry.truck.id));
  }
}
