import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formPermissionRecordSchema } from './form-permission';

describe('R-ENTITY-35: form permission', () => {
  it('holds a form id and a permission from 1 to 6', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 9 }), (permission) => {
        const ok = formPermissionRecordSchema.safeParse({ formId: 15000, permission }).success;
        expect(ok).toBe(permission >= 1 && permission <= 6);
      }),
    );
    expect(formPermissionRecordSchema.parse({ formId: 22000, permission: 5 })).toEqual({
      formId: 22000,
      permission: 5,
    });
  });
});
