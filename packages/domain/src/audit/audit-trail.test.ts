import { describe, expect, it } from 'vitest';
import { auditQuerySchema, auditValueText, changedFields, sameValue } from './audit-trail';

/** R-AUDIT-2: the changed fields of an entry, from the record before and after. */
describe('changedFields', () => {
  const before = {
    id: 3,
    description: 'Mixer 10 yd',
    maxLoadQuantity: 10,
    inactiveFlag: false,
    version: 1,
    modifiedAt: '2026-01-01T00:00:00.000Z',
    modifiedBy: 'admin',
    labels: {},
  };

  it('lists the fields an update changed, before and after, and no bookkeeping', () => {
    const after = { ...before, maxLoadQuantity: 11, version: 2, modifiedBy: 'maria' };
    expect(changedFields(before, after)).toEqual([
      { field: 'maxLoadQuantity', before: 10, after: 11 },
    ]);
  });

  it('lists what a creation set and what a deletion removed, without empty values', () => {
    expect(changedFields(null, { ...before, notes: '', rows: [] })).toEqual([
      { field: 'description', before: null, after: 'Mixer 10 yd' },
      { field: 'maxLoadQuantity', before: null, after: 10 },
    ]);
    expect(changedFields(before, null).map((change) => change.field)).toEqual([
      'description',
      'maxLoadQuantity',
    ]);
  });

  it('treats null, absent and empty text alike, and compares rows by value', () => {
    expect(
      changedFields({ notes: null, levels: [{ a: 1, b: 2 }] }, { levels: [{ b: 2, a: 1 }] }),
    ).toEqual([]);
    expect(changedFields({ levels: [{ taxLevelId: 1 }] }, { levels: [] })).toEqual([
      { field: 'levels', before: [{ taxLevelId: 1 }], after: [] },
    ]);
    expect(sameValue('', undefined)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
  });

  it('lists the fields in the order given, then the others', () => {
    const was = { b: 1, a: 1, c: 1 };
    const is = { b: 2, a: 2, c: 2 };
    expect(changedFields(was, is, ['c', 'a']).map((change) => change.field)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it("carries a reference's display text on each side", () => {
    const was = { plantId: 1, labels: { plantId: 'North' } };
    const is = { plantId: 2, labels: { plantId: 'South' } };
    expect(changedFields(was, is)).toEqual([
      { field: 'plantId', before: 1, after: 2, beforeLabel: 'North', afterLabel: 'South' },
    ]);
  });
});

describe('the audit trail query', () => {
  it('pages newest first by default, and takes dates or instants', () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(
      auditQuerySchema.parse({ from: '2026-01-01', to: '2026-01-02T10:00:00Z', page: '2' }),
    ).toMatchObject({ from: '2026-01-01', to: '2026-01-02T10:00:00Z', page: 2 });
    expect(auditQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ username: 'a\0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ pageSize: 501 }).success).toBe(false);
  });
});

describe('auditValueText', () => {
  it('writes a value as a line of text', () => {
    expect(auditValueText(null)).toBe('');
    expect(auditValueText('x')).toBe('x');
    expect(auditValueText(2.5)).toBe('2.5');
    expect(auditValueText(true)).toBe('true');
    expect(auditValueText([{ a: 1 }])).toBe('[{"a":1}]');
    expect(auditValueText(3, 'North')).toBe('North');
  });
});
