/**
 * The typed query (R-NLQ-2): what a question means, as a tree the parser, the optional model and
 * the screen's editable parts all produce, and the only thing the server compiles to SQL. Every
 * name in it is a key of the catalogue, so a query naming another view or column fails here, with
 * the field that is wrong (R-NLQ-4).
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDay } from '../dates/calendar-day';
import { orderStatuses } from '../orders/order-status';
import { systemTypes } from '../system-types';
import { truckStatuses } from '../trucks/truck-status';
import {
  dimensionInView,
  measureView,
  nlqDatedViews,
  nlqDefaultRows,
  nlqDimensionKeys,
  nlqFilterFields,
  nlqMaxDimensions,
  nlqMaxFilterValues,
  nlqMaxRows,
  nlqMeasureKeys,
  nlqViews,
  type NlqFilterField,
} from './nlq-catalogue';

const day = calendarDay('must be a date (YYYY-MM-DD)');

export const nlqFilterValueSchema = z.strictObject({
  id: z.int('must be a whole number').min(0, 'must be an id').max(int4Max, 'must be an id'),
  /** The name shown on the chip (an entity's name, or a status's key). */
  label: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});
export type NlqFilterValue = z.infer<typeof nlqFilterValueSchema>;

export const nlqFilterSchema = z.strictObject({
  field: z.enum(nlqFilterFields, { error: 'is not a field questions can filter by' }),
  values: z
    .array(nlqFilterValueSchema)
    .min(1, 'choose at least one value')
    .max(nlqMaxFilterValues, `must list at most ${nlqMaxFilterValues} values`),
});
export type NlqFilter = z.infer<typeof nlqFilterSchema>;

export const nlqDateRangeSchema = z
  .strictObject({ from: day, to: day })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'must not be before from' });
export type NlqDateRange = z.infer<typeof nlqDateRangeSchema>;

export const nlqSortSchema = z.strictObject({
  by: z.enum(['measure', 'dimension'], { error: 'must be measure or dimension' }),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }),
});
export type NlqSort = z.infer<typeof nlqSortSchema>;

/** The ids a code filter may name. */
const codeIds: Partial<Record<NlqFilterField, readonly number[]>> = {
  orderStatus: orderStatuses.map((status) => status.id),
  truckStatus: truckStatuses.map((status) => status.id),
  systemType: systemTypes.map((type) => type.id),
};

export const nlqQuerySchema = z
  .strictObject({
    view: z.enum(nlqViews, { error: 'is not a view questions can read' }),
    measure: z.enum(nlqMeasureKeys, { error: 'is not a measure questions can ask for' }),
    dimensions: z
      .array(z.enum(nlqDimensionKeys, { error: 'is not a dimension questions can group by' }))
      .max(nlqMaxDimensions, `must list at most ${nlqMaxDimensions} dimensions`)
      .default([]),
    filters: z.array(nlqFilterSchema).max(8, 'must list at most 8 filters').default([]),
    dateRange: nlqDateRangeSchema.nullable().default(null),
    sort: nlqSortSchema.default({ by: 'measure', direction: 'desc' }),
    limit: z
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(nlqMaxRows, `must be at most ${nlqMaxRows}`)
      .default(nlqDefaultRows),
  })
  .superRefine((query, context) => {
    if (measureView(query.measure) !== query.view) {
      context.addIssue({
        code: 'custom',
        path: ['measure'],
        message: `is not a measure of ${query.view}`,
      });
    }
    query.dimensions.forEach((dimension, index) => {
      if (!dimensionInView(dimension, query.view)) {
        context.addIssue({
          code: 'custom',
          path: ['dimensions', index],
          message: `is not a dimension of ${query.view}`,
        });
      } else if (query.dimensions.indexOf(dimension) !== index) {
        context.addIssue({ code: 'custom', path: ['dimensions', index], message: 'is repeated' });
      }
    });
    query.filters.forEach((filter, index) => {
      if (!dimensionInView(filter.field, query.view)) {
        context.addIssue({
          code: 'custom',
          path: ['filters', index, 'field'],
          message: `is not a field of ${query.view}`,
        });
        return;
      }
      const allowed = codeIds[filter.field];
      filter.values.forEach((value, valueIndex) => {
        if (allowed && !allowed.includes(value.id)) {
          context.addIssue({
            code: 'custom',
            path: ['filters', index, 'values', valueIndex, 'id'],
            message: `is not a ${filter.field}`,
          });
        }
      });
    });
    if (query.dateRange && !nlqDatedViews.includes(query.view)) {
      context.addIssue({
        code: 'custom',
        path: ['dateRange'],
        message: `${query.view} have no date: ask about them now`,
      });
    }
  });

/** A typed query as sent (defaults not yet applied). */
export type NlqQueryInput = z.input<typeof nlqQuerySchema>;
/** A typed query as checked, every default applied. */
export type NlqQuery = z.output<typeof nlqQuerySchema>;

/** The problems of a typed query, as every 400 names them: the field's path and the reason. */
export function nlqQueryProblems(
  value: unknown,
  prefix = 'query',
): { field: string; reason: string }[] {
  const parsed = nlqQuerySchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].join('.'),
    reason: issue.message,
  }));
}
