/**
 * What one run reads (R-RPT-6): the period as instants of the business day (the server's zone,
 * as ticket lists and invoicing count days), the system types the requester may see narrowed by
 * the one asked for (R-SYS-5), and the plants, customers and products chosen. And the small SQL
 * pieces every report's statements share.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReportKey, ReportParams } from '@dispatch/domain/reports/report-catalogue';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { isUnitId, unitAbbreviation, unitDisplayName } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { startOfBusinessDay } from '../tickets/tickets.service';

export type ReportScope = {
  key: ReportKey;
  params: ReportParams;
  /** The first instant of `from` and the first instant after `to`. */
  start: Date;
  end: Date;
  /** The zone days are counted in (IANA name), for local days in SQL. */
  zone: string;
  systemTypeIds: readonly SystemTypeId[];
};

/** The server's zone: the one startOfBusinessDay counts days in. */
export const businessZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function reportScope(
  key: ReportKey,
  params: ReportParams,
  allowedSystemTypeIds: readonly SystemTypeId[],
): ReportScope {
  const wanted = params.systemTypeId;
  return {
    key,
    params,
    start: startOfBusinessDay(params.from),
    end: startOfBusinessDay(params.to, 1),
    zone: businessZone(),
    systemTypeIds: allowedSystemTypeIds.filter((id) => wanted === undefined || id === wanted),
  };
}

export type ReportContext = {
  db: Db;
  scope: ReportScope;
  /** R-JOB-4: how far the run got, for the requester's screen. */
  progress: (percent: number, message: string) => Promise<void>;
};

export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** `column` is one of `ids`; an empty choice narrows nothing. */
export const oneOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  ids.length === 0 ? sql`true` : sql`${column} = any(${intArray(ids)})`;

/** The local day (YYYY-MM-DD) of an instant. */
export const localDay = (scope: ReportScope, column: SQLWrapper): SQL =>
  sql`to_char(${column} at time zone ${scope.zone}, 'YYYY-MM-DD')`;

/** The local wall-clock time of an instant, as YYYY-MM-DD HH:MI. */
export const localDateTime = (scope: ReportScope, column: SQLWrapper): SQL =>
  sql`to_char(${column} at time zone ${scope.zone}, 'YYYY-MM-DD HH24:MI')`;

/**
 * A ticket of the period that counts: not voided (R-INV-5's rule), of the scope's system types (a
 * ticket's is its plant's, R-SYS-5), plants and customers. It reads the ticket alone (alias `t`),
 * so a month of tickets is found without reading every order of the years before it.
 */
export function liveTicketsOfPeriod(scope: ReportScope): SQL {
  const { plantIds, customerIds } = scope.params;
  return sql`t.ticket_date_time >= ${scope.start} and t.ticket_date_time < ${scope.end}
    and t.void_status_id is null and t.void_date_time is null
    and t.plant_id in (select id from plants where system_type_id = any(${intArray(scope.systemTypeIds)}))
    and ${oneOf(sql`t.plant_id`, plantIds)}
    and ${
      customerIds.length === 0
        ? sql`true`
        : sql`t.order_id in (select id from orders where customer_id = any(${intArray(customerIds)}))`
    }`;
}

/** numeric columns arrive as strings from node-postgres and PGlite alike. */
export const num = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Number(value);

export const numOrNull = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A query's rows. */
export async function rowsOf<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** A unit id as the reports print it (yd³, tn); blank for none. */
export const unitLabel = (id: number | null | undefined): string =>
  id !== null && id !== undefined && isUnitId(id) ? unitAbbreviation(id) : '';

/** A unit as a section heading: "Cubic Yards (yd³)". */
export const unitHeading = (id: number | null | undefined): string =>
  id !== null && id !== undefined && isUnitId(id)
    ? `${unitDisplayName(id)} (${unitAbbreviation(id)})`
    : 'No unit';

/**
 * A product as reports name it: "4000 psi #57" when the name holds the number as a word, else
 * "ENV Environmental fee" (two products of one name then stay apart).
 */
export const productLabel = (alias: string): SQL =>
  sql.raw(
    `case when ${alias}.description ~* ('\\m' || regexp_replace(${alias}.number, '([.^$*+?()\\[\\]{}|\\\\])', '\\\\\\1', 'g') || '\\M')
          then ${alias}.description else ${alias}.number || ' ' || ${alias}.description end`,
  );

/** A job as reports name it: its name (address line 2), else its number. */
export const jobLabel = (alias: string): SQL =>
  sql.raw(`coalesce(nullif(${alias}.address2, ''), ${alias}.number)`);
