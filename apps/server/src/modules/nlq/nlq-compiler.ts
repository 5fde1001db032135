/**
 * R-NLQ-4, R-NLQ-5: a typed query into one SELECT over one whitelisted view. Identifiers come only
 * from nlq-views.ts (looked up by own key, so nothing else can be named); every value is a bound
 * parameter. The caller's system types always restrict the rows (R-NLQ-6).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NlqColumn } from '@dispatch/domain/nlq/nlq-api';
import { nlqMeasures, type NlqDimension, type NlqView } from '@dispatch/domain/nlq/nlq-catalogue';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { nlqViewSpecs, type ViewDimension, type ViewSpec } from './nlq-views';

/** A typed query that names something outside the whitelist (R-NLQ-4). */
export class NlqRefusal extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

export type CompileScope = {
  /** The system types whose rows the caller may read (R-NLQ-6). */
  readonly systemTypeIds: readonly SystemTypeId[];
  /** The server's zone, minutes east of UTC: instants fall on local days. */
  readonly offsetMinutes: number;
  /** Local midnight of a day, as the server counts days (the date range's bounds). */
  readonly startOfDay: (day: string, plusDays?: number) => Date;
};

export type CompiledQuery = {
  readonly statement: SQL;
  readonly columns: NlqColumn[];
  /** The limit asked: the statement reads one row more, to tell a cut answer. */
  readonly limit: number;
};

function own<T>(record: Readonly<Partial<Record<string, T>>>, key: string, field: string): T {
  const found = Object.hasOwn(record, key) ? record[key] : undefined;
  if (found === undefined) throw new NlqRefusal(field, `${key} is not readable here`);
  return found;
}

function viewOf(view: string): ViewSpec {
  return own(nlqViewSpecs as Record<string, ViewSpec>, view, 'query.view');
}

/** The local day of the view's date, as SQL over the whitelisted date column. */
function localDay(spec: ViewSpec, offsetMinutes: number): SQL {
  if (!spec.date) throw new NlqRefusal('query.dimensions', 'this view has no date');
  const column = sql.raw(spec.date.column);
  // A literal, not a parameter: the same expression must appear in select, group and order.
  const minutes = sql.raw(String(Math.trunc(offsetMinutes)));
  return spec.date.instant
    ? sql`(timezone('UTC', ${column}) + make_interval(mins => ${minutes}))::date`
    : sql`${column}`;
}

function periodExpression(spec: ViewSpec, period: NlqDimension, offsetMinutes: number): SQL {
  const day = localDay(spec, offsetMinutes);
  if (period === 'day') return sql`to_char(${day}, 'YYYY-MM-DD')`;
  if (period === 'week') return sql`to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
  return sql`to_char(${day}, 'YYYY-MM')`;
}

type Selected = { select: SQL[]; group: SQL[]; order: SQL };

function dimensionSql(
  spec: ViewSpec,
  dimension: NlqDimension,
  index: number,
  offsetMinutes: number,
): Selected {
  const found: ViewDimension = own(spec.dimensions, dimension, `query.dimensions.${index}`);
  const alias = sql.raw(`d${index}`);
  if (found.kind === 'period') {
    const expression = periodExpression(spec, dimension, offsetMinutes);
    return { select: [sql`${expression} as ${alias}`], group: [expression], order: expression };
  }
  if (found.kind === 'code') {
    const column = sql.raw(found.id);
    return { select: [sql`${column} as ${alias}`], group: [column], order: column };
  }
  const id = sql.raw(found.id);
  const label = sql.raw(found.label);
  const sortBy = found.sortBy ? sql.raw(found.sortBy) : undefined;
  return {
    select: [sql`${label} as ${alias}`],
    group: sortBy ? [id, label, sortBy] : [id, label],
    order: sortBy ?? label,
  };
}

/** R-NLQ-4..6: the statement for a checked typed query, within the caller's scope. */
export function compileNlqQuery(query: NlqQuery, scope: CompileScope): CompiledQuery {
  const spec = viewOf(query.view);
  const measure = sql.raw(own(spec.measures, query.measure, 'query.measure'));
  const dimensions = query.dimensions.map((dimension, index) =>
    dimensionSql(spec, dimension, index, scope.offsetMinutes),
  );
  const systemTypes = scope.systemTypeIds.length > 0 ? scope.systemTypeIds : [0];
  const where: SQL[] = [
    sql`${sql.raw(spec.systemType)} in (${sql.join(
      systemTypes.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  ];
  query.filters.forEach((filter, index) => {
    const found = own(spec.dimensions, filter.field, `query.filters.${index}.field`);
    if (found.kind === 'period') {
      throw new NlqRefusal(`query.filters.${index}.field`, 'a period is not a filter');
    }
    const ids = filter.values.map((value) => sql`${value.id}`);
    where.push(sql`${sql.raw(found.id)} in (${sql.join(ids, sql`, `)})`);
  });
  if (query.dateRange) {
    if (!spec.date) throw new NlqRefusal('query.dateRange', `${query.view} have no date`);
    const column = sql.raw(spec.date.column);
    if (spec.date.instant) {
      const from = scope.startOfDay(query.dateRange.from).toISOString();
      const to = scope.startOfDay(query.dateRange.to, 1).toISOString();
      where.push(sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`);
    } else {
      where.push(
        sql`${column} between ${query.dateRange.from}::date and ${query.dateRange.to}::date`,
      );
    }
  }
  const select = [...dimensions.flatMap((dimension) => dimension.select), sql`${measure} as m`];
  const group = dimensions.flatMap((dimension) => dimension.group);
  // A breakdown of a quantity leaves out what has none (aggregate plants in yards of concrete).
  const having =
    group.length > 0 && nlqMeasures[query.measure].kind !== 'count'
      ? sql` having ${measure} <> 0`
      : sql``;
  const direction = sql.raw(query.sort.direction);
  const byDimension = dimensions.map((dimension) => sql`${dimension.order} ${direction}`);
  const order =
    query.sort.by === 'dimension' && byDimension.length > 0
      ? [...byDimension, sql`m desc`]
      : [sql`m ${direction}`, ...dimensions.map((dimension) => dimension.order)];
  const statement = sql`select ${sql.join(select, sql`, `)} from ${sql.raw(spec.relation)} where ${sql.join(
    where,
    sql` and `,
  )}${group.length > 0 ? sql` group by ${sql.join(group, sql`, `)}` : sql``}${having}${
    order.length > 0 ? sql` order by ${sql.join(order, sql`, `)}` : sql``
  } limit ${query.limit + 1}`;
  const columns: NlqColumn[] = [
    ...query.dimensions.map((dimension) => ({
      key: dimension,
      role: 'dimension' as const,
      dimension,
    })),
    { key: query.measure, role: 'measure', measure: query.measure },
  ];
  return { statement, columns, limit: query.limit };
}

export function viewSpecOf(view: NlqView): ViewSpec {
  return viewOf(view);
}
