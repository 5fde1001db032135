/**
 * R-BOARD-24..28: how the load-scheduling board reads its answer: the time window a dispatcher
 * picks, each load's cycle as segments (projected, and actual as stamped), how urgent a load is,
 * and which load is the next to send. Pure, so the board, its tests and the server agree.
 */
import {
  boardWindowHours,
  type BoardLoad,
  type BoardOrder,
  type BoardWindowKey,
} from './load-board';
import { boardLoadRefusal } from './load-dispatch';
import { loadStatusIds } from './load-status';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** R-BOARD-25: a load not sent within this many minutes of its ticket time is "due soon". */
export const dueSoonMinutes = 60;

export type BoardWindow = { from: Date; to: Date };

/**
 * R-BOARD-24: today is the local calendar day; next 2/4/8/24 hours run from now; a chosen range is
 * taken as given (and swapped when given backwards).
 */
export function boardWindowRange(
  key: BoardWindowKey,
  now: Date,
  range?: { from: Date; to: Date } | null,
): BoardWindow {
  if (key === 'range' && range) {
    return range.from <= range.to
      ? { from: range.from, to: range.to }
      : { from: range.to, to: range.from };
  }
  if (key === 'today' || key === 'range') {
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    return { from, to };
  }
  return { from: now, to: new Date(now.getTime() + boardWindowHours[key] * hourMs) };
}

export const loadSegmentKinds = ['batch', 'travel', 'unload', 'wash', 'return'] as const;
export type LoadSegmentKind = (typeof loadSegmentKinds)[number];
export type LoadSegment = { kind: LoadSegmentKind; start: number; end: number };

function segment(kind: LoadSegmentKind, start: number, end: number): LoadSegment[] {
  return Number.isNaN(start) || Number.isNaN(end) || end <= start ? [] : [{ kind, start, end }];
}

/**
 * R-BOARD-24: the projected cycle: batch (ticket to loaded), travel (loaded to on the job), unload
 * (to finish unload), wash (to washed, when known) and return (to back at the plant).
 */
export function projectedSegments(load: BoardLoad): LoadSegment[] {
  const p = load.projected;
  const at = (value: string) => Date.parse(value);
  const washed = p.washedTime ? at(p.washedTime) : at(p.finishUnloadTime);
  return [
    ...segment('batch', at(p.ticketTime), at(p.loadedTime)),
    ...segment('travel', at(p.loadedTime), at(p.onJobTime)),
    ...segment('unload', at(p.onJobTime), at(p.finishUnloadTime)),
    ...segment('wash', at(p.finishUnloadTime), washed),
    ...segment('return', washed, at(p.returnTime)),
  ];
}

/**
 * R-BOARD-24: the cycle as the ticket stamped it; the segment under way runs to now. Stamps go
 * batch (ticket) → loaded → on job → finish unload → to plant (wash ends) → at the plant.
 */
export function actualSegments(load: BoardLoad, now: Date): LoadSegment[] {
  const a = load.actual;
  const marks: [LoadSegmentKind, string | null | undefined][] = [
    ['batch', a.ticketTime],
    ['travel', a.loadedTime],
    ['unload', a.onJobTime],
    ['wash', a.finishUnloadTime],
    ['return', a.toPlantTime],
  ];
  const end = a.arrivePlantTime ? Date.parse(a.arrivePlantTime) : null;
  const stamped = marks.filter((mark): mark is [LoadSegmentKind, string] => Boolean(mark[1]));
  return stamped.flatMap(([kind, start], index) => {
    const next = stamped[index + 1];
    const until = next ? Date.parse(next[1]) : (end ?? now.getTime());
    return segment(kind, Date.parse(start), until);
  });
}

export type LoadUrgency = 'pastDue' | 'dueSoon' | 'later' | 'sent' | 'closed';

/**
 * R-BOARD-25: a load still to send is past due once its projected ticket time has gone, due soon
 * within the next hour, later otherwise; a load with its ticket is sent; delivered or cancelled
 * is closed.
 */
export function loadUrgency(load: BoardLoad, now: Date): LoadUrgency {
  if (load.statusId === loadStatusIds.delivered || load.statusId === loadStatusIds.cancelled) {
    return 'closed';
  }
  if (load.ticketId !== null || load.statusId !== loadStatusIds.scheduled) return 'sent';
  const due = Date.parse(load.projected.ticketTime);
  if (due < now.getTime()) return 'pastDue';
  return due <= now.getTime() + dueSoonMinutes * minuteMs ? 'dueSoon' : 'later';
}

/** R-BOARD-26: a load the board offers for dispatch (R-DISP-3's rule, and a firm order). */
export function isSendable(order: BoardOrder, load: BoardLoad): boolean {
  if (order.onHold || order.willCall) return false;
  return boardLoadRefusal(order, load) === null;
}

/**
 * R-BOARD-26: the next load to send at each plant: the sendable load with the earliest projected
 * ticket time (then the lower order number and load number).
 */
export function nextLoadsToSend(orders: readonly BoardOrder[]): Map<number, BoardLoad> {
  const next = new Map<number, { load: BoardLoad; orderNumber: number }>();
  for (const order of orders) {
    for (const load of order.loads) {
      if (!isSendable(order, load)) continue;
      const current = next.get(load.plantId);
      const comparison =
        current === undefined
          ? -1
          : Date.parse(load.projected.ticketTime) - Date.parse(current.load.projected.ticketTime) ||
            order.number - current.orderNumber ||
            load.loadNumber - current.load.loadNumber;
      if (comparison < 0) next.set(load.plantId, { load, orderNumber: order.number });
    }
  }
  return new Map([...next].map(([plantId, { load }]) => [plantId, load]));
}
