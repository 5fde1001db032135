/** R-ORD-27: the trucks a schedule needs to keep its load interval, from worked examples. */
import { describe, expect, it } from 'vitest';
import { trucksToKeepInterval } from '../dispatch/truck-demand';
import { scheduleTrucksNeeded, truckShortfall, type ScheduleTrucksInput } from './schedule-trucks';

/** Out 30 min, 20 min waiting to unload, 10 min washing, back 30 min: a 90-minute round trip. */
const ninetyMinutes: ScheduleTrucksInput = {
  travelTimeToJob: 30,
  travelTimeToPlant: 30,
  onJobWaitMinutes: 20,
  onJobWashMinutes: 10,
  loadIntervalTime: 15,
  loadSize: null,
  quantityPerHour: null,
  totalQuantity: null,
};

describe('trucksToKeepInterval (R-ORD-27)', () => {
  it('is the round trip over the interval, rounded up', () => {
    expect(trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: 15 })).toBe(6);
    expect(trucksToKeepInterval({ roundTripMinutes: 91, loadIntervalMinutes: 15 })).toBe(7);
    expect(trucksToKeepInterval({ roundTripMinutes: 75, loadIntervalMinutes: 20 })).toBe(4);
  });

  it('lets a truck back at the instant the next load leaves take it', () => {
    // Loads at 0, 15, 30, 45 and 60: the first truck is back at 60 for the fifth.
    expect(trucksToKeepInterval({ roundTripMinutes: 60, loadIntervalMinutes: 15 })).toBe(4);
  });

  it('does not add a truck for float noise', () => {
    // 10 yd at 45 yd/h: a load every 13.333… min; 40 minutes are three intervals, not 3.0000001.
    expect(
      trucksToKeepInterval({ roundTripMinutes: 40, loadIntervalMinutes: (10 / 45) * 60 }),
    ).toBe(3);
  });

  it('needs one truck for any load, and no more trucks than loads', () => {
    expect(trucksToKeepInterval({ roundTripMinutes: 0, loadIntervalMinutes: 15 })).toBe(1);
    expect(
      trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: 15, numberOfLoads: 3 }),
    ).toBe(3);
    expect(
      trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: 15, numberOfLoads: 0 }),
    ).toBe(0);
  });

  it('has no answer without a positive interval or with a negative round trip', () => {
    expect(trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: 0 })).toBeNull();
    expect(trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: -5 })).toBeNull();
    expect(trucksToKeepInterval({ roundTripMinutes: 90, loadIntervalMinutes: NaN })).toBeNull();
    expect(trucksToKeepInterval({ roundTripMinutes: -1, loadIntervalMinutes: 15 })).toBeNull();
  });
});

describe('scheduleTrucksNeeded (R-ORD-27)', () => {
  it('keeps the interval typed on the schedule over its round trip', () => {
    expect(scheduleTrucksNeeded(ninetyMinutes)).toEqual({
      needed: 6,
      intervalMinutes: 15,
      roundTripMinutes: 90,
    });
  });

  it("counts the plant's batch and wash times in the round trip", () => {
    expect(
      scheduleTrucksNeeded({ ...ninetyMinutes, batchMinutes: 5, plantWashMinutes: 10 }),
    ).toMatchObject({ needed: 7, roundTripMinutes: 105 });
  });

  it("takes the projection's spacing when no interval is typed", () => {
    // 10 yd loads at 30 yd/h leave every 20 min; 75 minutes away need 4 trucks.
    const schedule = {
      ...ninetyMinutes,
      travelTimeToJob: 20,
      travelTimeToPlant: 20,
      onJobWaitMinutes: 15,
      onJobWashMinutes: 10,
      batchMinutes: 5,
      plantWashMinutes: 5,
      loadIntervalTime: null,
      loadSize: 10,
      quantityPerHour: 30,
    };
    expect(scheduleTrucksNeeded(schedule)).toEqual({
      needed: 4,
      intervalMinutes: 20,
      roundTripMinutes: 75,
    });
    // 20 yd is two loads: two trucks are all it can use.
    expect(scheduleTrucksNeeded({ ...schedule, totalQuantity: 20 })?.needed).toBe(2);
    // A plus load is one more load to carry.
    expect(
      scheduleTrucksNeeded({ ...schedule, totalQuantity: 20, addPlusLoad: true })?.needed,
    ).toBe(3);
  });

  it('prefers the typed interval to the spacing, and ignores one that is not positive', () => {
    const both = { ...ninetyMinutes, loadSize: 10, quantityPerHour: 30 };
    expect(scheduleTrucksNeeded(both)?.intervalMinutes).toBe(15);
    expect(scheduleTrucksNeeded({ ...both, loadIntervalTime: 0 })?.intervalMinutes).toBe(20);
  });

  it('has no answer without an interval or with a negative duration', () => {
    expect(scheduleTrucksNeeded({ ...ninetyMinutes, loadIntervalTime: null })).toBeNull();
    expect(scheduleTrucksNeeded({ ...ninetyMinutes, travelTimeToJob: -5 })).toBeNull();
  });
});

describe('truckShortfall (R-ORD-27)', () => {
  it('names the trucks needed and the trucks set when they are fewer', () => {
    expect(truckShortfall({ ...ninetyMinutes, numberOfTrucks: 4 })).toEqual({
      needed: 6,
      set: 4,
      intervalMinutes: 15,
      roundTripMinutes: 90,
    });
    expect(truckShortfall({ ...ninetyMinutes, numberOfTrucks: 0 })).toMatchObject({ set: 0 });
  });

  it('is nothing when the trucks set are enough, or none are set', () => {
    expect(truckShortfall({ ...ninetyMinutes, numberOfTrucks: 6 })).toBeNull();
    expect(truckShortfall({ ...ninetyMinutes, numberOfTrucks: 9 })).toBeNull();
    expect(truckShortfall({ ...ninetyMinutes, numberOfTrucks: null })).toBeNull();
    expect(
      truckShortfall({ ...ninetyMinutes, loadIntervalTime: null, numberOfTrucks: 1 }),
    ).toBeNull();
  });
});
