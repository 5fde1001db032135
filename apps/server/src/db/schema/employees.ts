/** Employees: drivers, batchmen, salesmen and office staff alike. */
import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userProfiles } from './auth';
import {
  addressColumns,
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  version,
} from './columns';
import { employeeTypes } from './lookups';
import { plants } from './plants';

export const employees = pgTable(
  'employees',
  {
    id: identityId(),
    employeeNumber: text().notNull().unique('employees_employee_number_unique'),
    firstName: text(),
    middleName: text(),
    lastName: text(),
    completeName: text().notNull(),
    ...addressColumns(),
    businessPhoneNumber: text(),
    cellPhoneNumber: text(),
    homePhoneNumber: text(),
    pagerNumber: text(),
    emailAddress: text(),
    hireDate: date({ mode: 'string' }),
    birthDate: date({ mode: 'string' }),
    payRate: money(),
    homePlantId: integer().references(() => plants.id),
    employeeTypeId: integer().references(() => employeeTypes.id),
    userProfileId: integer().references(() => userProfiles.id, { onDelete: 'set null' }),
    inactiveFlag: boolean().notNull().default(false),
    punchOutFlag: boolean().notNull().default(false),
    emailTicketOnSubmit: boolean().notNull().default(false),
    licenseNumber: text(),
    modifiedDateTime: modifiedAt(),
    modifiedBy: modifiedBy(),
    ticketWriterFormatFileAggregate: text(),
    ticketWriterFormatFileBlock: text(),
    ticketWriterFormatFileConcrete: text(),
    /**
     * R-SENSITIVE (R-NATID-1): the national identifier is never stored in clear. It is kept
     * encrypted with AES-256-GCM under the installation's key (modules/employees/national-
     * identifier.ts), revealed only to level 5; the last four characters are all a screen shows.
     */
    nationalIdentifierEncrypted: text(),
    nationalIdentifierLast4: char({ length: 4 }),
    version: version(),
  },
  (t) => [
    index('employees_home_plant_id_idx').on(t.homePlantId),
    index('employees_complete_name_lower_idx').on(sql`lower(${t.completeName})`),
    index('employees_user_profile_id_idx').on(t.userProfileId),
    nonNegativeCheck('employees_pay_rate_check', t.payRate),
    check(
      'employees_national_identifier_last4_check',
      sql`${t.nationalIdentifierLast4} ~ '^[0-9A-Za-z]{4}$'`,
    ),
  ],
);
