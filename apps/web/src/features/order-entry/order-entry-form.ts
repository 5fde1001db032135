/**
 * The order entry form's values and what they become: the body of `POST`/`PUT /api/v1/orders`
 * (shaped like it, so a 400's `schedules.0.schedule.quantityPerHour` names a form field as it is),
 * the projected loads of each schedule (the domain's projectLoads: one rule in one place) and the
 * order's totals (the domain's orderTotals, R-PRICE-7).
 */
import type { PermissionFlags } from '@dispatch/domain/permissions';
import {
  defaultLoadIntervalTime,
  projectLoads,
  type CycleMinutesInput,
  type LoadProjection,
  type LoadProjectionInput,
} from '@dispatch/domain/orders/load-projection';
import { orderEntrySchema } from '@dispatch/domain/orders/order-entry';
import { newOrderFieldDefaults } from '@dispatch/domain/orders/order-defaults';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckShortfall, type TruckShortfall } from '@dispatch/domain/orders/schedule-trucks';
import { orderTotals, type OrderTotals } from '@dispatch/domain/pricing/order-pricing';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { parseIsoDate } from '@dispatch/domain/dates/iso-date';
import type { OrderBody, OrderDetail, OrderLine, OrderScheduleForm } from './order-entry-api';
import { defaultOrderTypeId, defaultReasonId, defaultTaxingTypeId } from './order-entry-choices';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';

export type LineValues = {
  id: number | null;
  productId: number | null;
  quantity: number | null;
  slump: number | null;
  price: number | null;
  /** The product's (or quote's) flag as the price route answered it; null: the server decides. */
  taxableFlag: boolean | null;
  /** Only on the primary line: R-ORD-4's load size. */
  loadSize: number | null;
  /**
   * Where the price came from (R-ORD-23): order pricing in this form ('pricing': re-priced when
   * the customer, job, ship date or plant changes), the user's typing ('typed') or the saved order
   * ('saved'); both of the latter are kept. 'failed': order pricing refused it (R-ORD-28), so it
   * is asked again on those changes too. Never sent.
   */
  priceFrom: PriceOrigin;
};

export type PriceOrigin = 'pricing' | 'typed' | 'saved' | 'failed' | null;

export type ScheduleValues = {
  schedule: {
    id: number | null;
    plantId: number | null;
    /** 'HH:mm' on the ship date. */
    firstLoadOnJobTime: string;
    quantityPerHour: number | null;
    numberOfTrucks: number | null;
    loadIntervalTime: number | null;
    travelTimeToJob: number | null;
    travelTimeToPlant: number | null;
    onJobWaitMinutes: number | null;
    onJobWashMinutes: number | null;
    truckTypeId: number | null;
    addPlusLoad: boolean;
  };
  primaryProduct: LineValues;
  extraProducts: LineValues[];
  /**
   * R-ORD-28: the schedule's plant was chosen for it, so it no longer follows the order's plant.
   * Never sent.
   */
  plantChosen: boolean;
};

export type OrderValues = {
  customerId: number | null;
  jobId: number | null;
  customerPoNumber: string;
  orderDate: string;
  shipDate: string;
  orderStatusId: number;
  orderTypeId: number | null;
  plantId: number | null;
  reasonId: number | null;
  sourceTaxingType: number | null;
  orderFlagId: number | null;
  shortLoadTypeId: number | null;
  freeShortLoadId: number | null;
  standbyChargeTypeId: number | null;
  printMaterialTypeId: number | null;
  chargeOrderFlag: boolean;
  imperialFlag: boolean;
  uploadMixToBatchPanel: boolean;
  orderVerifiedFlag: boolean;
  blockReturnOrderFlag: boolean;
  orderedByName: string;
  emailAddressCsv: string;
  dispatchNotes: string;
  batchNotes: string;
  creditNotes: string;
  ticketNotes: string;
  schedules: ScheduleValues[];
};

export const today = (): string => formatDate(new Date(), 'YYYY-MM-DD');

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return formatDate(date, 'YYYY-MM-DD');
}

export function newLine(): LineValues {
  return {
    id: null,
    productId: null,
    quantity: null,
    slump: null,
    price: null,
    taxableFlag: null,
    loadSize: null,
    priceFrom: null,
  };
}

export function newSchedule(plantId: number | null, from?: ScheduleValues): ScheduleValues {
  const base = from?.schedule;
  return {
    schedule: {
      id: null,
      plantId: base?.plantId ?? plantId,
      firstLoadOnJobTime: '',
      quantityPerHour: base?.quantityPerHour ?? null,
      numberOfTrucks: null,
      loadIntervalTime: null,
      travelTimeToJob: base?.travelTimeToJob ?? null,
      travelTimeToPlant: base?.travelTimeToPlant ?? null,
      onJobWaitMinutes: base?.onJobWaitMinutes ?? null,
      onJobWashMinutes: base?.onJobWashMinutes ?? null,
      truckTypeId: base?.truckTypeId ?? null,
      addPlusLoad: false,
    },
    primaryProduct: newLine(),
    extraProducts: [],
    plantChosen: from?.plantChosen ?? false,
  };
}

export function newOrderValues(systemTypeId: SystemTypeId): OrderValues {
  const day = today();
  return {
    customerId: null,
    jobId: null,
    customerPoNumber: '',
    orderDate: day,
    shipDate: day,
    orderStatusId: orderStatusIds.toBeShipped,
    orderTypeId: defaultOrderTypeId(systemTypeId),
    plantId: null,
    reasonId: defaultReasonId,
    sourceTaxingType: defaultTaxingTypeId,
    orderFlagId: null,
    shortLoadTypeId: null,
    freeShortLoadId:
      systemTypeId === systemTypeIds.block ? null : newOrderFieldDefaults.freeShortLoadId,
    standbyChargeTypeId: newOrderFieldDefaults.standbyChargeTypeId,
    printMaterialTypeId:
      systemTypeId === systemTypeIds.block ? null : newOrderFieldDefaults.printMaterialTypeId,
    chargeOrderFlag: newOrderFieldDefaults.chargeOrderFlag,
    imperialFlag: true,
    uploadMixToBatchPanel: false,
    orderVerifiedFlag: false,
    blockReturnOrderFlag: false,
    orderedByName: '',
    emailAddressCsv: '',
    dispatchNotes: '',
    batchNotes: '',
    creditNotes: '',
    ticketNotes: '',
    schedules: [newSchedule(null)],
  };
}

/** An instant as the wall-clock 'HH:mm' of this browser. */
function timeOfDay(value: string | null): string {
  const date = value ? parseIsoDate(value) : null;
  return date ? formatDate(date, 'HH:mm') : '';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const day = (value: unknown): string => text(value).slice(0, 10);

function lineValues(line: OrderLine | null): LineValues {
  if (!line) return newLine();
  return {
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    slump: line.slump,
    price: line.price ?? null,
    taxableFlag: line.taxableFlag,
    loadSize: line.loadSize,
    priceFrom: 'saved',
  };
}

function scheduleValues(form: OrderScheduleForm, orderPlantId: number | null): ScheduleValues {
  const schedule = form.schedule;
  const plantId = numberOrNull(schedule.plantId);
  return {
    schedule: {
      id: schedule.id,
      plantId,
      firstLoadOnJobTime: timeOfDay(schedule.firstLoadOnJobTime),
      quantityPerHour: numberOrNull(schedule.quantityPerHour),
      numberOfTrucks: numberOrNull(schedule.numberOfTrucks),
      loadIntervalTime: numberOrNull(schedule.loadIntervalTime),
      travelTimeToJob: numberOrNull(schedule.travelTimeToJob),
      travelTimeToPlant: numberOrNull(schedule.travelTimeToPlant),
      onJobWaitMinutes: numberOrNull(schedule.onJobWaitMinutes),
      onJobWashMinutes: numberOrNull(schedule.onJobWashMinutes),
      truckTypeId: numberOrNull(schedule.truckTypeId),
      addPlusLoad: schedule.addPlusLoad === true,
    },
    primaryProduct: lineValues(form.primaryProduct),
    extraProducts: form.extraProducts.map(lineValues),
    plantChosen: plantId !== null && plantId !== orderPlantId,
  };
}

/** The form as an order read from the server fills it. */
export function orderValues(order: OrderDetail): OrderValues {
  return {
    customerId: order.customerId,
    jobId: order.jobId,
    customerPoNumber: text(order.customerPoNumber),
    orderDate: day(order.orderDate),
    shipDate: day(order.shipDate),
    orderStatusId: order.orderStatusId,
    orderTypeId: numberOrNull(order.orderTypeId),
    plantId: numberOrNull(order.plantId),
    reasonId: numberOrNull(order.reasonId),
    sourceTaxingType: numberOrNull(order.sourceTaxingType),
    orderFlagId: numberOrNull(order.orderFlagId),
    shortLoadTypeId: numberOrNull(order.shortLoadTypeId),
    freeShortLoadId: numberOrNull(order.freeShortLoadId),
    standbyChargeTypeId: numberOrNull(order.standbyChargeTypeId),
    printMaterialTypeId: numberOrNull(order.printMaterialTypeId),
    chargeOrderFlag: order.chargeOrderFlag === true,
    imperialFlag: order.imperialFlag === true,
    uploadMixToBatchPanel: order.uploadMixToBatchPanel === true,
    orderVerifiedFlag: order.orderVerifiedFlag === true,
    blockReturnOrderFlag: order.blockReturnOrderFlag === true,
    orderedByName: text(order.orderedByName),
    emailAddressCsv: text(order.emailAddressCsv),
    dispatchNotes: text(order.dispatchNotes),
    batchNotes: text(order.batchNotes),
    creditNotes: text(order.creditNotes),
    ticketNotes: text(order.ticketNotes),
    schedules: order.schedules.map((form) => scheduleValues(form, numberOrNull(order.plantId))),
  };
}

/**
 * A time of day as a dispatcher types it ('7', '730', '0730', '7:30', '07:30') as 'HH:mm', or null
 * when it is not one.
 */
export function normaliseTime(text: string): string | null {
  const match = /^(\d{1,2})(?::?(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The ship date's time of day as an instant (this browser's zone), or null without a time. */
export function firstLoadInstant(shipDate: string, typed: string): string | null {
  const time = normaliseTime(typed);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(shipDate) || time === null) return null;
  const date = new Date(`${shipDate}T${time}:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type PlantTimes = {
  batchTime: number | null;
  inYardWashTime: number | null;
  /** The plant record answers it; R-ORD-28 takes a job's plant only of the order's type. */
  systemTypeId?: number | null;
};

/** One load's cycle as the schedule and its plant give it; a duration left empty is none. */
function cycleMinutesOf(
  schedule: ScheduleValues['schedule'],
  plant: PlantTimes | undefined,
): CycleMinutesInput {
  return {
    travelTimeToJob: schedule.travelTimeToJob ?? 0,
    travelTimeToPlant: schedule.travelTimeToPlant ?? 0,
    onJobWaitMinutes: schedule.onJobWaitMinutes ?? 0,
    onJobWashMinutes: schedule.onJobWashMinutes ?? 0,
    batchMinutes: plant?.batchTime ?? 0,
    plantWashMinutes: plant?.inYardWashTime ?? 0,
  };
}

/**
 * A schedule's loads as they will be projected on save, or null while what they need (a first
 * load time, a quantity, a load size and a rate) is not there yet.
 */
export function projectSchedule(
  shipDate: string,
  values: ScheduleValues,
  plant: PlantTimes | undefined,
): LoadProjection | null {
  const schedule = values.schedule;
  const first = firstLoadInstant(shipDate, schedule.firstLoadOnJobTime);
  const { quantity, loadSize } = values.primaryProduct;
  if (!first || !quantity || !loadSize || !schedule.quantityPerHour) return null;
  const input: LoadProjectionInput = {
    firstLoadOnJobTime: first,
    totalQuantity: quantity,
    loadSize,
    quantityPerHour: schedule.quantityPerHour,
    // R-ORD-3: the interval typed, else the one the schedule is saved with: the loads shown are
    // the loads the server stores and the board shows.
    loadIntervalTime:
      schedule.loadIntervalTime ?? defaultLoadIntervalTime(loadSize, schedule.quantityPerHour),
    addPlusLoad: schedule.addPlusLoad,
    ...cycleMinutesOf(schedule, plant),
  };
  try {
    return projectLoads(input);
  } catch {
    return null;
  }
}

/**
 * R-ORD-27: the schedule's trucks when they are fewer than it needs to keep its load interval
 * (typed, else the projection's spacing) over its round trip, with the plant's batch and wash.
 */
export function scheduleShortfall(
  values: ScheduleValues,
  plant: PlantTimes | undefined,
): TruckShortfall | null {
  const schedule = values.schedule;
  return truckShortfall({
    numberOfTrucks: schedule.numberOfTrucks,
    loadIntervalTime: schedule.loadIntervalTime,
    loadSize: values.primaryProduct.loadSize,
    quantityPerHour: schedule.quantityPerHour,
    totalQuantity: values.primaryProduct.quantity,
    addPlusLoad: schedule.addPlusLoad,
    ...cycleMinutesOf(schedule, plant),
  });
}

/** A product line of the form by its path, with the plant that prices it. */
export type PricedLine = {
  path: `schedules.${number}.primaryProduct` | `schedules.${number}.extraProducts.${number}`;
  productId: number;
  plantId: number | null;
};

/**
 * R-ORD-23: the lines to price again when the customer, job or ship date changes (or, R-ORD-28,
 * their schedule's plant: `only` names those schedules): those whose price order pricing gave in
 * this form, or refused. Prices typed by hand, and those of the saved order, stay.
 */
export function linesToReprice(values: OrderValues, only?: readonly number[]): PricedLine[] {
  return values.schedules.flatMap((form, index) => {
    if (only && !only.includes(index)) return [];
    const plantId = form.schedule.plantId ?? values.plantId;
    const lines: [PricedLine['path'], LineValues][] = [
      [`schedules.${index}.primaryProduct`, form.primaryProduct],
      ...form.extraProducts.map(
        (line, extra) =>
          [`schedules.${index}.extraProducts.${extra}`, line] as [PricedLine['path'], LineValues],
      ),
    ];
    return lines.flatMap(([path, line]) =>
      (line.priceFrom === 'pricing' || line.priceFrom === 'failed') && line.productId !== null
        ? [{ path, productId: line.productId, plantId }]
        : [],
    );
  });
}

/** R-PRICE-7 over every line of the form: the primary and extra products of each schedule. */
export function totalsOf(values: OrderValues, taxRate: number | null): OrderTotals {
  const lines = values.schedules.flatMap((schedule) =>
    [schedule.primaryProduct, ...schedule.extraProducts].map((line) => ({
      quantity: line.quantity ?? 0,
      price: line.price,
      taxable: line.taxableFlag === true,
    })),
  );
  return orderTotals(lines, taxRate);
}

type Plain = Record<string, unknown>;

/** What the server fills itself and must not be sent back stale when the product changed. */
const productCopies = ['productNumber', 'productDescription', 'productTypeId', 'unitOfMeasure'];

function lineBody(
  line: LineValues,
  read: OrderLine | undefined,
  systemTypeId: SystemTypeId,
  flags: PermissionFlags,
  primary: boolean,
): Plain {
  const body: Plain = { ...(read ?? {}) };
  if (read && read.productId !== line.productId) for (const key of productCopies) delete body[key];
  delete body.price;
  Object.assign(body, {
    productId: line.productId,
    quantity: line.quantity ?? 0,
    slump: line.slump,
    systemTypeId,
  });
  if (line.id !== null) body.id = line.id;
  if (primary) body.loadSize = line.loadSize;
  // R-ORD-10: levels that hide prices send none; null asks the server to price the line.
  if (!flags.hidePrice) body.price = line.price;
  if (line.taxableFlag !== null) body.taxableFlag = line.taxableFlag;
  return body;
}

/**
 * The body of a save. An order read is sent back with the form laid over it (R-ORD-1: an order
 * as read can be sent back as it is), so fields this screen does not show keep their values.
 * A schedule's number of trucks and load interval left empty take the projection's.
 */
export function orderBody(
  values: OrderValues,
  systemTypeId: SystemTypeId,
  flags: PermissionFlags,
  read: OrderDetail | undefined,
  plants: ReadonlyMap<number, PlantTimes>,
): OrderBody {
  const { schedules, ...header } = values;
  const base: Plain = { ...(read ?? {}) };
  for (const key of ['loads', 'ticketIds', 'schedules', 'job', 'number']) delete base[key];
  if (flags.hidePrice) delete base.cartageRate;
  const body: Plain = {
    ...base,
    ...header,
    customerPoNumber: header.customerPoNumber.trim(),
    systemTypeId,
    schedules: schedules.map((form) => {
      const readForm = read?.schedules.find((each) => each.schedule.id === form.schedule.id);
      const plantTimes =
        form.schedule.plantId === null ? undefined : plants.get(form.schedule.plantId);
      const projection = projectSchedule(values.shipDate, form, plantTimes);
      const schedule: Plain = { ...(readForm?.schedule ?? {}) };
      for (const key of ['orderId', 'version', 'numberOfLoads']) delete schedule[key];
      Object.assign(schedule, form.schedule, {
        firstLoadOnJobTime: firstLoadInstant(values.shipDate, form.schedule.firstLoadOnJobTime),
        numberOfTrucks: form.schedule.numberOfTrucks ?? projection?.trucksNeeded ?? null,
        loadIntervalTime:
          form.schedule.loadIntervalTime ??
          defaultLoadIntervalTime(form.primaryProduct.loadSize, form.schedule.quantityPerHour),
        systemTypeId,
      });
      if (form.schedule.id === null) delete schedule.id;
      return {
        schedule,
        primaryProduct: lineBody(
          form.primaryProduct,
          readForm?.primaryProduct ?? undefined,
          systemTypeId,
          flags,
          true,
        ),
        extraProducts: form.extraProducts.map((line) =>
          lineBody(
            line,
            readForm?.extraProducts.find((each) => each.id === line.id),
            systemTypeId,
            flags,
            false,
          ),
        ),
      };
    }),
  };
  if (read) body.version = read.version;
  return body as OrderBody;
}

/** The domain's save rules (R-VALID-6..9, R-VALID-13) on the body, field by field. */
export function bodyProblems(body: OrderBody): FieldProblem[] {
  const parsed = orderEntrySchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    reason: issue.message,
  }));
}

/** A form field, as `form.setError` names it. */
export type FormFieldPath =
  keyof OrderValues | `schedules.${number}.schedule.plantId` | `${PricedLine['path']}.productId`;

/**
 * R-ORD-28: where a refused price lookup's problems go in the form. The price route names its own
 * query's fields (`plantId`, `productId`, ...): each lands beside the field that gave it, the
 * plant beside the schedule's plant when the schedule had one; anything else beside the product.
 */
export function priceProblemFields(
  problems: readonly FieldProblem[],
  line: { path: PricedLine['path'] | null; schedulePlant: boolean },
): { field: FormFieldPath; reason: string }[] {
  const scheduleIndex = line.path === null ? null : Number(line.path.split('.')[1]);
  const product: FormFieldPath | null = line.path === null ? null : `${line.path}.productId`;
  return problems.flatMap((problem): { field: FormFieldPath; reason: string }[] => {
    switch (problem.field) {
      case 'customerId':
      case 'jobId':
      case 'shipDate':
        return [{ field: problem.field, reason: problem.reason }];
      case 'plantId':
        return [
          {
            field:
              line.schedulePlant && scheduleIndex !== null
                ? `schedules.${scheduleIndex}.schedule.plantId`
                : 'plantId',
            reason: problem.reason,
          },
        ];
      case 'productId':
        return product === null ? [] : [{ field: product, reason: problem.reason }];
      default:
        return product === null
          ? []
          : [{ field: product, reason: `${problem.field}: ${problem.reason}` }];
    }
  });
}
