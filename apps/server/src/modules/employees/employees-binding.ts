/**
 * Where employees and drivers live (R-RES-1): the employees table with its driver row (drivers,
 * by employee_id) as the single 'driver' child, and the drivers table for the trucks' pick list.
 *
 * Before an employee is written, a blank complete name is made from the name's parts, and a sent
 * national identifier is sealed (R-NATID-1): the clear value never reaches the table, only its
 * AES-256-GCM ciphertext and its last four characters do.
 */
import { sql } from 'drizzle-orm';
import { composedName } from '@dispatch/domain/resources/employees';
import { employees } from '../../db/schema/employees';
import { drivers } from '../../db/schema/trucks';
import { dataEncryptionKey, nationalIdentifierColumns } from './national-identifier';
import type { PendingWrite, ResourceBinding } from '../../resources/resource-binding';

/** The record as it will be: what is stored, with what was sent over it. */
function merged(write: PendingWrite): Record<string, unknown> {
  const sent = Object.entries(write.body).filter(([, value]) => value !== undefined);
  return { ...write.current, ...Object.fromEntries(sent) };
}

function fillCompleteName(write: PendingWrite): void {
  const record = merged(write);
  const complete = typeof record.completeName === 'string' ? record.completeName.trim() : '';
  // The definition's rule has made sure there is something to make it from.
  if (complete === '') write.values.completeName = composedName(record);
}

function sealNationalIdentifier(write: PendingWrite): void {
  const sent = write.body.nationalIdentifier;
  if (sent === undefined) return;
  if (sent !== null && typeof sent !== 'string') return;
  const env = write.env;
  const key = () => {
    if (!env)
      throw new Error('No data encryption key: national identifiers are written by the API.');
    return dataEncryptionKey(env);
  };
  Object.assign(write.values, nationalIdentifierColumns(key, sent));
}

export const employeeBinding: ResourceBinding = {
  table: employees,
  modifiedAtKey: 'modifiedDateTime',
  children: { driver: { table: drivers, parentKey: 'employeeId' } },
  prepareWrite: (_tx, write) => {
    fillCompleteName(write);
    sealNationalIdentifier(write);
    return Promise.resolve();
  },
  // An employee's driver row carries the employee's name, for the trucks' pick list and tickets.
  afterWrite: async (tx, id, action) => {
    if (action !== 'created' && action !== 'updated') return;
    await tx.execute(sql`
      update drivers set name = employees.complete_name
        from employees
       where employees.id = ${id} and drivers.employee_id = employees.id
         and drivers.name is distinct from employees.complete_name`);
  },
};

export const driverBinding: ResourceBinding = { table: drivers };
