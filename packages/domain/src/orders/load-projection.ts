/**
 * R-ORD-3..5: the projected loads of a schedule, as order entry shows them while the user types and
 * as the server stores them on save, and R-BOARD-4: the plan of one load the board lays out.
 *
 * - Spacing: a load leaves every `loadIntervalTime` minutes when the schedule has an interval
 *   (typed, or saved), else every `loadSize / quantityPerHour * 60` minutes.
 * - Load n (1-based) arrives on the job at `firstLoadOnJobTime + (n - 1) * spacing`.
 * - Its ticket time is the arrival less the travel time to the job, the plant wash and the batch
 *   time; its truck is back at the plant after the on-job wait (unload), the on-job wash and the
 *   travel back.
 * - The round trip is ticket to return; the trucks needed are `ceil(round trip / spacing)`, at
 *   most the number of loads.
 * - Loads: `ceil(total / loadSize)`, the last one carrying the remainder, plus one (of quantity 0,
 *   sized when it is called for) when the schedule adds a plus load.
 *
 * `plannedLoadTimes` is the one rule for a load's planned times: `projectLoads` (order entry's
 * schedule card and the loads the server stores) and the board's `projectBoardLoad` both use it,
 * so order entry and the board show one plan.
 *
 * Times: `firstLoadOnJobTime` is an ISO string as the API carries dates (R-VALID-15: with a zone
 * it is that instant, without one the wall-clock time of the host); every time answered is an ISO
 * instant in UTC (`2026-03-10T13:20:00.000Z`). Durations are minutes, possibly fractional for the
 * spacing; instants are rounded to the millisecond. Quantities are rounded to the thousandth, as
 * the database keeps them.
 */
import { trucksToKeepInterval } from '../dispatch/truck-demand';
import { parseIsoDate } from '../dates/iso-date';

export type LoadProjectionInput = {
  /** When the first load is due on the job (ISO string). */
  readonly firstLoadOnJobTime: string;
  /** The schedule's total: its primary product's quantity. */
  readonly totalQuantity: number;
  readonly loadSize: number;
  readonly quantityPerHour: number;
  /**
   * Minutes between loads when the schedule states them; 0 or none follows the rate. A schedule
   * is saved with one (R-VALID-9): what was typed, else `defaultLoadIntervalTime`.
   */
  readonly loadIntervalTime?: number | null | undefined;
  readonly addPlusLoad?: boolean | undefined;
  /** Minutes. */
  readonly travelTimeToJob: number;
  readonly travelTimeToPlant: number;
  readonly onJobWaitMinutes: number;
  readonly onJobWashMinutes: number;
  /** The plant's batch time (plants.batchTime); 0 when the plant has none. */
  readonly batchMinutes?: number | null | undefined;
  /** The plant's wash time in the yard (plants.inYardWashTime); 0 when the plant has none. */
  readonly plantWashMinutes?: number | null | undefined;
};

export type ProjectedLoad = {
  /** 1-based, as the loads table numbers them. */
  readonly loadNumber: number;
  readonly quantity: number;
  /** When the ticket is written and batching starts. */
  readonly ticketTime: string;
  readonly onJobTime: string;
  /** When the truck is back at the plant. */
  readonly returnTime: string;
};

export type LoadProjection = {
  readonly spacingMinutes: number;
  readonly roundTripMinutes: number;
  readonly numberOfLoads: number;
  readonly trucksNeeded: number;
  readonly loads: readonly ProjectedLoad[];
};

/** A projection input that cannot give loads: the message names the field and the reason. */
export class LoadProjectionError extends RangeError {
  readonly field: keyof LoadProjectionInput;
  readonly reason: string;

  constructor(field: keyof LoadProjectionInput, reason: string) {
    super(`${field} ${reason}`);
    this.name = 'LoadProjectionError';
    this.field = field;
    this.reason = reason;
  }
}

const minuteMs = 60_000;
const roundQuantity = (value: number) => Math.round(value * 1000) / 1000;
/** Float noise must not add a load or a truck: 2.0000000001 loads are 2. */
const ceil = (value: number) => Math.max(0, Math.ceil(value - 1e-9));

function positive(input: LoadProjectionInput, field: 'loadSize' | 'quantityPerHour'): number {
  const value = input[field];
  if (!Number.isFinite(value) || value <= 0) {
    throw new LoadProjectionError(field, 'must be greater than 0');
  }
  return value;
}

function minutes(value: number | null | undefined, field: keyof LoadProjectionInput): number {
  const given = value ?? 0;
  if (!Number.isFinite(given) || given < 0) {
    throw new LoadProjectionError(field, 'must be 0 or more minutes');
  }
  return given;
}

type Timing = {
  readonly first: Date;
  readonly spacing: number;
  /** Minutes from ticket to arrival on the job. */
  readonly lead: number;
  /** Minutes from arrival on the job to the truck's return. */
  readonly tail: number;
};

/** The durations of one load's cycle, from the schedule and the plant. */
export type CycleMinutesInput = Pick<
  LoadProjectionInput,
  | 'travelTimeToJob'
  | 'travelTimeToPlant'
  | 'onJobWaitMinutes'
  | 'onJobWashMinutes'
  | 'batchMinutes'
  | 'plantWashMinutes'
>;

/** Minutes from the ticket (batching starts) to arrival on the job. */
function leadOf(input: CycleMinutesInput): number {
  return (
    minutes(input.travelTimeToJob, 'travelTimeToJob') +
    minutes(input.plantWashMinutes, 'plantWashMinutes') +
    minutes(input.batchMinutes, 'batchMinutes')
  );
}

/** Minutes from arrival on the job to the truck's return to the plant. */
function tailOf(input: CycleMinutesInput): number {
  return (
    minutes(input.onJobWaitMinutes, 'onJobWaitMinutes') +
    minutes(input.onJobWashMinutes, 'onJobWashMinutes') +
    minutes(input.travelTimeToPlant, 'travelTimeToPlant')
  );
}

/** What the spacing between a schedule's loads is made of. */
export type LoadSpacingInput = {
  readonly loadIntervalTime?: number | null | undefined;
  readonly loadSize: number | null;
  readonly quantityPerHour: number | null;
};

/**
 * R-ORD-3: minutes between loads: the schedule's load interval when it has one (more than 0),
 * else `loadSize / quantityPerHour * 60`; 0 when neither is known (every load then at the first
 * load's time, as the board lays out a schedule it cannot space).
 */
export function loadSpacingMinutes(schedule: LoadSpacingInput): number {
  const interval = schedule.loadIntervalTime ?? 0;
  if (interval > 0) return interval;
  const { loadSize, quantityPerHour } = schedule;
  return loadSize && quantityPerHour && loadSize > 0 && quantityPerHour > 0
    ? (loadSize / quantityPerHour) * 60
    : 0;
}

/**
 * R-ORD-3: the interval order entry saves for a schedule whose interval was left empty: the rate's
 * spacing to the whole minute (the column holds whole minutes), so the loads shown as the user
 * types are the loads saved. Null while the load size or the rate is not known.
 */
export function defaultLoadIntervalTime(
  loadSize: number | null | undefined,
  quantityPerHour: number | null | undefined,
): number | null {
  const spacing = loadSpacingMinutes({
    loadSize: loadSize ?? null,
    quantityPerHour: quantityPerHour ?? null,
  });
  return spacing > 0 ? Math.round(spacing) : null;
}

function timingOf(input: LoadProjectionInput): Timing {
  const loadSize = positive(input, 'loadSize');
  const quantityPerHour = positive(input, 'quantityPerHour');
  const loadIntervalTime = minutes(input.loadIntervalTime, 'loadIntervalTime');
  const first = parseIsoDate(input.firstLoadOnJobTime);
  if (!first) throw new LoadProjectionError('firstLoadOnJobTime', 'is required');
  return {
    first,
    spacing: loadSpacingMinutes({ loadIntervalTime, loadSize, quantityPerHour }),
    lead: leadOf(input),
    tail: tailOf(input),
  };
}

/** A load's cycle: each time an ISO instant in UTC. */
export type LoadCycle = {
  /** The ticket is written and batching starts. */
  ticketTime: string;
  loadedTime: string;
  onJobTime: string;
  finishUnloadTime: string;
  washedTime: string;
  /** The truck is back at the plant. */
  returnTime: string;
};

const at = (ms: number) => new Date(Math.round(ms)).toISOString();

/**
 * R-BOARD-4: one load's whole cycle around its arrival on the job: the ticket (batching starts)
 * and loaded (after the batch time) before it, the end of unloading (after the on-job wait), the
 * end of the wash at the job and the return to the plant (after the travel back) after it.
 */
export function loadCycleAround(onJobTime: Date, input: CycleMinutesInput): LoadCycle {
  const arrival = onJobTime.getTime();
  const ticket = arrival - leadOf(input) * minuteMs;
  const unloaded = arrival + minutes(input.onJobWaitMinutes, 'onJobWaitMinutes') * minuteMs;
  return {
    ticketTime: at(ticket),
    loadedTime: at(ticket + minutes(input.batchMinutes, 'batchMinutes') * minuteMs),
    onJobTime: at(arrival),
    finishUnloadTime: at(unloaded),
    washedTime: at(unloaded + minutes(input.onJobWashMinutes, 'onJobWashMinutes') * minuteMs),
    returnTime: at(arrival + tailOf(input) * minuteMs),
  };
}

/** Minutes from a load's ticket (batching starts) to its arrival on the job. */
export function ticketLeadMinutes(input: CycleMinutesInput): number {
  return leadOf(input);
}

/** One load of a schedule: the schedule's plan, and the load's own stored time if it has one. */
export type LoadPlanInput = CycleMinutesInput & {
  readonly loadNumber: number;
  /** The load's stored on-job time: when set it wins over the schedule's plan (a drift moved it). */
  readonly onJobTime: Date | null;
  readonly firstLoadOnJobTime: Date | null;
  readonly loadIntervalTime?: number | null | undefined;
  /** The primary line's load size and the schedule's rate: the spacing when there is no interval. */
  readonly loadSize: number | null;
  readonly quantityPerHour: number | null;
};

/**
 * R-ORD-3: when the schedule plans load n on the job, which is when the customer asked for it:
 * the first load's time plus one spacing per load before it; null without a first load time.
 */
export function plannedOnJobTime(plan: Omit<LoadPlanInput, 'onJobTime'>): Date | null {
  if (!plan.firstLoadOnJobTime) return null;
  const spacing = loadSpacingMinutes(plan);
  return new Date(
    Math.round(plan.firstLoadOnJobTime.getTime() + (plan.loadNumber - 1) * spacing * minuteMs),
  );
}

/**
 * R-ORD-3, R-BOARD-4: the one rule for a load's planned times: on the job at its stored time when
 * it has one, else where the schedule plans it, with its cycle around that; null when neither is
 * known.
 */
export function plannedLoadTimes(input: LoadPlanInput): LoadCycle | null {
  const onJob = input.onJobTime ?? plannedOnJobTime(input);
  return onJob ? loadCycleAround(onJob, input) : null;
}

function loadAt(
  input: LoadProjectionInput,
  timing: Timing,
  loadNumber: number,
  quantity: number,
): ProjectedLoad {
  const plan = plannedLoadTimes({
    ...input,
    loadNumber,
    onJobTime: null,
    firstLoadOnJobTime: timing.first,
  })!;
  return {
    loadNumber,
    quantity,
    ticketTime: plan.ticketTime,
    onJobTime: plan.onJobTime,
    returnTime: plan.returnTime,
  };
}

/** The quantities of the loads that carry `total`: full loads, the remainder, the plus load. */
export function loadQuantities(total: number, loadSize: number, addPlusLoad = false): number[] {
  if (!Number.isFinite(loadSize) || loadSize <= 0) {
    throw new LoadProjectionError('loadSize', 'must be greater than 0');
  }
  if (!Number.isFinite(total) || total < 0) {
    throw new LoadProjectionError('totalQuantity', 'must be 0 or more');
  }
  const count = ceil(roundQuantity(total) / loadSize);
  const quantities = Array.from({ length: count }, (_, index) =>
    index < count - 1 ? loadSize : roundQuantity(total - loadSize * (count - 1)),
  );
  return addPlusLoad ? [...quantities, 0] : quantities;
}

function summary(timing: Timing, numberOfLoads: number) {
  const roundTripMinutes = timing.lead + timing.tail;
  return {
    spacingMinutes: timing.spacing,
    roundTripMinutes,
    numberOfLoads,
    // R-ORD-27: the same rule as order entry's trucks warning and the board's truck demand.
    trucksNeeded:
      trucksToKeepInterval({
        roundTripMinutes,
        loadIntervalMinutes: timing.spacing,
        numberOfLoads,
      }) ?? 0,
  };
}

/** Every load of a schedule, none written yet. */
export function projectLoads(input: LoadProjectionInput): LoadProjection {
  const timing = timingOf(input);
  const quantities = loadQuantities(input.totalQuantity, input.loadSize, input.addPlusLoad);
  return {
    ...summary(timing, quantities.length),
    loads: quantities.map((quantity, index) => loadAt(input, timing, index + 1, quantity)),
  };
}

/** A load as stored: ticketed once a ticket is written for it (or it was delivered). */
export type StoredLoad = {
  readonly loadNumber: number;
  readonly quantity: number;
  readonly ticketed: boolean;
};

export type Reprojection = Omit<LoadProjection, 'loads'> & {
  /** The ticketed loads, untouched. */
  readonly kept: readonly StoredLoad[];
  /** The loads not yet ticketed, projected anew: what to store in place of the old ones. */
  readonly projected: readonly ProjectedLoad[];
};

/**
 * R-ORD-5: after a change to the quantity, the rate, the interval, the load size or the first load's time, the
 * loads not yet ticketed are projected again and the ticketed ones are left alone. What the
 * ticketed loads carried is taken off the total; the rest is split as `projectLoads` splits it,
 * into the load numbers the ticketed loads leave free (lowest first), each load keeping the slot
 * of its number (load n arrives at the first load's time plus n - 1 spacings).
 */
export function reprojectLoads(
  stored: readonly StoredLoad[],
  input: LoadProjectionInput,
): Reprojection {
  const timing = timingOf(input);
  const kept = stored.filter((load) => load.ticketed);
  const delivered = kept.reduce((sum, load) => sum + load.quantity, 0);
  const remaining = Math.max(0, roundQuantity(input.totalQuantity - delivered));
  const quantities = loadQuantities(remaining, input.loadSize, input.addPlusLoad);
  const taken = new Set(kept.map((load) => load.loadNumber));
  const projected: ProjectedLoad[] = [];
  for (let loadNumber = 1; projected.length < quantities.length; loadNumber += 1) {
    if (!taken.has(loadNumber)) {
      projected.push(loadAt(input, timing, loadNumber, quantities[projected.length]!));
    }
  }
  return {
    ...summary(timing, kept.length + projected.length),
    kept,
    projected,
  };
}

/** The inputs whose change re-projects a schedule's loads (R-ORD-5). */
export const projectionInputFields = [
  'firstLoadOnJobTime',
  'totalQuantity',
  'loadSize',
  'quantityPerHour',
  'loadIntervalTime',
  'addPlusLoad',
] as const satisfies readonly (keyof LoadProjectionInput)[];

type ProjectionInputs = { readonly [K in (typeof projectionInputFields)[number]]?: unknown };

function sameInstant(a: unknown, b: unknown): boolean {
  const instant = (value: unknown) =>
    typeof value === 'string' && value !== '' ? parseIsoDate(value)?.getTime() : null;
  return (instant(a) ?? null) === (instant(b) ?? null);
}

/** True when the change touches what the loads are projected from. */
export function projectionChanged(before: ProjectionInputs, after: ProjectionInputs): boolean {
  return projectionInputFields.some((field) =>
    field === 'firstLoadOnJobTime'
      ? !sameInstant(before[field], after[field])
      : (before[field] ?? null) !== (after[field] ?? null),
  );
}
