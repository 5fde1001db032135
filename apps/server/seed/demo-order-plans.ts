/**
 * What the demo's orders are meant to show, before any truck moves: for each day, system type
 * and intended order status, a customer's job, a product, a quantity split into loads and a
 * schedule whose times put the order where it belongs on a mid-day dispatch board (finished,
 * pouring, stopped, or not started yet).
 */
import { systemTypeIds, systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { orderStatusIds, type OrderStatusId } from '@dispatch/domain/orders/order-status';
import { demoNowMinutes, type DemoClock } from './demo-clock';
import type { CustomerPricing, DemoCustomer } from './demo-customers';
import type { DemoJob } from './demo-jobs';
import { personName } from './demo-names';
import type { DemoPlant } from './demo-plants';
import type { DemoProduct } from './demo-products';
import { milesBetween } from './metro-area';
import type { Random } from './random';
import { taxRateOfSchedule } from './reference-data';
import {
  creditStatusIds,
  orderFlagIds,
  orderTypeIds,
  reasonIds,
  truckTypeIds,
  type TruckTypeId,
} from '../src/db/reference-ids';

/** The order status a plan aims for; shipping progress decides between 1, 5 and 6 today. */
export type Intent =
  | 'complete'
  | 'shipping'
  | 'stopShipping'
  | 'toBeShipped'
  | 'fob'
  | 'willCall'
  | 'onHold'
  | 'backOrder'
  | 'deleted'
  | 'cancelled';

/** Statuses that do not depend on how far shipping got. */
export const fixedStatusOfIntent: Partial<Record<Intent, OrderStatusId>> = {
  stopShipping: orderStatusIds.stopShipping,
  fob: orderStatusIds.fob,
  willCall: orderStatusIds.willCall,
  onHold: orderStatusIds.onHold,
  backOrder: orderStatusIds.backOrder,
  deleted: orderStatusIds.deleted,
  cancelled: orderStatusIds.cancelled,
};

/** Plans whose loads trucks may take today. */
export const shippableIntents: ReadonlySet<Intent> = new Set([
  'complete',
  'shipping',
  'toBeShipped',
  'stopShipping',
  'fob',
]);

export type ExtraLine = {
  readonly product: DemoProduct;
  readonly quantity: number;
  readonly price: number;
};

export type OrderPlan = {
  readonly index: number;
  readonly dayOffset: number;
  readonly intent: Intent;
  readonly systemTypeId: SystemTypeId;
  readonly plant: DemoPlant;
  readonly job: DemoJob;
  readonly customer: DemoCustomer;
  readonly pricing: CustomerPricing | undefined;
  readonly orderTypeId: number;
  readonly product: DemoProduct;
  readonly price: number;
  readonly loadSizes: readonly number[];
  readonly totalQuantity: number;
  readonly firstLoadMinutes: number;
  readonly interval: number;
  readonly travelToJob: number;
  readonly travelToPlant: number;
  readonly onJobWait: number;
  readonly onJobWash: number;
  readonly numberOfTrucks: number;
  readonly truckTypeId: TruckTypeId | null;
  readonly milesToJob: number;
  /** Stop shipping: the loads that went out before the stop. */
  readonly stopAfterLoads: number | null;
  readonly fob: boolean;
  readonly pumperId: number | null;
  readonly orderFlagId: number | null;
  readonly extras: readonly ExtraLine[];
  readonly orderDayOffset: number;
  readonly createdMinutes: number;
  readonly taxable: boolean;
  readonly taxRate: number;
  readonly reasonId: number;
  readonly orderedByName: string;
  readonly notes: string | null;
  readonly dispatchNotes: string | null;
  readonly batchNotes: string | null;
  readonly creditNotes: string | null;
  readonly ticketNotes: string | null;
};

type IntentMix = Record<SystemTypeId, readonly (readonly [Intent, number])[]>;

/** Today shows every order status for every system type, with most orders working. */
const todayMix: IntentMix = {
  [systemTypeIds.concrete]: [
    ['complete', 6],
    ['shipping', 8],
    ['stopShipping', 1],
    ['toBeShipped', 9],
    ['fob', 2],
    ['willCall', 2],
    ['onHold', 2],
    ['backOrder', 1],
    ['deleted', 1],
    ['cancelled', 2],
  ],
  [systemTypeIds.aggregate]: [
    ['complete', 4],
    ['shipping', 5],
    ['stopShipping', 1],
    ['toBeShipped', 5],
    ['fob', 5],
    ['willCall', 2],
    ['onHold', 1],
    ['backOrder', 1],
    ['deleted', 1],
    ['cancelled', 1],
  ],
  [systemTypeIds.block]: [
    ['complete', 2],
    ['shipping', 2],
    ['stopShipping', 1],
    ['toBeShipped', 3],
    ['fob', 2],
    ['willCall', 1],
    ['onHold', 1],
    ['backOrder', 2],
    ['deleted', 1],
    ['cancelled', 1],
  ],
};

const pastMix: IntentMix = {
  [systemTypeIds.concrete]: [
    ['complete', 18],
    ['cancelled', 1],
  ],
  [systemTypeIds.aggregate]: [
    ['complete', 10],
    ['fob', 3],
  ],
  [systemTypeIds.block]: [
    ['complete', 4],
    ['fob', 1],
  ],
};

const futureMix: IntentMix = {
  [systemTypeIds.concrete]: [
    ['toBeShipped', 12],
    ['willCall', 2],
    ['onHold', 1],
  ],
  [systemTypeIds.aggregate]: [
    ['toBeShipped', 7],
    ['fob', 2],
    ['willCall', 1],
  ],
  [systemTypeIds.block]: [
    ['toBeShipped', 3],
    ['backOrder', 1],
  ],
};

export type PlanningContext = {
  readonly clock: DemoClock;
  readonly plants: readonly DemoPlant[];
  readonly jobs: readonly DemoJob[];
  readonly catalogue: readonly DemoProduct[];
  readonly pumperIds: readonly number[];
  readonly pastDays: readonly number[];
  readonly futureDays: readonly number[];
};

const concreteMixWeights: Record<string, number> = {
  '2500': 2,
  '3000': 3,
  '3500AE': 2,
  '4000': 4,
  '4000AE': 2,
  '4500HE': 0.5,
  '5000': 1,
  PUMP35: 1,
  FLOWFILL: 1,
};

const aggregateWeights: Record<string, number> = {
  '57': 4,
  '304': 4,
  '8': 2,
  CSAND: 2,
  '411': 1,
  RIPRAP: 1,
  FILL: 1,
  PEA: 1,
  MSAND: 0.5,
  '2': 1,
};

const blockWeights: Record<string, number> = {
  '8CMU': 5,
  '12CMU': 2,
  '6CMU': 1,
  '4CMU': 1,
  '8HALF': 0.5,
  '4CAP': 1,
  '8SPLIT': 1,
  '8BOND': 1,
};

const weightsBySystemType: Record<SystemTypeId, Record<string, number>> = {
  [systemTypeIds.concrete]: concreteMixWeights,
  [systemTypeIds.aggregate]: aggregateWeights,
  [systemTypeIds.block]: blockWeights,
};

/** What the batchman must do for an add-on, printed on the batch ticket. */
const batchNoteOf: Partial<Record<string, string>> = {
  HOTWTR: 'Hot water',
  FIBER: 'Add fiber at the plant',
  RETARD: 'Retarder per hot-weather program',
  CACL1: 'Calcium 1%',
  NCA1: 'Non-chloride accelerator 1%',
};

const quarter = (minutes: number) => Math.ceil(minutes / 15) * 15;
const round2 = (value: number) => Math.round(value * 100) / 100;

function pickMinutes(random: Random, from: number, to: number): number {
  const low = quarter(from);
  const high = Math.max(low, Math.floor(to / 15) * 15);
  return low + random.int(0, (high - low) / 15) * 15;
}

/**
 * The day's orders per system type, each with its turn in the plant rota. Turns run through the
 * orders intent by intent, so every plant gets its share of the working orders.
 */
function expandMix(
  random: Random,
  mix: IntentMix,
): { systemTypeId: SystemTypeId; intent: Intent; turn: number }[] {
  return systemTypes.flatMap(({ id: systemTypeId }) => {
    const intents = mix[systemTypeId];
    const offset = random.int(0, 5);
    const entries = intents.flatMap(([intent, count]) =>
      Array.from({ length: count }, () => ({ systemTypeId, intent })),
    );
    return random.shuffle(entries.map((entry, index) => ({ ...entry, turn: offset + index })));
  });
}

function unitPrice(product: DemoProduct, job: DemoJob, pricing: CustomerPricing | undefined) {
  const quoted = job.quote?.prices.get(product.id);
  if (quoted !== undefined) return quoted;
  if (!pricing) return product.price;
  const adjusted = pricing.priceAdjustmentPercentFlag
    ? product.price * (1 + pricing.priceAdjustment / 100)
    : product.price + pricing.priceAdjustment;
  return round2(Math.max(adjusted, product.price * 0.7));
}

export function planOrders(random: Random, context: PlanningContext): OrderPlan[] {
  const days = [
    ...context.pastDays.map((dayOffset) => ({ dayOffset, mix: pastMix })),
    { dayOffset: 0, mix: todayMix },
    ...context.futureDays.map((dayOffset) => ({ dayOffset, mix: futureMix })),
  ];
  const plans: OrderPlan[] = [];
  days.forEach(({ dayOffset, mix }, dayIndex) => {
    // One stream per day slot: the weekday a date falls on never shifts another day's data.
    const dayRandom = random.fork(`day:${String(dayIndex)}`);
    const entries = expandMix(dayRandom, mix);
    entries.forEach(({ systemTypeId, intent, turn }, entryIndex) => {
      plans.push(
        planOne(dayRandom.fork(`order:${String(entryIndex)}`), context, {
          index: plans.length,
          dayOffset,
          systemTypeId,
          intent,
          turn,
        }),
      );
    });
  });
  return plans;
}

type PlanRequest = {
  index: number;
  dayOffset: number;
  systemTypeId: SystemTypeId;
  intent: Intent;
  turn: number;
};

function choosePlant(
  context: PlanningContext,
  systemTypeId: SystemTypeId,
  turn: number,
): DemoPlant {
  const candidates = context.plants.filter((plant) => plant.systemTypeId === systemTypeId);
  // The quarry ships twice what the rail terminal does.
  const rota = candidates.flatMap((plant) => (plant.isRail ? [plant] : [plant, plant]));
  const ordered = systemTypeId === systemTypeIds.aggregate ? rota : candidates;
  const plant = ordered[turn % ordered.length];
  if (!plant) throw new Error(`No plant of system type ${String(systemTypeId)}`);
  return plant;
}

function chooseJob(
  random: Random,
  context: PlanningContext,
  plant: DemoPlant,
  systemTypeId: SystemTypeId,
  intent: Intent,
): DemoJob {
  const held = (job: DemoJob) =>
    job.customer.creditStatusId === creditStatusIds.hold ||
    job.customer.creditStatusId === creditStatusIds.collections;
  const usable = context.jobs.filter(
    (job) =>
      job.active &&
      job.systemTypeIds.includes(systemTypeId) &&
      (intent === 'onHold' ? held(job) : !held(job)) &&
      (intent === 'fob' ||
        job.customer.category !== 'cash' ||
        systemTypeId !== systemTypeIds.aggregate),
  );
  const near = usable.filter((job) => job.plantIdBySystemType.get(systemTypeId) === plant.id);
  const pool = near.length > 0 ? near : usable;
  if (pool.length === 0) {
    throw new Error(`No job takes system type ${String(systemTypeId)} for a '${intent}' order`);
  }
  return random.weighted(pool.map((job) => [job, job.customer.weight] as const));
}

function chooseProduct(
  random: Random,
  context: PlanningContext,
  job: DemoJob,
  systemTypeId: SystemTypeId,
) {
  const primaries = context.catalogue.filter(
    (product) => product.systemTypeId === systemTypeId && product.primary,
  );
  const quoted = primaries.filter((product) => job.quote?.prices.has(product.id));
  if (quoted.length > 0 && random.chance(0.7)) return random.pick(quoted);
  const weights = weightsBySystemType[systemTypeId];
  return random.weighted(
    primaries.map((product) => [product, weights[product.number] ?? 1] as const),
  );
}

function loadCount(random: Random, intent: Intent, past: boolean): number {
  switch (intent) {
    case 'complete':
      return past
        ? random.weighted([
            [1, 2],
            [2, 3],
            [3, 3],
            [4, 3],
            [6, 2],
            [8, 2],
            [12, 1],
          ] as const)
        : random.int(2, 5);
    case 'stopShipping':
      return random.int(6, 10);
    case 'toBeShipped':
      return random.weighted([
        [1, 2],
        [2, 3],
        [3, 3],
        [5, 3],
        [8, 2],
        [12, 1],
      ] as const);
    case 'fob':
      return random.int(1, 3);
    case 'willCall':
      return random.int(2, 6);
    case 'onHold':
    case 'cancelled':
      return random.int(2, 8);
    default:
      return random.int(1, 4);
  }
}

const dispatchNoteChoices = {
  [systemTypeIds.concrete]: [
    'Call foreman 20 min out',
    'Tailgate pour, bring chute extensions',
    'Inspector on site, cylinders required',
    'Back in from the alley',
    'Washout in the roll-off at the SE corner',
    'Narrow drive, watch the mailbox',
  ],
  [systemTypeIds.aggregate]: [
    'Spread across the pad',
    'Dump at the stake with the orange flag',
    'Tarp required',
    'Hand the scale ticket to the foreman',
  ],
  [systemTypeIds.block]: [
    'Boom off onto the slab',
    'Set pallets along the north wall',
    'Forklift on site',
  ],
} as const;

function planOne(random: Random, context: PlanningContext, request: PlanRequest): OrderPlan {
  const { clock } = context;
  const { systemTypeId, intent, dayOffset } = request;
  const plant = choosePlant(context, systemTypeId, request.turn);
  const job = chooseJob(random, context, plant, systemTypeId, intent);
  const customer = job.customer;
  const pricing = customer.pricing.get(systemTypeId);
  const fob = intent === 'fob';
  const past = dayOffset < 0;
  const concrete = systemTypeId === systemTypeIds.concrete;
  const aggregate = systemTypeId === systemTypeIds.aggregate;
  const block = systemTypeId === systemTypeIds.block;

  let product = chooseProduct(random, context, job, systemTypeId);
  if (concrete && fob) {
    // A contractor's tow-behind trailer carries a yard or two of a plain mix.
    product =
      context.catalogue.find(
        (candidate) => candidate.number === '3000' && candidate.systemTypeId === systemTypeId,
      ) ?? product;
  }
  const pump = concrete && !fob && (product.number === 'PUMP35' || random.chance(0.12));
  const miles = Math.round(milesBetween(plant, job) * 1.25 * 10) / 10;
  const travelToJob = fob ? 0 : Math.min(75, Math.max(8, Math.round(miles * 2 + 6)));
  const travelToPlant = fob ? 0 : Math.max(6, travelToJob - random.int(0, 3));

  const truckTypeId: TruckTypeId | null = fob
    ? null
    : concrete
      ? random.chance(0.1)
        ? truckTypeIds.mixer8
        : null
      : aggregate
        ? random.chance(0.25)
          ? truckTypeIds.endDump
          : truckTypeIds.tandemDump
        : truckTypeIds.flatbed;

  const unitsPerCube = product.unitsPerCube;
  const fullLoad = concrete
    ? fob
      ? random.pick([1, 1.5, 2])
      : truckTypeId === truckTypeIds.mixer8
        ? 8
        : (product.maxLoadSize ?? 10)
    : aggregate
      ? fob
        ? random.pick([8, 10, 12, 20, 22])
        : truckTypeId === truckTypeIds.endDump
          ? 22
          : 15
      : Math.min(12, Math.floor(1080 / (unitsPerCube ?? 90))) * (unitsPerCube ?? 90);

  const interval = fob
    ? random.int(4, 12) * 5
    : concrete
      ? pump
        ? random.int(8, 12)
        : random.int(10, 25)
      : aggregate
        ? random.int(12, 30)
        : random.int(10, 18) * 5;
  const onJobWait = concrete ? random.int(5, 15) : aggregate ? random.int(2, 5) : 10;
  const onJobWash = plant.onJobWashTime;
  const leadMinutes = travelToJob + plant.batchTime + 6;

  let firstLoadMinutes: number;
  let loads = loadCount(random, intent, past);
  if (dayOffset !== 0) {
    // Other days are seen whole, finished or not begun: any time of the working day will do.
    firstLoadMinutes = pickMinutes(random, 360, 840);
  } else {
    switch (intent) {
      case 'complete':
        firstLoadMinutes = pickMinutes(random, 390, 450);
        break;
      case 'shipping': {
        // Started this morning with loads still to go after mid-day: the first load is called
        // by 11:30 and the last one after 12:20, whatever the spacing.
        loads = random.int(block ? 3 : 5, block ? 5 : 12);
        const latest = Math.min(660, demoNowMinutes - 30 + leadMinutes);
        const earliest = () =>
          Math.max(450, demoNowMinutes + 20 + leadMinutes - (loads - 1) * interval);
        while (earliest() > latest) loads += 1;
        firstLoadMinutes = pickMinutes(random, earliest(), latest);
        break;
      }
      case 'stopShipping':
        firstLoadMinutes = pickMinutes(random, 390, 510);
        break;
      case 'toBeShipped':
        firstLoadMinutes = pickMinutes(
          random,
          Math.min(840, demoNowMinutes + leadMinutes + 30),
          840,
        );
        break;
      case 'fob':
        firstLoadMinutes = pickMinutes(random, 390, 690);
        break;
      case 'willCall':
        firstLoadMinutes = pickMinutes(random, 780, 840);
        break;
      default:
        firstLoadMinutes = pickMinutes(random, 420, 840);
    }
  }

  const lastLoad = concrete
    ? Math.max(fob ? fullLoad : 1, fullLoad - random.int(0, 12) * 0.5)
    : aggregate
      ? Math.max(5, fullLoad - random.int(0, 8))
      : Math.max(2, Math.floor(fullLoad / (unitsPerCube ?? 90)) - random.int(0, 6)) *
        (unitsPerCube ?? 90);
  const loadSizes = Array.from({ length: loads }, (_, index) =>
    index === loads - 1 ? lastLoad : fullLoad,
  );
  const totalQuantity = round2(loadSizes.reduce((sum, size) => sum + size, 0));

  const unloadMinutes = concrete ? fullLoad * 1.5 : aggregate ? 5 : 35;
  const cycle =
    plant.batchTime + 8 + travelToJob + onJobWait + unloadMinutes + onJobWash + travelToPlant;
  const numberOfTrucks = fob ? 1 : Math.min(8, Math.max(1, Math.ceil(cycle / interval)));

  const price = unitPrice(product, job, pricing);
  const extras = extrasFor(random.fork('extras'), context, {
    systemTypeId,
    product,
    fob,
    loads,
    totalQuantity,
    unitsPerCube,
    month: Number(clock.date(dayOffset).slice(5, 7)),
  });

  const sameDay = !past && random.chance(0.15);
  const orderDayOffset = Math.min(0, sameDay ? dayOffset : dayOffset - random.int(1, 7));
  const createdMinutes =
    orderDayOffset === dayOffset
      ? random.int(
          300,
          Math.max(301, Math.min(firstLoadMinutes - leadMinutes - 30, demoNowMinutes - 10)),
        )
      : orderDayOffset === 0
        ? random.int(420, demoNowMinutes - 10)
        : random.int(420, 1000);

  const orderTypeId = concrete
    ? fob
      ? orderTypeIds.concretePickup
      : customer.category === 'cash'
        ? orderTypeIds.concreteCashSale
        : pump
          ? orderTypeIds.concretePump
          : orderTypeIds.concreteDelivery
    : aggregate
      ? fob
        ? orderTypeIds.aggregatePickup
        : orderTypeIds.aggregateDelivery
      : fob
        ? orderTypeIds.blockPickup
        : orderTypeIds.blockDelivery;

  const batchNotes =
    extras
      .flatMap(({ product: extra }) => {
        const note = batchNoteOf[extra.number];
        return note ? [note] : [];
      })
      .join('; ') || null;

  const notes: Partial<Record<Intent, string>> = {
    cancelled: random.pick([
      'Cancelled by contractor, rain forecast',
      'Forms not ready, customer will reschedule',
    ]),
    deleted: 'Duplicate entry',
    backOrder: block
      ? `Waiting on a ${product.description} production run`
      : aggregate
        ? `${product.description} pile empty until the crusher runs`
        : 'Waiting on color admixture from the supplier',
    stopShipping: concrete
      ? random.pick([
          'Stopped by the contractor: pump broke down',
          'Rain on site, finishing crew stopped the pour',
        ])
      : aggregate
        ? 'Site too wet, trucks getting stuck: stopped by the foreman'
        : 'Crane not available, contractor stopped deliveries',
    willCall: concrete
      ? 'Customer will call when forms pass inspection'
      : aggregate
        ? 'Customer will call when the grader is on site'
        : 'Customer will call when the masons are ready',
  };

  return {
    index: request.index,
    dayOffset,
    intent,
    systemTypeId,
    plant,
    job,
    customer,
    pricing,
    orderTypeId,
    product,
    price,
    loadSizes,
    totalQuantity,
    firstLoadMinutes,
    interval,
    travelToJob,
    travelToPlant,
    onJobWait,
    onJobWash,
    numberOfTrucks,
    truckTypeId,
    milesToJob: fob ? 0 : miles,
    stopAfterLoads: intent === 'stopShipping' ? random.int(block ? 1 : 2, block ? 1 : 3) : null,
    fob,
    pumperId: pump ? random.pick(context.pumperIds) : null,
    orderFlagId: pump
      ? orderFlagIds.pumpOnSite
      : customer.category === 'municipal'
        ? orderFlagIds.inspector
        : random.weighted([
            [null, 16],
            [orderFlagIds.rush, 2],
            [orderFlagIds.callAhead, 2],
          ] as const),
    extras,
    orderDayOffset,
    createdMinutes,
    taxable: !customer.nontaxable && product.taxableFlag,
    taxRate: taxRateOfSchedule(job.taxScheduleId),
    reasonId:
      intent === 'onHold'
        ? reasonIds.creditHold
        : intent === 'cancelled'
          ? random.pick([reasonIds.customerCancelled, reasonIds.weather])
          : random.weighted([
              [reasonIds.regular, 12],
              [reasonIds.addOn, 1],
            ] as const),
    orderedByName: random.chance(0.5) ? customer.contactName : personName(random).completeName,
    notes: notes[intent] ?? null,
    dispatchNotes: fob
      ? 'Customer pickup at the scale house'
      : random.chance(0.6)
        ? random.pick(dispatchNoteChoices[systemTypeId])
        : null,
    batchNotes: concrete ? batchNotes : null,
    creditNotes:
      intent === 'onHold'
        ? 'Held for credit: past due balance, call A/R before releasing'
        : customer.cashOnly
          ? 'COD: collect payment on delivery'
          : null,
    ticketNotes: random.chance(0.3) ? 'Sign and print name on the ticket' : null,
  };
}

type ExtrasRequest = {
  systemTypeId: SystemTypeId;
  product: DemoProduct;
  fob: boolean;
  loads: number;
  totalQuantity: number;
  unitsPerCube: number | null;
  month: number;
};

function extrasFor(random: Random, context: PlanningContext, request: ExtrasRequest): ExtraLine[] {
  const find = (number: string) =>
    context.catalogue.find(
      (product) => product.systemTypeId === request.systemTypeId && product.number === number,
    );
  const lines: ExtraLine[] = [];
  const add = (number: string, quantity: number, when = true) => {
    const product = find(number);
    if (product && when && quantity > 0)
      lines.push({ product, quantity: round2(quantity), price: product.price });
  };
  const winter = [11, 12, 1, 2, 3].includes(request.month);
  const deepWinter = [12, 1, 2].includes(request.month);
  const summer = [6, 7, 8].includes(request.month);
  const delivered = !request.fob;
  switch (request.systemTypeId) {
    case systemTypeIds.concrete:
      add('FUEL', request.loads, delivered);
      add('HOTWTR', request.totalQuantity, winter && random.chance(0.6));
      add('WINTER', request.totalQuantity, deepWinter && random.chance(0.5));
      add(random.pick(['CACL1', 'NCA1']), request.totalQuantity, winter && random.chance(0.2));
      add('RETARD', request.totalQuantity, summer && random.chance(0.3));
      add(
        'FIBER',
        request.totalQuantity,
        request.product.number.endsWith('AE') && random.chance(0.3),
      );
      add('ENV', 1, random.chance(0.25));
      break;
    case systemTypeIds.aggregate:
      add('FUEL', request.loads, delivered);
      add('HAUL', request.totalQuantity, delivered && random.chance(0.5));
      add('ENV', 1, random.chance(0.1));
      break;
    default:
      add('PALLET', Math.ceil(request.totalQuantity / (request.unitsPerCube ?? 90)));
      add('BOOM', request.loads, delivered);
      add('FUEL', request.loads, delivered);
      add('ENV', 1, random.chance(0.1));
  }
  return lines;
}
