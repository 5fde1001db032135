import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultLoadIntervalTime,
  LoadProjectionError,
  loadQuantities,
  loadSpacingMinutes,
  plannedLoadTimes,
  projectLoads,
  projectionChanged,
  reprojectLoads,
  type LoadProjectionInput,
} from './load-projection';

/** 30 yd at 60 yd/h in 10 yd loads: a load every 10 minutes from 08:00 on the job. */
const morning: LoadProjectionInput = {
  firstLoadOnJobTime: '2026-03-10T08:00:00Z',
  totalQuantity: 30,
  loadSize: 10,
  quantityPerHour: 60,
  travelTimeToJob: 20,
  travelTimeToPlant: 18,
  onJobWaitMinutes: 15,
  onJobWashMinutes: 10,
  batchMinutes: 5,
  plantWashMinutes: 0,
};

const clock = (iso: string) => iso.slice(11, 19);

describe('R-ORD-3: projecting the loads of a schedule', () => {
  it('worked example: 30 yd at 60 yd/h in 10 yd loads', () => {
    const projection = projectLoads(morning);
    expect(projection.spacingMinutes).toBe(10);
    expect(projection.numberOfLoads).toBe(3);
    // Ticket: arrival - 20 travel - 0 plant wash - 5 batch; return: arrival + 15 + 10 + 18.
    expect(projection.loads).toEqual([
      {
        loadNumber: 1,
        quantity: 10,
        ticketTime: '2026-03-10T07:35:00.000Z',
        onJobTime: '2026-03-10T08:00:00.000Z',
        returnTime: '2026-03-10T08:43:00.000Z',
      },
      {
        loadNumber: 2,
        quantity: 10,
        ticketTime: '2026-03-10T07:45:00.000Z',
        onJobTime: '2026-03-10T08:10:00.000Z',
        returnTime: '2026-03-10T08:53:00.000Z',
      },
      {
        loadNumber: 3,
        quantity: 10,
        ticketTime: '2026-03-10T07:55:00.000Z',
        onJobTime: '2026-03-10T08:20:00.000Z',
        returnTime: '2026-03-10T09:03:00.000Z',
      },
    ]);
    // Round trip 25 + 43 = 68 minutes: 7 trucks would keep the rate, but 3 loads need 3.
    expect(projection.roundTripMinutes).toBe(68);
    expect(projection.trucksNeeded).toBe(3);
  });

  it('worked example: 100 yd at 48 yd/h in 8 yd loads, the last carrying the remainder', () => {
    const projection = projectLoads({
      ...morning,
      totalQuantity: 100,
      loadSize: 8,
      quantityPerHour: 48,
      plantWashMinutes: 4,
    });
    expect(projection.spacingMinutes).toBe(10);
    expect(projection.numberOfLoads).toBe(13);
    expect(projection.loads.map((load) => load.quantity)).toEqual([
      8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4,
    ]);
    expect(clock(projection.loads[12]!.onJobTime)).toBe('10:00:00');
    // Ticket time: 08:00 - 20 - 4 - 5 = 07:31.
    expect(clock(projection.loads[0]!.ticketTime)).toBe('07:31:00');
    // Round trip 29 + 43 = 72 minutes over a 10-minute spacing: 8 trucks.
    expect(projection.roundTripMinutes).toBe(72);
    expect(projection.trucksNeeded).toBe(8);
  });

  it('worked example: a fractional spacing (10 yd at 45 yd/h: every 13 min 20 s)', () => {
    const projection = projectLoads({ ...morning, totalQuantity: 32, quantityPerHour: 45 });
    expect(projection.spacingMinutes).toBeCloseTo(13.333, 3);
    expect(projection.loads.map((load) => load.quantity)).toEqual([10, 10, 10, 2]);
    expect(projection.loads.map((load) => clock(load.onJobTime))).toEqual([
      '08:00:00',
      '08:13:20',
      '08:26:40',
      '08:40:00',
    ]);
    // 68 / 13.33 = 5.1: six trucks, capped at the four loads.
    expect(projection.trucksNeeded).toBe(4);
  });

  it('needs exactly as many trucks as the round trip covers spacings, without float noise', () => {
    // A 60-minute round trip over a 20-minute spacing is 3 trucks, not 4.
    const projection = projectLoads({
      ...morning,
      totalQuantity: 100,
      quantityPerHour: 30,
      travelTimeToJob: 15,
      batchMinutes: 5,
      onJobWaitMinutes: 10,
      onJobWashMinutes: 10,
      travelTimeToPlant: 20,
    });
    expect(projection.roundTripMinutes).toBe(60);
    expect(projection.trucksNeeded).toBe(3);
  });

  it('adds an empty plus load when the schedule asks for one', () => {
    const projection = projectLoads({ ...morning, totalQuantity: 20, addPlusLoad: true });
    expect(projection.loads.map((load) => [load.loadNumber, load.quantity])).toEqual([
      [1, 10],
      [2, 10],
      [3, 0],
    ]);
    expect(clock(projection.loads[2]!.onJobTime)).toBe('08:20:00');
  });

  it('takes a missing batch time or plant wash as 0 minutes', () => {
    const projection = projectLoads({
      ...morning,
      batchMinutes: null,
      plantWashMinutes: undefined,
    });
    expect(clock(projection.loads[0]!.ticketTime)).toBe('07:40:00');
    expect(projection.roundTripMinutes).toBe(63);
  });

  it('reads a time without a zone as wall-clock time, and answers UTC instants', () => {
    const local = projectLoads({ ...morning, firstLoadOnJobTime: '2026-03-10T08:00' });
    expect(local.loads[0]!.onJobTime).toBe(new Date(2026, 2, 10, 8, 0).toISOString());
    const zoned = projectLoads({ ...morning, firstLoadOnJobTime: '2026-03-10T08:00:00-05:00' });
    expect(zoned.loads[0]!.onJobTime).toBe('2026-03-10T13:00:00.000Z');
  });

  it('gives no loads for nothing to deliver', () => {
    const projection = projectLoads({ ...morning, totalQuantity: 0 });
    expect(projection.loads).toEqual([]);
    expect(projection.numberOfLoads).toBe(0);
    expect(projection.trucksNeeded).toBe(0);
  });

  it.each([
    ['quantityPerHour', 0, 'quantityPerHour must be greater than 0'],
    ['quantityPerHour', -5, 'quantityPerHour must be greater than 0'],
    ['quantityPerHour', Number.NaN, 'quantityPerHour must be greater than 0'],
    ['loadSize', 0, 'loadSize must be greater than 0'],
    ['loadSize', -1, 'loadSize must be greater than 0'],
    ['totalQuantity', -1, 'totalQuantity must be 0 or more'],
    ['travelTimeToJob', -1, 'travelTimeToJob must be 0 or more minutes'],
    ['loadIntervalTime', -5, 'loadIntervalTime must be 0 or more minutes'],
    ['batchMinutes', Number.POSITIVE_INFINITY, 'batchMinutes must be 0 or more minutes'],
    ['firstLoadOnJobTime', '', 'firstLoadOnJobTime is required'],
  ] as const)('refuses %s = %s with a clear error', (field, value, message) => {
    const input = { ...morning, [field]: value };
    expect(() => projectLoads(input)).toThrow(LoadProjectionError);
    expect(() => projectLoads(input)).toThrow(message);
    try {
      projectLoads(input);
    } catch (error) {
      expect((error as LoadProjectionError).field).toBe(field);
    }
  });

  it('refuses to split into loads of no size', () => {
    expect(() => loadQuantities(10, 0)).toThrow('loadSize must be greater than 0');
    expect(() => loadQuantities(Number.NaN, 10)).toThrow('totalQuantity must be 0 or more');
  });

  it('splits any total into loads that add up to it, none larger than the load size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (thousandths, sizeThousandths) => {
          const total = thousandths / 1000;
          const size = sizeThousandths / 1000;
          const quantities = loadQuantities(total, size);
          const sum = quantities.reduce((a, b) => a + b, 0);
          expect(Math.abs(sum - total)).toBeLessThan(1e-6);
          expect(quantities.every((quantity) => quantity > 0 && quantity <= size + 1e-9)).toBe(
            true,
          );
          expect(quantities.length).toBe(Math.max(0, Math.ceil(total / size - 1e-9)));
        },
      ),
    );
  });
});

describe('R-ORD-5: re-projecting the loads not yet ticketed', () => {
  it('leaves ticketed loads alone and spreads the rest over the free load numbers', () => {
    const stored = [
      { loadNumber: 1, quantity: 10, ticketed: true },
      { loadNumber: 2, quantity: 9.5, ticketed: true },
      { loadNumber: 3, quantity: 10, ticketed: false },
      { loadNumber: 4, quantity: 10, ticketed: false },
    ];
    const result = reprojectLoads(stored, { ...morning, totalQuantity: 40 });
    expect(result.kept).toEqual(stored.slice(0, 2));
    // 40 - 19.5 = 20.5 left: 10, 10 and 0.5, as loads 3 to 5 in their own slots.
    expect(result.projected.map((load) => [load.loadNumber, load.quantity])).toEqual([
      [3, 10],
      [4, 10],
      [5, 0.5],
    ]);
    expect(result.projected.map((load) => clock(load.onJobTime))).toEqual([
      '08:20:00',
      '08:30:00',
      '08:40:00',
    ]);
    expect(result.numberOfLoads).toBe(5);
    expect(result.trucksNeeded).toBe(5);
  });

  it('fills a gap a load ticketed out of turn leaves', () => {
    const result = reprojectLoads([{ loadNumber: 2, quantity: 10, ticketed: true }], morning);
    expect(result.projected.map((load) => [load.loadNumber, clock(load.onJobTime)])).toEqual([
      [1, '08:00:00'],
      [3, '08:20:00'],
    ]);
  });

  it('moves the loads not yet ticketed when the first load moves', () => {
    const result = reprojectLoads([{ loadNumber: 1, quantity: 10, ticketed: true }], {
      ...morning,
      firstLoadOnJobTime: '2026-03-10T09:00:00Z',
      quantityPerHour: 30,
    });
    expect(result.projected.map((load) => clock(load.onJobTime))).toEqual(['09:20:00', '09:40:00']);
  });

  it('projects nothing more once the ticketed loads carry the whole total', () => {
    const result = reprojectLoads(
      [
        { loadNumber: 1, quantity: 10, ticketed: true },
        { loadNumber: 2, quantity: 10, ticketed: true },
        { loadNumber: 3, quantity: 10, ticketed: false },
      ],
      { ...morning, totalQuantity: 15 },
    );
    expect(result.projected).toEqual([]);
    expect(result.numberOfLoads).toBe(2);
  });

  it('projects every load when none is ticketed, as projectLoads does', () => {
    const stored = [{ loadNumber: 1, quantity: 10, ticketed: false }];
    expect(reprojectLoads(stored, morning).projected).toEqual(projectLoads(morning).loads);
  });

  it('tells which changes re-project', () => {
    const before = {
      firstLoadOnJobTime: '2026-03-10T08:00:00Z',
      totalQuantity: 30,
      loadSize: 10,
      quantityPerHour: 60,
      addPlusLoad: false,
    };
    expect(projectionChanged(before, { ...before })).toBe(false);
    expect(projectionChanged(before, { ...before, firstLoadOnJobTime: '2026-03-10T08:00Z' })).toBe(
      false,
    );
    expect(projectionChanged(before, { ...before, firstLoadOnJobTime: '2026-03-10T08:05Z' })).toBe(
      true,
    );
    expect(projectionChanged(before, { ...before, firstLoadOnJobTime: null })).toBe(true);
    expect(projectionChanged(before, { ...before, totalQuantity: 31 })).toBe(true);
    expect(projectionChanged(before, { ...before, loadSize: 9 })).toBe(true);
    expect(projectionChanged(before, { ...before, quantityPerHour: 50 })).toBe(true);
    expect(projectionChanged(before, { ...before, addPlusLoad: true })).toBe(true);
    // A schedule's interval, once typed, spaces its loads (R-ORD-3).
    expect(projectionChanged(before, { ...before, loadIntervalTime: 15 })).toBe(true);
    expect(projectionChanged({}, {})).toBe(false);
  });
});

describe('R-ORD-3: a load interval typed on the schedule', () => {
  /** 60 yd at 30 yd/h in 10 yd loads: a load every 20 minutes by the rate; 15 was typed. */
  const typed: LoadProjectionInput = {
    ...morning,
    totalQuantity: 60,
    quantityPerHour: 30,
    loadIntervalTime: 15,
  };

  it('spaces the loads by the interval typed, not by the rate', () => {
    const projection = projectLoads(typed);
    expect(projection.spacingMinutes).toBe(15);
    expect(projection.loads.map((load) => clock(load.onJobTime))).toEqual([
      '08:00:00',
      '08:15:00',
      '08:30:00',
      '08:45:00',
      '09:00:00',
      '09:15:00',
    ]);
    // Each ticket 25 minutes before its arrival, each return 43 after: 07:50 for the second load.
    expect(clock(projection.loads[1]!.ticketTime)).toBe('07:50:00');
    expect(clock(projection.loads[1]!.returnTime)).toBe('08:58:00');
    // A 68-minute round trip every 15 minutes needs 5 trucks (every 20 it would need 4).
    expect(projection.trucksNeeded).toBe(5);
  });

  it('follows the rate when the interval is 0 or not given', () => {
    expect(projectLoads({ ...typed, loadIntervalTime: 0 }).spacingMinutes).toBe(20);
    expect(projectLoads({ ...typed, loadIntervalTime: null }).spacingMinutes).toBe(20);
    expect(projectLoads({ ...typed, loadIntervalTime: undefined }).spacingMinutes).toBe(20);
    expect(loadSpacingMinutes({ loadSize: 10, quantityPerHour: 30, loadIntervalTime: 15 })).toBe(
      15,
    );
    expect(loadSpacingMinutes({ loadSize: 10, quantityPerHour: 30 })).toBe(20);
  });

  it('re-projects the loads not yet ticketed by the interval', () => {
    const result = reprojectLoads([{ loadNumber: 1, quantity: 10, ticketed: true }], typed);
    expect(result.projected.map((load) => clock(load.onJobTime))).toEqual([
      '08:15:00',
      '08:30:00',
      '08:45:00',
      '09:00:00',
      '09:15:00',
    ]);
  });

  it("saves a schedule left without an interval with the rate's spacing to the whole minute", () => {
    expect(defaultLoadIntervalTime(10, 30)).toBe(20);
    // 10 yd at 45 yd/h: every 13 min 20 s, saved as 13.
    expect(defaultLoadIntervalTime(10, 45)).toBe(13);
    expect(defaultLoadIntervalTime(10, 0)).toBeNull();
    expect(defaultLoadIntervalTime(null, 45)).toBeNull();
  });
});

describe('R-ORD-3, R-BOARD-4: one plan of each load for order entry, the stored loads and the board', () => {
  const planOf = (input: LoadProjectionInput, loadNumber: number) =>
    plannedLoadTimes({
      ...input,
      loadNumber,
      firstLoadOnJobTime: new Date(input.firstLoadOnJobTime),
      onJobTime: null,
    });

  it('gives every projected load the times projectLoads gives it', () => {
    const typed = { ...morning, totalQuantity: 45, quantityPerHour: 30, loadIntervalTime: 15 };
    for (const load of projectLoads(typed).loads) {
      const plan = planOf(typed, load.loadNumber)!;
      expect(plan).toMatchObject({
        ticketTime: load.ticketTime,
        onJobTime: load.onJobTime,
        returnTime: load.returnTime,
      });
      // Loaded after the batch, unloaded after the wait, washed after the wash on the job.
      expect(clock(plan.loadedTime)).toBe(
        clock(new Date(Date.parse(load.ticketTime) + 5 * 60_000).toISOString()),
      );
      expect(Date.parse(plan.finishUnloadTime) - Date.parse(plan.onJobTime)).toBe(15 * 60_000);
      expect(Date.parse(plan.washedTime) - Date.parse(plan.finishUnloadTime)).toBe(10 * 60_000);
    }
  });

  it('agrees with projectLoads for any schedule', () => {
    fc.assert(
      fc.property(
        fc.record({
          total: fc.integer({ min: 1, max: 200 }),
          loadSize: fc.integer({ min: 1, max: 14 }),
          quantityPerHour: fc.integer({ min: 1, max: 240 }),
          loadIntervalTime: fc.option(fc.integer({ min: 0, max: 90 })),
          travel: fc.integer({ min: 0, max: 120 }),
          batch: fc.integer({ min: 0, max: 15 }),
        }),
        (value) => {
          const input: LoadProjectionInput = {
            ...morning,
            totalQuantity: value.total,
            loadSize: value.loadSize,
            quantityPerHour: value.quantityPerHour,
            loadIntervalTime: value.loadIntervalTime,
            travelTimeToJob: value.travel,
            batchMinutes: value.batch,
          };
          for (const load of projectLoads(input).loads) {
            expect(planOf(input, load.loadNumber)).toMatchObject({
              ticketTime: load.ticketTime,
              onJobTime: load.onJobTime,
              returnTime: load.returnTime,
            });
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a load where its stored time puts it, and knows nothing without a time', () => {
    const stored = plannedLoadTimes({
      ...morning,
      loadNumber: 4,
      firstLoadOnJobTime: new Date(morning.firstLoadOnJobTime),
      onJobTime: new Date('2026-03-10T09:05:00Z'),
    });
    expect(stored?.onJobTime).toBe('2026-03-10T09:05:00.000Z');
    expect(stored?.ticketTime).toBe('2026-03-10T08:40:00.000Z');
    expect(
      plannedLoadTimes({ ...morning, loadNumber: 1, firstLoadOnJobTime: null, onJobTime: null }),
    ).toBeNull();
  });

  it("puts every load at the first load's time when neither an interval nor a rate is known", () => {
    const plan = plannedLoadTimes({
      ...morning,
      loadNumber: 3,
      firstLoadOnJobTime: new Date(morning.firstLoadOnJobTime),
      onJobTime: null,
      loadSize: null,
      quantityPerHour: null,
    });
    expect(plan?.onJobTime).toBe('2026-03-10T08:00:00.000Z');
  });
});
