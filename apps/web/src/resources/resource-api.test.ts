import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { fakeFetch, json } from '../test/render';
import { fetchRecord } from './resource-api';

/** A job as the server answers it, with one value to spoil. */
function job(spoiled: Record<string, unknown>) {
  return {
    id: 7,
    customerId: 3,
    number: 'J-100',
    customerJobNumber: '',
    customerPoNumber: '',
    jobTypeId: 0,
    plantId: null,
    quoteId: null,
    quoteNumber: '',
    quoteDescription: '',
    lockedFlag: false,
    nontaxableFlag: false,
    inactiveFlag: false,
    createdInOrderEntry: false,
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((line) => [`address${line}`, ''])),
    suburbId: null,
    lotOrBlockNumber: '',
    mapReferenceId: '',
    gpsLat: null,
    gpsLon: null,
    phoneNumber: '',
    phoneExtension: '',
    faxNumber: '',
    taxScheduleId: null,
    clientUseTaxFlag: false,
    creditLimit: null,
    jobLimit: null,
    publicWorksDirNumber: '',
    importSetupKey: '',
    version: 1,
    modifiedAt: '2026-12-03T10:00:00.000Z',
    modifiedBy: 'dispatcher',
    labels: {},
    ...spoiled,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('R-VALID-12: a job read with a null where none may be', () => {
  it('is refused with the rule’s text naming the field', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json(job({ lockedFlag: null }))),
    );
    await expect(fetchRecord(jobResource, 7)).rejects.toThrow(
      'Job contains a null value at lockedFlag',
    );
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json(job({ modifiedAt: null }))),
    );
    await expect(fetchRecord(jobResource, 7)).rejects.toThrow(
      'Job contains a null value at modifiedAt',
    );
  });

  it('reads a sound job, a site not located yet included', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json(job({}))),
    );
    await expect(fetchRecord(jobResource, 7)).resolves.toMatchObject({ id: 7, gpsLat: null });
  });
});
