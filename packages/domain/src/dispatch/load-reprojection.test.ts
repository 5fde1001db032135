/** R-BOARD-4..8: a load's projected cycle, the window's loads and the re-projection on drift, by worked examples. */
import { describe, expect, it } from 'vitest';
import {
  cycleInWindow,
  driftMinutes,
  driftThresholdMinutes,
  earliestOnJobTime,
  isDrift,
  isDriftStamp,
  projectBoardLoad,
  projectedStampTime,
  reprojectOnDrift,
  type BoardLoadProjectionInput,
  type DriftBounds,
  type ScheduleLoad,
} from './load-reprojection';

const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);

/** 20 min out, 18 back, 15 unloading, 10 washing at the job; the plant batches in 8 and washes in 5. */
const schedule: BoardLoadProjectionInput = {
  loadNumber: 1,
  onJobTime: null,
  firstLoadOnJobTime: at('14:00'),
  loadSize: 10,
  quantityPerHour: 40,
  travelTimeToJob: 20,
  travelTimeToPlant: 18,
  onJobWaitMinutes: 15,
  onJobWashMinutes: 10,
  batchMinutes: 8,
  plantWashMinutes: 5,
};

describe('projectBoardLoad', () => {
  it('lays the cycle around the stored on-job time: 33 minutes before, 43 after', () => {
    expect(projectBoardLoad({ ...schedule, onJobTime: at('09:30') })).toEqual({
      ticketTime: '2026-03-10T08:57:00.000Z',
      loadedTime: '2026-03-10T09:05:00.000Z',
      onJobTime: '2026-03-10T09:30:00.000Z',
      finishUnloadTime: '2026-03-10T09:45:00.000Z',
      washedTime: '2026-03-10T09:55:00.000Z',
      returnTime: '2026-03-10T10:13:00.000Z',
    });
  });

  it('falls back on the schedule: load 3 at 40 yd an hour in 10 yd loads is 30 minutes after the first', () => {
    expect(projectBoardLoad({ ...schedule, loadNumber: 3 })?.onJobTime).toBe(
      '2026-03-10T14:30:00.000Z',
    );
  });

  it("falls back on the schedule's load interval when it has one: every 20 minutes, not the rate's 15", () => {
    expect(projectBoardLoad({ ...schedule, loadNumber: 3, loadIntervalTime: 20 })?.onJobTime).toBe(
      '2026-03-10T14:40:00.000Z',
    );
  });

  it('treats a plant without batch or wash times as 0 minutes, and knows nothing without any time', () => {
    const bare = {
      ...schedule,
      batchMinutes: null,
      plantWashMinutes: null,
      onJobTime: at('10:00'),
    };
    expect(projectBoardLoad(bare)?.ticketTime).toBe('2026-03-10T09:40:00.000Z');
    expect(projectBoardLoad({ ...schedule, firstLoadOnJobTime: null })).toBeNull();
  });
});

describe('cycleInWindow', () => {
  const cycle = projectBoardLoad({ ...schedule, onJobTime: at('12:30') })!; // 11:57 to 13:13
  it('holds a load whose cycle overlaps the window at either end', () => {
    expect(cycleInWindow(cycle, at('13:00'), at('17:00'))).toBe(true);
    expect(cycleInWindow(cycle, at('09:00'), at('11:57'))).toBe(true);
  });
  it('leaves out a load whose cycle ends before or starts after the window', () => {
    expect(cycleInWindow(cycle, at('13:14'), at('17:00'))).toBe(false);
    expect(cycleInWindow(cycle, at('09:00'), at('11:56'))).toBe(false);
  });
});

describe('drift', () => {
  const times = projectBoardLoad({ ...schedule, onJobTime: at('14:00') })!;
  it('compares each arrival stamp with its projected time', () => {
    expect(projectedStampTime('loadedDateTime', times, 20)).toEqual(at('13:35'));
    // Leaving for the job: the travel time before the arrival.
    expect(projectedStampTime('toJobDateTime', times, 20)).toEqual(at('13:40'));
    expect(projectedStampTime('onJobDateTime', times, 20)).toEqual(at('14:00'));
    expect(driftMinutes(at('13:47'), at('13:35'))).toBe(12);
    expect(driftMinutes(at('13:50'), at('14:00'))).toBe(-10);
  });
  it('counts only the stamps that tell when the load reaches its job', () => {
    expect(isDriftStamp('loadedDateTime')).toBe(true);
    expect(isDriftStamp('finishUnloadDateTime')).toBe(false);
    // Batching starts when the dispatcher chooses to send the load.
    expect(isDriftStamp('batchDateTime')).toBe(false);
    expect(isDriftStamp(null)).toBe(false);
  });
  it('is a drift only beyond the threshold, either way', () => {
    expect(isDrift(driftThresholdMinutes)).toBe(false);
    expect(isDrift(-driftThresholdMinutes)).toBe(false);
    expect(isDrift(5.5)).toBe(true);
    expect(isDrift(-12)).toBe(true);
    expect(isDrift(Number.NaN)).toBe(false);
  });
});

describe('reprojectOnDrift', () => {
  const load = (
    id: number,
    loadNumber: number,
    time: string | null,
    ticketId: number | null = null,
  ) =>
    ({
      id,
      loadNumber,
      statusId: ticketId === null ? 1 : 2,
      ticketId,
      onJobTime: time ? at(time) : null,
    }) satisfies ScheduleLoad;
  const loads = [
    load(1, 1, '13:40', 501),
    load(2, 2, '14:00', 502), // the drifting load
    load(3, 3, '14:20', 503), // already sent: left alone
    load(4, 4, '14:40'),
    load(5, 5, '15:00'),
    load(6, 6, null), // no stored time: the schedule projects it
    { ...load(7, 7, '15:40'), statusId: 4 }, // cancelled
  ];
  /** The customer asked for the first load at 13:40 and one every 20 minutes; ordered at 06:00. */
  const bounds: DriftBounds = {
    plan: { ...schedule, firstLoadOnJobTime: at('13:40'), loadIntervalTime: 20 },
    orderCreatedAt: at('06:00'),
  };
  /** The same loads after an earlier drift pushed the open ones 12 minutes later. */
  const late = loads.map((each) =>
    [2, 4, 5].includes(each.id)
      ? { ...each, onJobTime: new Date(each.onJobTime!.getTime() + 12 * 60_000) }
      : each,
  );

  it('moves the drifting load and the later loads still scheduled by the drift (12 minutes late)', () => {
    expect(reprojectOnDrift({ drift: 12, load: loads[1]!, schedule: loads, bounds })).toEqual([
      { id: 2, onJobTime: at('14:12') },
      { id: 4, onJobTime: at('14:52') },
      { id: 5, onJobTime: at('15:12') },
    ]);
  });

  it('never pulls a load earlier than the customer asked for it: a truck 8 minutes early moves nothing', () => {
    expect(reprojectOnDrift({ drift: -8, load: loads[1]!, schedule: loads, bounds })).toEqual([]);
  });

  it('gives back lateness when a truck runs early, down to the times asked for', () => {
    expect(reprojectOnDrift({ drift: -8, load: late[1]!, schedule: late, bounds })).toEqual([
      { id: 2, onJobTime: at('14:04') },
      { id: 4, onJobTime: at('14:44') },
      { id: 5, onJobTime: at('15:04') },
    ]);
    expect(reprojectOnDrift({ drift: -20, load: late[1]!, schedule: late, bounds })).toEqual([
      { id: 2, onJobTime: at('14:00') },
      { id: 4, onJobTime: at('14:40') },
      { id: 5, onJobTime: at('15:00') },
    ]);
  });

  it('never moves a ticket time before the order existed', () => {
    // Ordered at 13:40: a ticket 33 minutes before the job puts no load on the job before 14:13.
    const justOrdered = { ...bounds, orderCreatedAt: at('13:40') };
    const pushed = late.map((each) => (each.id === 2 ? { ...each, onJobTime: at('14:30') } : each));
    expect(
      reprojectOnDrift({ drift: -25, load: pushed[1]!, schedule: pushed, bounds: justOrdered }),
    ).toEqual([
      { id: 2, onJobTime: at('14:13') },
      { id: 4, onJobTime: at('14:40') },
      { id: 5, onJobTime: at('15:00') },
    ]);
    expect(earliestOnJobTime(justOrdered, 2)).toEqual(at('14:13'));
    expect(earliestOnJobTime(justOrdered, 5)).toEqual(at('15:00'));
    expect(
      earliestOnJobTime({ ...justOrdered, plan: { ...schedule, firstLoadOnJobTime: null } }, 2),
    ).toEqual(at('14:13'));
    expect(
      earliestOnJobTime(
        { plan: { ...schedule, firstLoadOnJobTime: null }, orderCreatedAt: null },
        2,
      ),
    ).toBeNull();
  });

  it('leaves a load already earlier than asked for where it is, and still moves it later', () => {
    const early = loads.map((each) => (each.id === 4 ? { ...each, onJobTime: at('14:30') } : each));
    expect(reprojectOnDrift({ drift: -10, load: early[1]!, schedule: early, bounds })).toEqual([]);
    expect(reprojectOnDrift({ drift: 10, load: early[1]!, schedule: early, bounds })).toEqual([
      { id: 2, onJobTime: at('14:10') },
      { id: 4, onJobTime: at('14:40') },
      { id: 5, onJobTime: at('15:10') },
    ]);
  });

  it('follows the dispatcher who saved an earlier first load time: the loads may then come earlier', () => {
    const agreed = { ...bounds, plan: { ...bounds.plan, firstLoadOnJobTime: at('13:20') } };
    expect(
      reprojectOnDrift({ drift: -8, load: loads[1]!, schedule: loads, bounds: agreed }),
    ).toEqual([
      { id: 2, onJobTime: at('13:52') },
      { id: 4, onJobTime: at('14:32') },
      { id: 5, onJobTime: at('14:52') },
    ]);
  });

  it('moves nothing within the threshold', () => {
    expect(reprojectOnDrift({ drift: 4, load: late[1]!, schedule: late, bounds })).toEqual([]);
  });
});
