import { describe, expect, it } from 'vitest';
import {
  createSchemaOf,
  detailSchemaOf,
  recordProblems,
  rowSchemaOf,
  updateSchemaOf,
  writableFields,
} from './define';
import { composedName, driverResource, employeeResource } from './employees';
import { pickFormsOf } from './registry';
import { truckResource } from './trucks';

describe('the employee definition (R-MAINT-12)', () => {
  it('takes a national identifier on create and update, and never answers one (R-SENSITIVE)', () => {
    type Written = { nationalIdentifier?: string | null };
    const create = createSchemaOf(employeeResource) as unknown as {
      parse: (value: unknown) => Written;
    };
    const written = create.parse({ employeeNumber: '7', nationalIdentifier: ' 123-45-6789 ' });
    expect(written.nationalIdentifier).toBe('123-45-6789');
    // Blank or left out: unchanged; null: cleared.
    expect(create.parse({ employeeNumber: '7', nationalIdentifier: '  ' }).nationalIdentifier).toBe(
      undefined,
    );
    const update = updateSchemaOf(employeeResource) as unknown as {
      parse: (value: unknown) => Written;
      safeParse: ReturnType<typeof updateSchemaOf>['safeParse'];
    };
    expect(update.parse({ version: 1 })).not.toHaveProperty('nationalIdentifier');
    expect(update.parse({ version: 1, nationalIdentifier: null }).nationalIdentifier).toBeNull();
    const refused = update.safeParse({ version: 1, nationalIdentifier: '12' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['nationalIdentifier'],
      message: 'Enter a national identifier of 4 to 20 letters or digits.',
    });

    expect(writableFields(employeeResource.fields).map(([name]) => name)).not.toContain(
      'nationalIdentifier',
    );
    expect(Object.keys(rowSchemaOf(employeeResource).shape)).not.toContain('nationalIdentifier');
    expect(Object.keys(detailSchemaOf(employeeResource).shape)).toContain('driver');
    expect(employeeResource.fields.nationalIdentifierLast4?.readOnly).toBe(true);
  });

  it('makes the complete name from its parts, and wants one or the other', () => {
    expect(composedName({ firstName: ' Ann ', middleName: '', lastName: 'Lee' })).toBe('Ann Lee');
    expect(recordProblems(employeeResource, { completeName: '', firstName: 'Ann' })).toEqual([]);
    expect(recordProblems(employeeResource, { completeName: 'Ann Lee' })).toEqual([]);
    expect(recordProblems(employeeResource, { completeName: ' ', lastName: null })).toEqual([
      expect.objectContaining({ field: 'completeName' }),
    ]);
  });

  it('marks the pay rate a price (R-PERM-5), and keeps one driver row', () => {
    expect(employeeResource.fields.payRate?.price).toBe(true);
    expect(employeeResource.children.driver).toMatchObject({ single: true, section: 'driver' });
  });

  it('lets trucks and load scheduling pick drivers, and the board forms pick trucks', () => {
    expect(pickFormsOf('drivers')).toEqual(
      expect.arrayContaining(['EmployeeMaintenance', 'TruckMaintenance', 'LoadScheduling']),
    );
    expect(pickFormsOf('trucks')).toEqual(
      expect.arrayContaining(['TruckMaintenance', 'LoadScheduling', 'ConcreteTicketEntry']),
    );
    expect(driverResource.screen).toBeUndefined();
    expect(truckResource.fields.statusId?.readOnly).toBe(true);
  });
});
