import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jobSaveSchema, type JobSaveInput } from './job';

const completeJob: JobSaveInput = {
  id: 5,
  customerId: 42,
  gpsLat: 45.5,
  gpsLon: -73.6,
  modifiedDateTime: '2024-05-01T08:00:00',
  address3: 'Lot 12',
  address5: 'Springfield',
  address7: 'USA',
};

const nonNullFields = [
  'createdInOrderEntry',
  'customerId',
  'gpsLat',
  'gpsLon',
  'inactiveFlag',
  'jobTypeId',
  'lockedFlag',
  'modifiedDateTime',
  'nontaxableFlag',
] as const;

function issuesOf(input: unknown, requireJobAddresses357: boolean): [string, string][] {
  const result = jobSaveSchema({ requireJobAddresses357 }).safeParse(input);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('R-VALID-11..12: job validation', () => {
  it('accepts a complete job with either setting', () => {
    expect(issuesOf(completeJob, true)).toEqual([]);
    expect(issuesOf(completeJob, false)).toEqual([]);
  });

  it("says '{entity} contains a null value at {field}' for each non-null field", () => {
    fc.assert(
      fc.property(fc.constantFrom(...nonNullFields), fc.boolean(), (field, setting) => {
        expect(issuesOf({ ...completeJob, [field]: null }, setting)).toEqual([
          [field, `Job contains a null value at ${field}`],
        ]);
      }),
    );
    expect(issuesOf({ ...completeJob, gpsLat: null }, false)).toEqual([
      ['gpsLat', 'Job contains a null value at gpsLat'],
    ]);
  });

  it('reports every null field at once, in the order of the record', () => {
    const allNull = Object.fromEntries(nonNullFields.map((field) => [field, null]));
    expect(issuesOf({ ...completeJob, ...allNull }, false).map(([path]) => path)).toEqual([
      'customerId',
      'gpsLat',
      'gpsLon',
      'jobTypeId',
      'lockedFlag',
      'nontaxableFlag',
      'inactiveFlag',
      'createdInOrderEntry',
      'modifiedDateTime',
    ]);
  });

  it('requires address lines 3, 5 and 7 only with requireJobAddresses357 on', () => {
    const blankAddresses = { ...completeJob, address3: '', address5: '  ', address7: undefined };
    expect(issuesOf(blankAddresses, true)).toEqual([
      ['address3', 'Address 3 is required.'],
      ['address5', 'Address 5 is required.'],
      ['address7', 'Address 7 is required.'],
    ]);
    expect(issuesOf(blankAddresses, false)).toEqual([]);
  });

  it('keeps the new-job defaults for fields that were left out', () => {
    const job = jobSaveSchema({ requireJobAddresses357: false }).parse(completeJob);
    expect(job).toMatchObject({ jobTypeId: 0, lockedFlag: false, inactiveFlag: false });
  });
});
