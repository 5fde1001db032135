/**
 * The report catalogue (R-RPT-1..): which reports there are, what each asks for, and the run
 * request the server queues (R-JOB-1). One list for the server that makes the reports, the
 * reports screen that offers them and the schedules that run them.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDaySchema } from '../dates/calendar-day';
import { systemTypes } from '../system-types';
import { userLanguages } from '../users/user-language';

export const reportKeys = [
  'shippedOrders',
  'salesQuantity',
  'marketSegments',
  'materialDemand',
  'truckDemand',
  'ticketRegister',
  'orderedVsDelivered',
  'driverHours',
  'plantProduction',
  'deliveryPerformance',
] as const;
export const reportKeySchema = z.enum(reportKeys, {
  error: `must be one of ${reportKeys.join(', ')}`,
});
export type ReportKey = z.infer<typeof reportKeySchema>;

/**
 * The languages a report is made in (issue 25): the language of the user who runs it. Its
 * Spanish texts are in report-language.ts.
 */
export const reportLanguages = userLanguages;
export const reportLanguageSchema = z.enum(reportLanguages, {
  error: `must be one of ${reportLanguages.join(', ')}`,
});
export type ReportLanguage = z.infer<typeof reportLanguageSchema>;

/** The parameters a report may ask for, beyond its date range. */
export type ReportParameter = 'plants' | 'customers' | 'products' | 'systemType' | 'groupBy';

export const salesGroupings = ['product', 'customer', 'plant'] as const;
/** How sales quantity groups its rows when the run does not say (R-RPT-12). */
export const defaultSalesGrouping = 'product' satisfies (typeof salesGroupings)[number];

export type ReportDefinition = {
  key: ReportKey;
  /** English title; the web translates by key. */
  title: string;
  description: string;
  parameters: readonly ReportParameter[];
  /** It shows amounts: hidden for levels that hide prices (R-PERM-6). */
  priced: boolean;
  /** Its date range looks ahead (scheduled work) rather than back (what was shipped). */
  looksAhead: boolean;
};

export const reportCatalogue: readonly ReportDefinition[] = [
  {
    key: 'shippedOrders',
    title: 'Shipped orders',
    description: 'Orders shipped in the period with their tickets, quantities and amounts.',
    parameters: ['plants', 'customers', 'products', 'systemType'],
    priced: true,
    looksAhead: false,
  },
  {
    key: 'salesQuantity',
    title: 'Sales quantity',
    description: 'Quantity and amount sold, by product, customer or plant, with months compared.',
    parameters: ['plants', 'customers', 'products', 'systemType', 'groupBy'],
    priced: true,
    looksAhead: false,
  },
  {
    key: 'marketSegments',
    title: 'Market segments',
    description: 'Quantity and amount by job type (residential, commercial, public works, ...).',
    parameters: ['plants', 'customers', 'systemType'],
    priced: true,
    looksAhead: false,
  },
  {
    key: 'materialDemand',
    title: 'Material demand',
    description: 'Raw materials the scheduled concrete will use, per plant and day.',
    parameters: ['plants', 'products'],
    priced: false,
    looksAhead: true,
  },
  {
    key: 'truckDemand',
    title: 'Truck demand',
    description: 'Trucks needed per plant and time slot against trucks available.',
    parameters: ['plants', 'systemType'],
    priced: false,
    looksAhead: true,
  },
  {
    key: 'ticketRegister',
    title: 'Ticket register',
    description: 'Every ticket of the period in number order, voids included.',
    parameters: ['plants', 'customers', 'products', 'systemType'],
    priced: true,
    looksAhead: false,
  },
  {
    key: 'orderedVsDelivered',
    title: 'Ordered against delivered',
    description: 'Each order’s ordered quantity against what its tickets delivered.',
    parameters: ['plants', 'customers', 'products', 'systemType'],
    priced: false,
    looksAhead: false,
  },
  {
    key: 'driverHours',
    title: 'Driver hours',
    description: 'Hours per driver from the tickets’ time stamps: loads, on duty, on the job.',
    parameters: ['plants'],
    priced: false,
    looksAhead: false,
  },
  {
    key: 'plantProduction',
    title: 'Plant production',
    description: 'Loads and quantity produced per plant and day, with batched weights.',
    parameters: ['plants', 'products', 'systemType'],
    priced: false,
    looksAhead: false,
  },
  {
    // R-KPI-1..6: the dashboard's Delivery performance figures, printed for a period.
    key: 'deliveryPerformance',
    title: 'Delivery performance',
    description:
      'On-time first loads, minutes per stage, truck utilisation and quantity per truck-hour, per plant.',
    parameters: ['plants', 'systemType'],
    priced: false,
    looksAhead: false,
  },
];

export function reportDefinition(key: ReportKey): ReportDefinition {
  return reportCatalogue.find((report) => report.key === key)!;
}

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be an id')
  .max(int4Max, 'must be an id');

/** The longest period one run covers: a year of history, or of schedule ahead. */
export const reportMaxDays = 366;

export const reportParamsSchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    plantIds: z.array(id, { error: 'must be a list of plant ids' }).max(200).default([]),
    customerIds: z.array(id, { error: 'must be a list of customer ids' }).max(200).default([]),
    productIds: z.array(id, { error: 'must be a list of product ids' }).max(200).default([]),
    systemTypeId: z
      .literal(
        systemTypes.map((type) => type.id),
        { error: 'must be 1, 2 or 3' },
      )
      .optional(),
    groupBy: z.enum(salesGroupings, { error: 'must be product, customer or plant' }).optional(),
  })
  .refine((params) => params.from <= params.to, {
    path: ['to'],
    message: 'must not be before from',
  })
  .refine(
    (params) =>
      (Date.parse(`${params.to}T00:00:00Z`) - Date.parse(`${params.from}T00:00:00Z`)) / 86_400_000 <
      reportMaxDays,
    { path: ['to'], message: `must be within ${reportMaxDays} days of from` },
  );
export type ReportParams = z.output<typeof reportParamsSchema>;

export const reportFormats = ['pdf', 'csv', 'xlsx'] as const;
export const reportFormatSchema = z.enum(reportFormats, { error: 'must be pdf, csv or xlsx' });
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/** `POST /api/v1/reports/runs`: one run, queued; its files come with reportComplete_v1. */
export const reportRunRequestSchema = z.object({
  reportKey: reportKeySchema,
  params: reportParamsSchema,
  /** The language of the user who runs it: the job's title and files are made in it. */
  language: reportLanguageSchema.optional(),
  formats: z
    .array(reportFormatSchema)
    .min(1, 'choose at least one format')
    .default(['pdf', 'csv', 'xlsx'])
    .transform((list) => [...new Set(list)]),
});
export type ReportRunRequest = z.input<typeof reportRunRequestSchema>;

/** What a report job carries: the request, and the schedule that asked for it, if one did. */
export const reportJobParamsSchema = reportRunRequestSchema.extend({
  scheduleId: id.optional(),
});
export type ReportJobParams = z.output<typeof reportJobParamsSchema>;
