/**
 * The demo's receivables and form letters (R-CREDIT). Two steps around the invoiced history:
 *
 * - `seedOpeningBalances`, before it: the customers on credit hold or in collections still owe
 *   invoices from two to five months ago (their orders are held now, so the history has none of
 *   theirs), numbered first from flag invoice's gapless counter.
 * - `seedCreditLetters`, after it: the letter templates; the customers' payments, each paying its
 *   invoices as the customer's habit says (most on time, some a little late, some long late, a few
 *   running past their credit limit), so some accounts are current and some past due; and the
 *   letters already sent.
 *
 * Deterministic, like the rest of the demo.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addMoney, invoiceLineAmounts } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { addDays, daysBetween } from '@dispatch/domain/credit/receivables';
import { takeDocumentNumber } from '../src/modules/invoices/document-numbers';
import {
  readAccounts,
  readCreditCustomers,
  readOpenInvoices,
  type CreditAccount,
} from '../src/modules/credit-letters/credit-accounts.service';
import type { Tx } from '../src/db/client';
import { users } from '../src/db/schema/auth';
import { invoiceLines, invoices } from '../src/db/schema/billing';
import {
  customerLetters,
  customerPayments,
  letterTemplates,
  paymentApplications,
} from '../src/db/schema/credit-letters';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { plants } from '../src/db/schema/plants';
import { products } from '../src/db/schema/products';
import type { DemoClock } from './demo-clock';
import { demoLetterTemplates } from './demo-letter-templates';
import { createRandom, type Random } from './random';
import { creditStatusIds } from '../src/db/reference-ids';
import { insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

type Habit = 'prompt' | 'slow' | 'late' | 'overLimit' | 'hold' | 'collections';

/** Days after the due date each habit pays: [earliest, latest]; null never pays. */
const payDelay: Record<Habit, readonly [number, number] | null> = {
  prompt: [-8, 3],
  overLimit: [-5, 5],
  slow: [4, 24],
  late: [25, 60],
  hold: [80, 120],
  collections: null,
};

/** Opening invoices of a habit: the days (from today) the first and last may fall on. */
const openingDays: Partial<Record<Habit, readonly [number, number]>> = {
  collections: [-140, -70],
  hold: [-120, -55],
  late: [-95, -45],
};

/**
 * How a customer pays, the same in both steps: their credit status says it for credit hold and
 * collections; the others draw it from a source of their own id.
 */
function habitOf(customer: {
  id: number;
  creditStatusId: number | null;
  limit: number | null;
}): Habit {
  if (customer.creditStatusId === creditStatusIds.hold) return 'hold';
  if (customer.creditStatusId === creditStatusIds.collections) return 'collections';
  const drawn = createRandom(customer.id * 7919 + 104_729).weighted([
    ['prompt', 55],
    ['slow', 20],
    ['late', 15],
    ['overLimit', 10],
  ] as const);
  // One large order passes only a modest limit.
  return drawn === 'overLimit' && (customer.limit ?? 0) > 300_000 ? 'prompt' : drawn;
}

async function adminId(db: SeedDb): Promise<number | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  return admin?.id ?? null;
}

/** Old invoices of the customers who pay late, before the history is invoiced. */
export async function seedOpeningBalances(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
): Promise<void> {
  const owing = (
    await db
      .select({
        id: customers.id,
        name: customers.name,
        limit: customers.creditLimit,
        creditStatusId: customers.creditStatusId,
      })
      .from(customers)
      .where(and(eq(customers.cashOnlyFlag, false), eq(customers.inactiveFlag, false)))
      .orderBy(asc(customers.id))
  ).filter((customer) => openingDays[habitOf(customer)] !== undefined);
  if (owing.length === 0) return;
  const jobRows = await db
    .select({
      id: jobs.id,
      customerId: jobs.customerId,
      plantId: jobs.plantId,
      systemTypeId: plants.systemTypeId,
    })
    .from(jobs)
    .innerJoin(plants, eq(plants.id, jobs.plantId))
    .where(
      inArray(
        jobs.customerId,
        owing.map((customer) => customer.id),
      ),
    )
    .orderBy(asc(jobs.id));
  const productRows = await db
    .select({
      id: products.id,
      description: products.description,
      systemTypeId: products.systemTypeId,
      price: products.price,
      taxable: products.taxableFlag,
    })
    .from(products)
    .where(and(eq(products.inactiveFlag, false), sql`${products.price} >= 20`))
    .orderBy(asc(products.id));
  const createdBy = await adminId(db);
  const drafts = owing.flatMap((customer) => {
    const own = jobRows.filter((job) => job.customerId === customer.id);
    if (own.length === 0) return [];
    const [first, last] = openingDays[habitOf(customer)]!;
    const days: number[] = [];
    for (let day = first + random.int(0, 10); day <= last; day += random.int(12, 24))
      days.push(day);
    return days.flatMap((day) => {
      const job = random.pick(own);
      const sellable = productRows.filter((product) => product.systemTypeId === job.systemTypeId);
      if (sellable.length === 0) return [];
      const product = random.pick(sellable);
      const target = Math.min(18_000, Math.max(1_500, (customer.limit ?? 20_000) / 6));
      const quantity = Math.max(1, Math.round((target * random.float(0.4, 1)) / product.price!));
      return [{ customer, day, job, product, quantity }];
    });
  });
  drafts.sort((a, b) => a.day - b.day || a.customer.id - b.customer.id);
  for (const draft of drafts) {
    // Untaxed: what the old invoices charged is carried as it stood.
    const amounts = invoiceLineAmounts(
      { quantity: draft.quantity, unitPrice: draft.product.price!, taxable: false },
      null,
    );
    const number = await takeDocumentNumber(db as Tx, 'invoice');
    const [invoice] = await db
      .insert(invoices)
      .values({
        number,
        customerId: draft.customer.id,
        customerName: draft.customer.name,
        invoiceDate: clock.date(draft.day),
        subtotal: amounts.extendedPrice,
        total: amounts.totalAmount,
        createdAt: clock.at(draft.day, 9 * 60),
        createdBy,
        modifiedAt: clock.at(draft.day, 9 * 60),
        modifiedBy: 'admin',
      })
      .returning({ id: invoices.id });
    await db.insert(invoiceLines).values({
      invoiceId: invoice!.id,
      jobId: draft.job.id,
      plantId: draft.job.plantId,
      productId: draft.product.id,
      description: draft.product.description,
      quantity: draft.quantity,
      unitPrice: draft.product.price!,
      amount: amounts.extendedPrice,
    });
  }
}

/** The templates, the payments of every invoice as each customer's habit says, letters sent. */
export async function seedCreditLetters(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
): Promise<void> {
  const createdBy = await adminId(db);
  const templateIds = await insertReturningIds(
    db,
    letterTemplates,
    demoLetterTemplates.map((template) => ({ ...template, modifiedBy: 'admin' })),
  );
  const open = await readOpenInvoices(db);
  const accounts = await readCreditCustomers(db, {
    ids: [...new Set(open.map((invoice) => invoice.customerId))],
    asOf: clock.today,
  });

  const habits = new Map<number, Habit>();
  const payments: {
    customerId: number;
    paymentDate: string;
    reference: string;
    applications: { invoiceId: number; amount: number }[];
  }[] = [];
  const limits: { customerId: number; limit: number }[] = [];
  for (const account of accounts) {
    const habit = habitOf({
      id: account.customerId,
      creditStatusId: account.creditStatusId,
      limit: account.creditLimit,
    });
    habits.set(account.customerId, habit);
    const delay = payDelay[habit];
    if (!delay) continue;
    // One check pays what falls due in the same week.
    const byWeek = new Map<number, { invoiceId: number; amount: number }[]>();
    let unpaid = 0;
    for (const invoice of open.filter((each) => each.customerId === account.customerId)) {
      const due = addDays(invoice.invoiceDate, account.netDays);
      const paidOn = daysBetween(clock.today, due) + random.int(delay[0], delay[1]);
      const amount = addMoney(invoice.total, invoice.credited, -invoice.paid);
      if (paidOn >= 0 || (habit === 'overLimit' && random.chance(0.5))) {
        unpaid = addMoney(unpaid, amount);
        continue;
      }
      const week = Math.floor(paidOn / 7) * 7 + random.int(0, 4);
      byWeek.set(Math.min(week, -1), [
        ...(byWeek.get(Math.min(week, -1)) ?? []),
        { invoiceId: invoice.invoiceId, amount },
      ]);
    }
    for (const [day, applications] of [...byWeek].sort((a, b) => a[0] - b[0])) {
      payments.push({
        customerId: account.customerId,
        paymentDate: clock.date(day),
        reference: random.chance(0.7)
          ? `Check ${random.int(1001, 98_999)}`
          : `ACH ${random.digits(8)}`,
        applications,
      });
    }
    // A few customers ran past their limit: it now sits a little under what they owe.
    if (habit === 'overLimit' && unpaid > 1000) {
      limits.push({
        customerId: account.customerId,
        limit: Math.max(1000, Math.floor((unpaid * random.float(0.7, 0.9)) / 1000) * 1000),
      });
    }
  }

  const paymentIds = await insertReturningIds(
    db,
    customerPayments,
    payments.map((payment) => ({
      customerId: payment.customerId,
      paymentDate: payment.paymentDate,
      amount: addMoney(...payment.applications.map((application) => application.amount)),
      reference: payment.reference,
      createdAt: new Date(`${payment.paymentDate}T15:00:00Z`),
      createdBy,
      createdByName: 'admin',
    })),
  );
  await insertAll(
    db,
    paymentApplications,
    payments.flatMap((payment, index) =>
      payment.applications.map((application) => ({
        paymentId: paymentIds[index]!,
        ...application,
      })),
    ),
  );
  for (const { customerId, limit } of limits) {
    await db.update(customers).set({ creditLimit: limit }).where(eq(customers.id, customerId));
  }

  // Letters already sent: a reminder to the late a few weeks ago, notices to those on hold, each
  // with what the account owed on its day (the invoices open now, aged as of that day).
  const [reminder, notice, hold] = templateIds;
  const owedOn = new Map<number, Map<number, CreditAccount>>();
  for (const dayOffset of [-45, -40, -30, -21, -12]) {
    const owed = await readAccounts(db, accounts, clock.date(dayOffset));
    owedOn.set(dayOffset, new Map(owed.map((account) => [account.customerId, account])));
  }
  const letter = (customerId: number, index: 0 | 1 | 2, templateId: number, dayOffset: number) => {
    const owed = owedOn.get(dayOffset)?.get(customerId);
    return {
      customerId,
      templateId,
      templateName: demoLetterTemplates[index].name,
      subject: demoLetterTemplates[index].name,
      letterDate: clock.date(dayOffset),
      sentAt: clock.at(dayOffset, 9 * 60 + 30),
      sentByUserId: createdBy,
      sentBy: 'admin',
      balance: owed?.balance ?? 0,
      pastDueAmount: owed?.pastDueAmount ?? 0,
      daysPastDue: owed?.daysPastDue ?? 0,
    };
  };
  await insertAll(
    db,
    customerLetters,
    accounts.flatMap((account) => {
      const habit = habits.get(account.customerId);
      if (habit === 'late') return [letter(account.customerId, 0, reminder!, -12)];
      if (habit === 'hold') {
        return [
          letter(account.customerId, 0, reminder!, -40),
          letter(account.customerId, 1, notice!, -21),
        ];
      }
      if (habit === 'collections') {
        return [
          letter(account.customerId, 1, notice!, -45),
          letter(account.customerId, 2, hold!, -30),
        ];
      }
      return [];
    }),
  );
}
