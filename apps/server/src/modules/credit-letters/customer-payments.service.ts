/**
 * R-CREDIT-5: payments customers make, and the invoices each one pays: applied as the clerk says,
 * or oldest due first; what is left stays on account. The customer's row is locked first, so two
 * clerks paying the same invoices at once are served one after the other and never apply more
 * than is open. A payment entered in error is removed (a second removal finds none). Every change is in
 * the audit trail and announced (resourceChanged_v1, resource `customerPayments`).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  CreatePaymentRequest,
  CustomerPayment,
} from '@dispatch/domain/credit/credit-letter-schemas';
import {
  applicationProblems,
  applyOldestFirst,
  openInvoiceOf,
} from '@dispatch/domain/credit/receivables';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { invoices } from '../../db/schema/billing';
import { customerPayments, paymentApplications } from '../../db/schema/credit-letters';
import { customers } from '../../db/schema/customers';
import { publish } from '../../dispatch/publish';
import { notFound, validationError } from '../../http/api-error';
import { readCreditCustomers, readOpenInvoices } from './credit-accounts.service';

type Connection = Db | Tx;

export type PaymentWriter = { userId: number; username: string; now: Date; asOf: string };

export async function listPayments(
  db: Connection,
  query: { customerId: number; limit: number; ids?: readonly number[] },
): Promise<CustomerPayment[]> {
  const payments = await db
    .select()
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.customerId, query.customerId),
        query.ids ? inArray(customerPayments.id, [...query.ids]) : undefined,
      ),
    )
    .orderBy(desc(customerPayments.paymentDate), desc(customerPayments.id))
    .limit(query.limit);
  if (payments.length === 0) return [];
  const applications = await db
    .select({
      paymentId: paymentApplications.paymentId,
      invoiceId: paymentApplications.invoiceId,
      invoiceNumber: invoices.number,
      amount: paymentApplications.amount,
    })
    .from(paymentApplications)
    .innerJoin(invoices, eq(invoices.id, paymentApplications.invoiceId))
    .where(
      inArray(
        paymentApplications.paymentId,
        payments.map((payment) => payment.id),
      ),
    )
    .orderBy(asc(invoices.number));
  return payments.map((payment) => {
    const own = applications
      .filter((application) => application.paymentId === payment.id)
      .map(({ paymentId: _paymentId, ...application }) => application);
    return {
      id: payment.id,
      customerId: payment.customerId,
      paymentDate: payment.paymentDate,
      amount: payment.amount,
      reference: payment.reference ?? '',
      unapplied: addMoney(payment.amount, ...own.map((application) => -application.amount)),
      applications: own,
      createdAt: payment.createdAt.toISOString(),
      createdBy: payment.createdByName,
      version: payment.version,
    };
  });
}

export async function createPayment(
  db: Db,
  body: CreatePaymentRequest,
  writer: PaymentWriter,
): Promise<CustomerPayment> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, body.customerId))
      .for('update');
    if (!customer) {
      throw validationError([{ field: 'customerId', reason: 'is not a customer' }]);
    }
    const [credit] = await readCreditCustomers(tx, { ids: [customer.id], asOf: writer.asOf });
    const open = (await readOpenInvoices(tx, [customer.id])).map((invoice) =>
      openInvoiceOf({ ...invoice, netDays: credit?.netDays ?? 0 }, writer.asOf),
    );
    const applications = body.applications ?? applyOldestFirst(open, body.amount);
    const problems = applicationProblems(open, body.amount, applications);
    if (problems.length > 0) throw validationError([...problems]);
    const [payment] = await tx
      .insert(customerPayments)
      .values({
        customerId: customer.id,
        paymentDate: body.paymentDate,
        amount: body.amount,
        reference: body.reference === '' ? null : body.reference,
        createdAt: writer.now,
        createdBy: writer.userId,
        createdByName: writer.username,
      })
      .returning({ id: customerPayments.id });
    if (applications.length > 0) {
      await tx.insert(paymentApplications).values(
        applications.map((application) => ({
          paymentId: payment!.id,
          invoiceId: application.invoiceId,
          amount: application.amount,
        })),
      );
    }
    const [answer] = await listPayments(tx, {
      customerId: customer.id,
      ids: [payment!.id],
      limit: 1,
    });
    await announce(tx, answer!, 'created', null, writer);
    return answer!;
  });
}

export async function deletePayment(
  db: Db,
  request: { id: number },
  writer: PaymentWriter,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(customerPayments)
      .where(eq(customerPayments.id, request.id))
      .for('update');
    if (!row) throw notFound(`Payment ${request.id}`);
    const [before] = await listPayments(tx, {
      customerId: row.customerId,
      ids: [row.id],
      limit: 1,
    });
    await tx.delete(customerPayments).where(eq(customerPayments.id, row.id));
    await announce(tx, before!, 'deleted', before!, writer);
  });
}

async function announce(
  tx: Tx,
  payment: CustomerPayment,
  action: 'created' | 'deleted',
  before: CustomerPayment | null,
  writer: PaymentWriter,
): Promise<void> {
  await recordAudit(tx, {
    username: writer.username,
    at: writer.now,
    resource: 'customerPayments',
    recordId: payment.id,
    action,
    before,
    after: action === 'deleted' ? null : payment,
  });
  await publish(tx, {
    name: 'resourceChanged_v1',
    data: {
      resource: 'customerPayments',
      id: payment.id,
      action,
      version: action === 'deleted' ? null : payment.version,
      by: writer.username,
    },
  });
}
