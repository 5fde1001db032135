import { describe, expect, it } from 'vitest';
import { nullValueMessage } from '../forms/required';
import { createSchemaOf, detailSchemaOf, rowSchemaOf, updateSchemaOf } from './define';
import { jobResource } from './jobs';

const neverNull = [
  'createdInOrderEntry',
  'customerId',
  'inactiveFlag',
  'jobTypeId',
  'lockedFlag',
  'nontaxableFlag',
] as const;

/** A job as the server answers it (R-ENTITY-8). */
function jobAsRead(): Record<string, unknown> {
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
    address1: '1 Main St',
    address2: '',
    address3: 'Columbus',
    address4: '',
    address5: 'OH',
    address6: '',
    address7: '43004',
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
  };
}

function messagesAt(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('R-VALID-12: a job never holds null at its never-null fields', () => {
  it("reads '{entity} contains a null value at {field}'", () => {
    expect(nullValueMessage('Job', 'gpsLat')).toBe('Job contains a null value at gpsLat');
  });

  it.each(neverNull)('a new job sent with %s null is refused with the rule’s text', (field) => {
    const body = { customerId: 3, number: 'J-1', [field]: null };
    expect(messagesAt(createSchemaOf(jobResource).safeParse(body))).toEqual([
      [field, `Job contains a null value at ${field}`],
    ]);
  });

  it.each(neverNull.filter((field) => field !== 'createdInOrderEntry'))(
    'a change that sets %s to null is refused with the rule’s text',
    (field) => {
      const body = { version: 1, [field]: null };
      expect(messagesAt(updateSchemaOf(jobResource).safeParse(body))).toEqual([
        [field, `Job contains a null value at ${field}`],
      ]);
    },
  );

  it.each([...neverNull, 'modifiedAt'])('a job read with %s null is refused by name', (field) => {
    const read = { ...jobAsRead(), [field]: null };
    expect(messagesAt(detailSchemaOf(jobResource).safeParse(read))).toEqual([
      [field, `Job contains a null value at ${field}`],
    ]);
    expect(messagesAt(rowSchemaOf(jobResource).safeParse(read))).toEqual([
      [field, `Job contains a null value at ${field}`],
    ]);
  });

  it('leaves the other values alone: defaults, a wrong type, and a site not located yet', () => {
    const created = createSchemaOf(jobResource).parse({ customerId: 3, number: 'J-1' });
    expect(created).toMatchObject({ jobTypeId: 0, lockedFlag: false, gpsLat: null, gpsLon: null });
    expect(messagesAt(createSchemaOf(jobResource).safeParse({ number: 'J-1' }))).toEqual([
      ['customerId', 'is required'],
    ]);
    expect(
      messagesAt(
        createSchemaOf(jobResource).safeParse({ customerId: 3, number: 'J-1', lockedFlag: 'y' }),
      ),
    ).toEqual([['lockedFlag', 'must be true or false']]);
    expect(detailSchemaOf(jobResource).safeParse(jobAsRead()).success).toBe(true);
  });
});
