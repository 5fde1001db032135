import { describe, expect, it } from 'vitest';
import { jobAddressLinesOf, jobNameOf } from './job-address';
import { truckStatusIds } from '../trucks/truck-status';
import { pourStageOf, remainingQuantity, trackingLinkExpiry } from './tracking-link';

describe('R-TRACK-2: a tracking link lasts until the end of the day after the ship date', () => {
  it('ends at the local midnight two days after the ship date begins', () => {
    const expiry = trackingLinkExpiry('2026-12-04');
    expect([expiry.getFullYear(), expiry.getMonth() + 1, expiry.getDate()]).toEqual([2026, 12, 6]);
    expect([expiry.getHours(), expiry.getMinutes()]).toEqual([0, 0]);
  });

  it('runs over the end of a month and of a year', () => {
    const expiry = trackingLinkExpiry('2026-12-31');
    expect([expiry.getFullYear(), expiry.getMonth() + 1, expiry.getDate()]).toEqual([2027, 1, 2]);
  });
});

describe('the quantity left to pour', () => {
  it('is the ordered less the delivered, in hundredths', () => {
    expect(remainingQuantity(30, 10.5)).toBe(19.5);
    expect(remainingQuantity(10, 3.33)).toBe(6.67);
  });

  it('is nothing after an over-pour', () => {
    expect(remainingQuantity(10, 11)).toBe(0);
  });
});

describe('a job as the people going there read it', () => {
  const job = {
    number: 'J-1042',
    description: 'Riverside Plaza, pour 3',
    address1: '1200 River Rd',
    address3: 'Springfield',
    address4: 'Gate B',
    address5: 'IL',
    address7: '62701',
  };

  it('is named by its site line, else its number', () => {
    expect(jobNameOf(job)).toBe('Riverside Plaza, pour 3');
    expect(jobNameOf({ ...job, description: null })).toBe('J-1042');
    expect(jobNameOf(null)).toBe('');
  });

  it('is addressed by street, city line and last line, leaving out what is blank', () => {
    expect(jobAddressLinesOf(job)).toEqual(['1200 River Rd', 'Springfield IL 62701', 'Gate B']);
    expect(jobAddressLinesOf({ ...job, address1: null, address4: '' })).toEqual([
      'Springfield IL 62701',
    ]);
  });
});

describe('R-TRACK-4: where a load on its way is, from its truck', () => {
  it('is at the plant while loading, on the road to the job, then on site', () => {
    expect(pourStageOf(truckStatusIds.inYard)).toBe('atPlant');
    expect(pourStageOf(truckStatusIds.loading)).toBe('atPlant');
    expect(pourStageOf(truckStatusIds.loaded)).toBe('atPlant');
    expect(pourStageOf(truckStatusIds.toJob)).toBe('toJob');
    expect(pourStageOf(truckStatusIds.onJob)).toBe('onSite');
    expect(pourStageOf(truckStatusIds.unloading)).toBe('onSite');
    expect(pourStageOf(truckStatusIds.washing)).toBe('onSite');
  });

  it('is nothing once the truck heads back, or for a status it does not know', () => {
    expect(pourStageOf(truckStatusIds.toPlant)).toBeNull();
    expect(pourStageOf(null)).toBeNull();
    expect(pourStageOf(99)).toBeNull();
  });
});
