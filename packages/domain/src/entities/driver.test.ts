import { describe, expect, it } from 'vitest';
import { driverSchema } from './driver';

describe('R-ENTITY-6: driver', () => {
  it('has the listed fields', () => {
    expect(driverSchema.parse({ id: 3 })).toEqual({
      id: 3,
      driversLicenseNumber: '',
      driversLicenseExpireDate: null,
      externalDriverFlag: false,
      callInPriority: null,
      preferredTime: null,
      scheduledCallInTime: null,
    });
  });

  it('takes a preferred clock time and a scheduled date-time', () => {
    const driver = driverSchema.parse({
      id: 3,
      preferredTime: '06:30',
      scheduledCallInTime: '2024-05-01T06:00:00',
    });
    expect(driver.preferredTime).toBe('06:30');
    expect(driverSchema.safeParse({ id: 3, preferredTime: '6:30am' }).success).toBe(false);
  });
});
