/** Values as the order tables store them. */
import { parseIsoDate } from '@dispatch/domain/dates/iso-date';

/** Text '' is stored as null: "none" has one spelling in the database. */
export const storedText = (value: string) => (value === '' ? null : value);
/** The business day of an ISO date or date-time. */
export const dayOf = (value: string) => value.slice(0, 10);
export const instantOf = (value: string | null) => (value ? parseIsoDate(value) : null);
