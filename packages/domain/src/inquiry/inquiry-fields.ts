/**
 * What ticket inquiry and invoice inquiry filter by alike (R-INQ-2, R-INQ-7): record ids, a PO's
 * text, a business-day range and paging. Query strings arrive as text, so numbers are coerced; a
 * filter the screen leaves empty is not sent.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { apiEnvelopeSchema } from '../api/envelope';
import { calendarDaySchema } from '../dates/calendar-day';

/** An id in a query string: a whole number naming a row. */
export const inquiryIdSchema = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be an id' })
  .max(int4Max, { error: 'must be an id' });

/** A document number (ticket, invoice) as typed: a whole number from 1. */
export const documentNumberSchema = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(int4Max, { error: 'is too large' });

/** A PO number or part of it; PostgreSQL text cannot hold NUL. */
export const poSearchSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be blank' })
  .max(50, { error: 'must be at most 50 characters' })
  .refine((value) => !value.includes('\0'), { error: 'must not contain NUL' });

/** The filters both inquiries share, besides their own. */
export const inquiryFilterFields = {
  customerId: inquiryIdSchema.optional(),
  jobId: inquiryIdSchema.optional(),
  po: poSearchSchema.optional(),
  /** Business days (the server's zone), both included. */
  dateFrom: calendarDaySchema.optional(),
  dateTo: calendarDaySchema.optional(),
  plantId: inquiryIdSchema.optional(),
};

/** Paging of an inquiry list: a block of rows at a time, as the grid asks for them. */
export const inquiryPageFields = {
  order: z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }).default('desc'),
  offset: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .default(0),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(500, { error: 'must be at most 500' })
    .default(100),
};

/** R-INQ-2: a range whose end is before its start matches nothing: refused, naming `dateTo`. */
export function dateRangeInOrder(query: { dateFrom?: string; dateTo?: string }): boolean {
  return !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo;
}
export const dateRangeProblem = { path: ['dateTo'], error: 'must not be before dateFrom' };

/** R-INQ-3: a list's export: the same filters and sort, as CSV or an Excel workbook. */
export const inquiryExportFormats = ['csv', 'xlsx'] as const;
export type InquiryExportFormat = (typeof inquiryExportFormats)[number];
export const inquiryExportFormatSchema = z
  .enum(inquiryExportFormats, { error: "must be 'csv' or 'xlsx'" })
  .default('csv');

/** R-INQ-3: the most rows one export writes; a larger one is a report. */
export const inquiryExportRowLimit = 50_000;

/**
 * R-INQ-3: counting every match of a broad search on years of tickets costs more than the page
 * itself, so a count stops here: `countCapped` says more match than `count`.
 */
export const inquiryCountCap = 10_000;

/** R-INQ-3: an inquiry list's answer: section 7's envelope, and whether its count is capped. */
export function inquiryListSchema<T extends z.ZodType>(row: T) {
  return apiEnvelopeSchema(z.array(row)).extend({ countCapped: z.boolean() });
}
export type InquiryList<Row> = { error: boolean; count: number; data: Row[]; countCapped: boolean };

/**
 * R-INQ-5: what Enter on a typed number does: one match opens it. Ticket numbers count per plant,
 * so a number may name a ticket at several plants: those are listed to choose from.
 */
export function recordToOpen(matches: readonly { id: number }[]): number | null {
  return matches.length === 1 ? matches[0]!.id : null;
}
