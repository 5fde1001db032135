/** Jobs: a customer's delivery site, with its tax, credit and quote. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  addressColumns,
  coordinate,
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  version,
} from './columns';
import { customers } from './customers';
import { jobTypes, suburbs, taxSchedules } from './lookups';
import { plants } from './plants';
import { quotes } from './quotes';

/**
 * The spec's non-null job fields (section 5) are not null here; gpsLat and gpsLon default to
 * "empty", which is null, since a site may not be located yet.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identityId(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    customerJobNumber: text(),
    customerPoNumber: text(),
    number: text().notNull(),
    ...addressColumns(),
    gpsLat: coordinate(),
    gpsLon: coordinate(),
    jobTypeId: integer()
      .notNull()
      .default(0)
      .references(() => jobTypes.id),
    lockedFlag: boolean().notNull().default(false),
    nontaxableFlag: boolean().notNull().default(false),
    inactiveFlag: boolean().notNull().default(false),
    createdInOrderEntry: boolean().notNull().default(false),
    creditLimit: money(),
    jobLimit: money(),
    lotOrBlockNumber: text(),
    // A map-book reference ("page 12 C4"), not a key of ours.
    mapReferenceId: text(),
    plantId: integer().references(() => plants.id),
    quoteId: integer().references(() => quotes.id),
    // Kept beside quoteId: the classic system and printed tickets show the quote as typed.
    quoteNumber: text(),
    quoteDescription: text(),
    suburbId: integer().references(() => suburbs.id),
    taxScheduleId: integer().references(() => taxSchedules.id),
    clientUseTaxFlag: boolean().notNull().default(false),
    phoneNumber: text(),
    phoneExtension: text(),
    faxNumber: text(),
    publicWorksDirNumber: text(),
    importSetupKey: text(),
    modifiedDateTime: modifiedAt(),
    modifiedBy: modifiedBy(),
    version: version(),
  },
  (t) => [
    index('jobs_customer_id_idx').on(t.customerId),
    index('jobs_quote_id_idx').on(t.quoteId),
    nonNegativeCheck('jobs_limits_check', t.creditLimit, t.jobLimit),
    // A location is both coordinates or neither.
    check('jobs_gps_pair_check', sql`(${t.gpsLat} is null) = (${t.gpsLon} is null)`),
    check('jobs_gps_lat_check', sql`${t.gpsLat} between -90 and 90`),
    check('jobs_gps_lon_check', sql`${t.gpsLon} between -180 and 180`),
  ],
);
