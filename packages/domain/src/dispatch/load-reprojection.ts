/**
 * R-BOARD-4..8: a load's projected cycle as the board shows it, which loads a board window holds,
 * and the re-projection of a schedule when a truck's stamped time drifts from its load's
 * projection. Pure: the server answers the board and re-projects with these, the tests check them
 * against worked examples. A load's planned times are order entry's (`plannedLoadTimes`).
 */
import type { TicketTimestampField } from '../tickets/ticket';
import {
  plannedLoadTimes,
  plannedOnJobTime,
  ticketLeadMinutes,
  type LoadPlanInput,
} from '../orders/load-projection';
import type { BoardLoadTimes } from './load-board';
import { loadStatusIds } from './load-status';

const minuteMs = 60_000;

/** R-BOARD-6: a stamped time this many minutes or less from its projection is not a drift. */
export const driftThresholdMinutes = 5;

/**
 * R-BOARD-3: the board looks this far around its window for loads by their on-job time: a load's
 * cycle (ticket to return) longer than this on either side of its arrival is not found unless it is
 * out on a ticket.
 */
export const boardReachMinutes = 240;

/** What a load's projection is made of: the schedule, the plant, and the load's own stored time. */
export type BoardLoadProjectionInput = LoadPlanInput;

/**
 * R-BOARD-4: the load's projected cycle: on the job at its stored time, else where the schedule
 * plans it (order entry's rule, `plannedLoadTimes`); null when neither is known.
 */
export function projectBoardLoad(input: BoardLoadProjectionInput): BoardLoadTimes | null {
  return plannedLoadTimes(input);
}

/** R-BOARD-3: a load is in the window when its projected cycle (ticket to return) overlaps it. */
export function cycleInWindow(times: BoardLoadTimes, from: Date, to: Date): boolean {
  return (
    Date.parse(times.ticketTime) <= to.getTime() && Date.parse(times.returnTime) >= from.getTime()
  );
}

/**
 * R-BOARD-6: the stamps that tell when a load will reach its job, and the projected time each is
 * compared with. Batching starts when the dispatcher sends the load, early or late by choice, so
 * it is not a drift; later stamps (unloading, washing, the way back) do not move the customer's
 * loads either.
 */
export const driftStamps = [
  'loadedDateTime',
  'toJobDateTime',
  'onJobDateTime',
] as const satisfies readonly TicketTimestampField[];
export type DriftStamp = (typeof driftStamps)[number];

export function isDriftStamp(field: TicketTimestampField | null): field is DriftStamp {
  return (driftStamps as readonly string[]).includes(field ?? '');
}

/** The projected time of a stamp: loaded after the batch, leaving after the plant wash. */
export function projectedStampTime(
  field: DriftStamp,
  times: BoardLoadTimes,
  travelTimeToJob: number,
): Date {
  switch (field) {
    case 'loadedDateTime':
      return new Date(times.loadedTime);
    case 'toJobDateTime':
      return new Date(Date.parse(times.onJobTime) - travelTimeToJob * minuteMs);
    case 'onJobDateTime':
      return new Date(times.onJobTime);
  }
}

/** Minutes the stamp came after (positive) or before (negative) its projection. */
export function driftMinutes(stampedAt: Date, projected: Date): number {
  return (stampedAt.getTime() - projected.getTime()) / minuteMs;
}

/** R-BOARD-6: a drift beyond the threshold, either way, re-projects the schedule. */
export function isDrift(drift: number): boolean {
  return Number.isFinite(drift) && Math.abs(drift) > driftThresholdMinutes;
}

export type ScheduleLoad = {
  id: number;
  loadNumber: number;
  statusId: number;
  ticketId: number | null;
  /** The stored on-job time; a load without one is left to the schedule's projection. */
  onJobTime: Date | null;
};

export type LoadMove = { id: number; onJobTime: Date };

/** What bounds a move earlier (R-BOARD-7). */
export type DriftBounds = {
  /**
   * The schedule's plan: the time the customer asked for each load (the first load's time plus
   * one interval per load before it). A dispatcher who agrees to earlier loads saves an earlier
   * first load time, and the plan moves with it.
   */
  plan: Omit<LoadPlanInput, 'loadNumber' | 'onJobTime'>;
  /** When the order was made: no load's ticket time moves before it. */
  orderCreatedAt: Date | null;
};

/**
 * R-BOARD-7: the earliest a drift may bring load n on the job: the time the customer asked for
 * it, and not so early that its ticket time falls before the order existed; null when neither is
 * known.
 */
export function earliestOnJobTime(bounds: DriftBounds, loadNumber: number): Date | null {
  const asked = plannedOnJobTime({ ...bounds.plan, loadNumber })?.getTime() ?? null;
  const made =
    bounds.orderCreatedAt === null
      ? null
      : bounds.orderCreatedAt.getTime() + ticketLeadMinutes(bounds.plan) * minuteMs;
  const times = [asked, made].filter((time): time is number => time !== null);
  return times.length ? new Date(Math.max(...times)) : null;
}

/**
 * R-BOARD-6..7: when the stamp drifts from the drifting load's projection by more than the
 * threshold, the load itself (so its next stamp is measured against where it now is, not counted
 * twice) and every later load of its schedule still scheduled, with no ticket, move by the drift.
 * Later is always allowed; earlier stops at `earliestOnJobTime`, and a load already earlier than
 * that stays where it is. Nothing moves within the threshold.
 */
export function reprojectOnDrift(options: {
  drift: number;
  load: ScheduleLoad;
  schedule: readonly ScheduleLoad[];
  bounds: DriftBounds;
}): LoadMove[] {
  const { drift, load, bounds } = options;
  if (!isDrift(drift)) return [];
  const moved = (each: ScheduleLoad): LoadMove[] => {
    if (!each.onJobTime) return [];
    const from = each.onJobTime.getTime();
    let to = from + drift * minuteMs;
    const earliest = drift < 0 ? earliestOnJobTime(bounds, each.loadNumber) : null;
    if (earliest) to = Math.max(to, Math.min(from, earliest.getTime()));
    return to === from ? [] : [{ id: each.id, onJobTime: new Date(to) }];
  };
  const later = options.schedule.filter(
    (other) =>
      other.id !== load.id &&
      other.loadNumber > load.loadNumber &&
      other.statusId === loadStatusIds.scheduled &&
      other.ticketId === null,
  );
  return [load, ...later].flatMap(moved);
}
