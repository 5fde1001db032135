import { describe, expect, it } from 'vitest';
import { jobSchema, simpleJobSchema } from './job';

describe('R-ENTITY-8: job', () => {
  it('starts gpsLat and gpsLon empty and jobTypeId at 0', () => {
    const job = jobSchema.parse({ id: 1, customerId: 9 });
    expect(job).toMatchObject({ gpsLat: null, gpsLon: null, jobTypeId: 0 });
  });

  it('has every listed field', () => {
    const job = jobSchema.parse({ id: 1, customerId: 9 });
    expect(Object.keys(job).sort()).toEqual(
      [
        'id',
        'customerId',
        'customerJobNumber',
        'customerPoNumber',
        'number',
        'address1',
        'address2',
        'address3',
        'address4',
        'address5',
        'address6',
        'address7',
        'gpsLat',
        'gpsLon',
        'jobTypeId',
        'lockedFlag',
        'nontaxableFlag',
        'inactiveFlag',
        'createdInOrderEntry',
        'creditLimit',
        'jobLimit',
        'lotOrBlockNumber',
        'mapReferenceId',
        'plantId',
        'quoteId',
        'quoteNumber',
        'quoteDescription',
        'suburbId',
        'taxScheduleId',
        'clientUseTaxFlag',
        'phoneNumber',
        'phoneExtension',
        'faxNumber',
        'publicWorksDirNumber',
        'importSetupKey',
        'modifiedDateTime',
      ].sort(),
    );
  });

  it('rejects coordinates off the globe', () => {
    expect(jobSchema.safeParse({ id: 1, customerId: 9, gpsLat: 90.5 }).success).toBe(false);
    expect(jobSchema.safeParse({ id: 1, customerId: 9, gpsLon: 180 }).success).toBe(true);
  });
});

describe('R-ENTITY-9: simple job', () => {
  it('has number, three address lines, customer numbers, lot, quote number and name', () => {
    expect(Object.keys(simpleJobSchema.parse({})).sort()).toEqual(
      [
        'number',
        'address1',
        'address2',
        'address3',
        'customerJobNumber',
        'customerPoNumber',
        'lotOrBlockNumber',
        'quoteNumber',
        'quoteName',
      ].sort(),
    );
  });
});
