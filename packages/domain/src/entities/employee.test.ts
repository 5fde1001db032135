import { describe, expect, it } from 'vitest';
import { employeeSchema, employeeWriteSchema } from './employee';

describe('R-ENTITY-7: employee', () => {
  it('defaults inactiveFlag to false', () => {
    expect(employeeSchema.parse({ id: 1 }).inactiveFlag).toBe(false);
  });

  it('has the listed fields', () => {
    const employee = employeeSchema.parse({ id: 1 });
    for (const field of [
      'employeeNumber',
      'firstName',
      'middleName',
      'lastName',
      'completeName',
      'address1',
      'address7',
      'businessPhoneNumber',
      'cellPhoneNumber',
      'homePhoneNumber',
      'pagerNumber',
      'emailAddress',
      'hireDate',
      'birthDate',
      'payRate',
      'homePlantId',
      'employeeTypeId',
      'userProfileId',
      'punchOutFlag',
      'emailTicketOnSubmit',
      'licenseNumber',
      'modifiedDateTime',
      'ticketWriterFormatFileAggregate',
      'ticketWriterFormatFileBlock',
      'ticketWriterFormatFileConcrete',
      'nationalIdentifierLast4',
    ]) {
      expect(employee, field).toHaveProperty(field);
    }
  });

  it('never carries the national identifier in clear when read', () => {
    const read = employeeSchema.parse({
      id: 1,
      nationalIdentifier: '123-45-6789',
      nationalIdentifierLast4: '6789',
    });
    expect(read).not.toHaveProperty('nationalIdentifier');
    expect(read.nationalIdentifierLast4).toBe('6789');
    expect(employeeSchema.safeParse({ id: 1, nationalIdentifierLast4: '123456789' }).success).toBe(
      false,
    );
  });

  it('accepts the clear national identifier on write only', () => {
    const written = employeeWriteSchema.parse({ id: 1, nationalIdentifier: ' 123-45-6789 ' });
    expect(written.nationalIdentifier).toBe('123-45-6789');
    expect(written).not.toHaveProperty('nationalIdentifierLast4');
    expect(employeeWriteSchema.parse({ id: 1 }).nationalIdentifier).toBeUndefined();
    expect(employeeWriteSchema.parse({ id: 1, nationalIdentifier: null }).nationalIdentifier).toBe(
      null,
    );
    for (const bad of ['12', '---', 'x'.repeat(21), '12345;DROP']) {
      expect(employeeWriteSchema.safeParse({ id: 1, nationalIdentifier: bad }).success, bad).toBe(
        false,
      );
    }
  });

  it('checks the email address format but allows none', () => {
    expect(employeeSchema.parse({ id: 1 }).emailAddress).toBe('');
    expect(employeeSchema.safeParse({ id: 1, emailAddress: 'ann@plant.com' }).success).toBe(true);
    expect(employeeSchema.safeParse({ id: 1, emailAddress: 'ann' }).success).toBe(false);
  });
});
