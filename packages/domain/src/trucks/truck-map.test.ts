import { describe, expect, it } from 'vitest';
import { earthRadiusM } from './geo-distance';
import { etaMinutes, roadDetourFactor } from './truck-map';
import { truckStatusIds } from './truck-status';

const metresPerDegree = (earthRadiusM * Math.PI) / 180;
const job = { latitude: 40, longitude: -105 };
/** A truck this many km south of the job. */
const south = (km: number) => ({ latitude: 40 - (km * 1000) / metresPerDegree, longitude: -105 });

describe('R-MAP-3: ETA to the job', () => {
  it('is the road distance over the truck’s speed, for a truck To job', () => {
    // 10 km crow-flies is 13 km of road; at 60 km/h that is 13 minutes.
    const truck = { ...south(10), statusId: truckStatusIds.toJob, speedKph: 60 };
    expect(etaMinutes(truck, job)).toBe(Math.round(10 * roadDetourFactor));
  });

  it('never assumes less than road speed: a truck stopped at a light is not hours away', () => {
    // 8 km crow-flies is 10.4 km of road: 15.6 minutes at the assumed 40 km/h.
    const stopped = { ...south(8), statusId: truckStatusIds.toJob, speedKph: 0 };
    expect(etaMinutes(stopped, job)).toBe(16);
    expect(etaMinutes({ ...stopped, speedKph: null }, job)).toBe(etaMinutes(stopped, job));
  });

  it('is null off the way to a job, or without a located job', () => {
    const truck = { ...south(10), speedKph: 50 };
    expect(etaMinutes({ ...truck, statusId: truckStatusIds.toPlant }, job)).toBeNull();
    expect(etaMinutes({ ...truck, statusId: truckStatusIds.onJob }, job)).toBeNull();
    expect(etaMinutes({ ...truck, statusId: truckStatusIds.toJob }, null)).toBeNull();
  });
});
