/**
 * Credit letters' API contract (R-CREDIT-1..R-CREDIT-20): the queries and bodies the server
 * validates and the answers the web parses. Amount fields are optional in answers: the server
 * leaves them out for levels that hide prices (R-PERM-6, R-CREDIT-17).
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDaySchema } from '../dates/calendar-day';
import { backgroundJobSchema } from '../jobs/background-jobs';

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be an id')
  .max(int4Max, 'must be an id');

const flagValue = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

const idList = z
  .string()
  .max(2000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be a comma-separated list of ids')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.every((each) => each <= int4Max), 'must be a comma-separated list of ids');

const positiveMoney = z
  .number({ error: 'must be an amount' })
  .positive('must be more than 0')
  .max(9_999_999_999, 'is too large')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be to the cent');

/** An amount in an answer: absent for a level that hides prices. */
const amount = z.number().optional();

/** The names of every amount these answers carry: what a level that hides prices never gets. */
export const creditAmountFields = [
  'balance',
  'pastDueAmount',
  'creditLimit',
  'overLimitAmount',
  'unapplied',
  'aging',
  'total',
  'credited',
  'paid',
  'openAmount',
  'amount',
] as const;

const amountFields: ReadonlySet<string> = new Set(creditAmountFields);

/** R-CREDIT-17: a deep copy without any amount, at any depth. */
export function withoutAmounts<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutAmounts(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!amountFields.has(key)) copy[key] = withoutAmounts(field);
  }
  return copy as T;
}

/** The most customers one candidates answer lists, and one run writes to. */
export const letterCustomerLimit = 2000;

/** `GET /api/v1/credit-letters/candidates` (R-CREDIT-11): each condition given narrows. */
export const creditCandidatesQuerySchema = z.object({
  overLimit: flagValue.optional(),
  minDaysPastDue: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .optional(),
  creditStatusIds: idList.optional(),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(letterCustomerLimit).default(500),
});
export type CreditCandidatesQuery = z.input<typeof creditCandidatesQuerySchema>;

export const lastLetterSchema = z.object({
  templateName: z.string(),
  letterDate: z.string(),
  sentBy: z.string(),
});

/** Who the customer is and where their account stands (R-CREDIT-3), as both screens list it. */
const accountShape = {
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  contactName: z.string(),
  creditStatus: z.string(),
  terms: z.string(),
  balance: amount,
  pastDueAmount: amount,
  daysPastDue: z.number(),
  creditLimit: z.number().nullable().optional(),
  overLimitAmount: amount,
  overLimit: z.boolean(),
};

export const creditCandidateSchema = z.object({
  ...accountShape,
  creditStatusId: z.number().nullable(),
  lastLetter: lastLetterSchema.nullable(),
});
export type CreditCandidate = z.infer<typeof creditCandidateSchema>;

export const creditCandidatesSchema = z.object({
  asOf: z.string(),
  count: z.number(),
  truncated: z.boolean(),
  data: z.array(creditCandidateSchema),
  /** The credit statuses the filter offers (the lookup, which the form may not read itself). */
  creditStatuses: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CreditCandidates = z.infer<typeof creditCandidatesSchema>;

const templateText = {
  subject: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters'),
  body: z.string({ error: 'must be text' }).max(20_000, 'must be at most 20000 characters'),
};

/** `POST /api/v1/credit-letters/preview` (R-CREDIT-10): the editor's text, unsaved. */
export const letterPreviewBodySchema = z.object({
  ...templateText,
  languageId: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }).default(1),
  customerId: id,
});
export type LetterPreviewBody = z.input<typeof letterPreviewBodySchema>;

export const letterPreviewSchema = z.object({
  subject: z.string(),
  body: z.string(),
  customerName: z.string(),
  letterDate: z.string(),
  /** The address block the letter prints above the subject. */
  address: z.array(z.string()),
  customerNumber: z.string(),
  /** The producer's name and address lines, and who signs: as the printed letter has them. */
  letterhead: z.object({ name: z.string(), lines: z.array(z.string()) }),
  senderName: z.string(),
  amountsHidden: z.boolean(),
});
export type LetterPreview = z.infer<typeof letterPreviewSchema>;

/** `GET /api/v1/credit-letters/templates/{id}/preview.pdf` (R-CREDIT-10). */
export const letterPdfPreviewQuerySchema = z.object({ customerId: id });

/** `POST /api/v1/credit-letters/runs` (R-CREDIT-12): one letter per customer, as one PDF. */
export const letterRunBodySchema = z.object({
  templateId: id,
  customerIds: z
    .array(id, { error: 'must be a list of customer ids' })
    .min(1, 'choose at least one customer')
    .max(letterCustomerLimit, `must list at most ${letterCustomerLimit} customers`)
    .transform((list) => [...new Set(list)]),
});
export type LetterRunBody = z.input<typeof letterRunBodySchema>;

/** What the queued job carries (R-CREDIT-12): the request, and whether its owner may see amounts. */
export const letterJobParamsSchema = z.object({
  templateId: z.number().int().min(1),
  customerIds: z.array(z.number().int().min(1)).min(1).max(letterCustomerLimit),
  hideAmounts: z.boolean(),
});
export type LetterJobParams = z.infer<typeof letterJobParamsSchema>;

export const letterRunSchema = backgroundJobSchema;

/** R-CREDIT-14: one letter sent to one customer. */
export const sentLetterSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  templateId: z.number().nullable(),
  templateName: z.string(),
  subject: z.string(),
  letterDate: z.string(),
  sentAt: z.string(),
  sentBy: z.string(),
  jobId: z.number().nullable(),
  balance: amount,
  pastDueAmount: amount,
  daysPastDue: z.number(),
});
export type SentLetter = z.infer<typeof sentLetterSchema>;

/** `GET /api/v1/credit-letters/history` (R-CREDIT-15). */
export const sentLettersQuerySchema = z.object({
  customerId: id.optional(),
  jobId: id.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type SentLettersQuery = z.input<typeof sentLettersQuerySchema>;

export const customerLettersQuerySchema = sentLettersQuerySchema.pick({ limit: true });

export const openInvoiceSchema = z.object({
  invoiceId: z.number(),
  number: z.number(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  total: amount,
  credited: amount,
  paid: amount,
  openAmount: amount,
  daysPastDue: z.number(),
});
export type OpenInvoiceRow = z.infer<typeof openInvoiceSchema>;

export const paymentApplicationSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  amount,
});

export const customerPaymentSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  paymentDate: z.string(),
  amount,
  reference: z.string(),
  unapplied: amount,
  applications: z.array(paymentApplicationSchema),
  createdAt: z.string(),
  createdBy: z.string(),
  version: z.number(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** `GET /api/v1/credit-letters/accounts/{customerId}` (R-CREDIT-16): the customer's account. */
export const customerAccountSchema = z.object({
  ...accountShape,
  asOf: z.string(),
  address: z.array(z.string()),
  netDays: z.number(),
  unapplied: amount,
  aging: z
    .object({
      current: z.number(),
      days1To30: z.number(),
      days31To60: z.number(),
      days61To90: z.number(),
      over90: z.number(),
    })
    .optional(),
  openInvoices: z.array(openInvoiceSchema),
  payments: z.array(customerPaymentSchema),
  letters: z.array(sentLetterSchema),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** `POST /api/v1/customer-payments` (R-CREDIT-5): applied as sent, or oldest due first. */
export const createPaymentBodySchema = z.object({
  customerId: id,
  paymentDate: calendarDaySchema,
  amount: positiveMoney,
  reference: z
    .string({ error: 'must be text' })
    .trim()
    .max(60, 'must be at most 60 characters')
    .default(''),
  applications: z
    .array(z.object({ invoiceId: id, amount: positiveMoney }))
    .max(500, 'must list at most 500 invoices')
    .optional(),
});
export type CreatePaymentBody = z.input<typeof createPaymentBodySchema>;
export type CreatePaymentRequest = z.infer<typeof createPaymentBodySchema>;

export const customerPaymentsQuerySchema = z.object({
  customerId: id,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
