/**
 * R-INV-13: the nightly invoicing on the job queue (ADR 013). The minute's ticker (run by one
 * process a minute) claims the day's run once the server's clock reaches the system parameter
 * autoInvoiceTime; the claim moves the last claimed day in one conditional write, so of several
 * processes ticking at once exactly one queues the run. The run invoices the delivered tickets of
 * the customers set to invoice automatically, as Flag Invoice does (R-INV-5), in the name of
 * 'auto-invoice'; the tickets are locked and checked again as it writes, so a run repeated for
 * the same day (a retry, a second delivery) finds them invoiced and makes no second invoice.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  nightlyInvoicingParamsSchema,
  nightlyInvoicingUser,
  nightlyRunDays,
  nightlyRunDue,
  nightlyRunMessage,
  nightlyRunTitle,
  type NightlyInvoicingParams,
} from '@dispatch/domain/invoicing/nightly-invoicing';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { systemParameters } from '../../db/schema/settings';
import { tickets } from '../../db/schema/tickets';
import type { JobHandler } from '../../jobs/job-handler';
import { defaultJobLanguage } from '../../jobs/job-language';
import type { JobRunner, JobTicker } from '../../jobs/job-runner';
import { readSystemParameter } from '../settings/system-parameters.service';
import { openDeliveredTickets, ticketDay } from './invoice-candidates.service';
import { invoiceWhatMayBe, type TicketLeft } from './invoice-writes.service';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';

/**
 * The last day a run was claimed for, kept beside the parameters (as companyName is): not a
 * parameter of the catalogue, so no screen lists or changes it.
 */
const claimKey = 'autoInvoiceLastDay';

async function lastClaimedDay(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, claimKey));
  return typeof row?.value === 'string' ? row.value : null;
}

/** Moves the last claimed day from `previous` to `day`; true only for the write that did. */
async function claimRun(db: Db, day: string, previous: string | null, now: Date) {
  const claimed =
    previous === null
      ? await db
          .insert(systemParameters)
          .values({
            key: claimKey,
            value: day,
            description: 'The last day the nightly invoicing ran for (R-INV-13).',
            modifiedAt: now,
          })
          .onConflictDoNothing()
          .returning({ key: systemParameters.key })
      : await db
          .update(systemParameters)
          .set({ value: day, version: sql`${systemParameters.version} + 1`, modifiedAt: now })
          .where(
            and(
              eq(systemParameters.key, claimKey),
              sql`${systemParameters.value} #>> '{}' = ${previous}`,
            ),
          )
          .returning({ key: systemParameters.key });
  return claimed.length > 0;
}

type Logger = { warn(object: object, message?: string): void };

/** The minute's ticker: the day's run, queued once when its time has come. */
export function nightlyInvoicingTicker(logger: Logger): JobTicker {
  return async ({ database, connection, now, enqueue }) => {
    const { db } = connection;
    const previous = await lastClaimedDay(db);
    const day = nightlyRunDue(
      { today: ticketDay(now), time: formatTimeOfDay(now) },
      await readSystemParameter(db, 'autoInvoiceTime'),
      previous,
    );
    if (day === null) return;
    // A database where no customer invoices automatically has no run to make.
    const [anyone] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.autoInvoiceFlag, true))
      .limit(1);
    if (!anyone || !(await claimRun(db, day, previous, now))) return;
    try {
      await enqueue({
        kind: 'autoInvoice',
        // Nobody asks for it: titled in the language of a job run for no one (job-language.ts).
        title: nightlyRunTitle(day, defaultJobLanguage),
        params: { day } satisfies NightlyInvoicingParams,
        requestedByUserId: null,
        requestedBy: nightlyInvoicingUser,
      });
    } catch (error) {
      logger.warn({ err: error, database, day }, 'the nightly invoicing could not be queued');
    }
  };
}

/**
 * The run for `day`: the open delivered tickets of the day and the day before of the customers set
 * to invoice automatically, one invoice per customer dated `day`; what may not be invoiced is left.
 */
export async function invoiceNightly(
  db: Db,
  run: { day: string; now: Date },
): Promise<{ made: InvoiceSummary[]; left: TicketLeft[] }> {
  const { from, to } = nightlyRunDays(run.day);
  const open = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...openDeliveredTickets(from, to), eq(customers.autoInvoiceFlag, true)))
    .orderBy(asc(tickets.id));
  if (open.length === 0) return { made: [], left: [] };
  return invoiceWhatMayBe(
    db,
    { ticketIds: open.map((ticket) => ticket.id), invoiceDate: run.day },
    {
      userId: null,
      username: nightlyInvoicingUser,
      now: run.now,
      allowedSystemTypeIds: Object.values(systemTypeIds),
    },
  );
}

export const nightlyInvoicingJob: JobHandler<NightlyInvoicingParams> = {
  kind: 'autoInvoice',
  params: nightlyInvoicingParamsSchema,
  retryLimit: 3,
  expireInSeconds: 15 * 60,
  async run(context, { day }) {
    const { made, left } = await invoiceNightly(context.db, { day, now: context.now() });
    const ticketCount = made.reduce((sum, invoice) => sum + invoice.ticketCount, 0);
    return {
      message: nightlyRunMessage(
        { invoices: made.length, tickets: ticketCount, left: left.length },
        context.job.language,
      ),
      result: {
        day,
        invoiceIds: made.map((invoice) => invoice.id),
        invoiceNumbers: made.map((invoice) => invoice.number),
        ticketsLeft: left,
      },
    };
  },
};

/** Wires the nightly invoicing into a job queue: its kind, and the ticker that queues it. */
export function wireNightlyInvoicing(
  jobs: Pick<JobRunner, 'register' | 'addTicker'>,
  logger: Logger,
) {
  jobs.register(nightlyInvoicingJob);
  jobs.addTicker(nightlyInvoicingTicker(logger));
}
