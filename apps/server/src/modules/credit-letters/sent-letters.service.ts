/**
 * R-CREDIT-14..R-CREDIT-15: the letters each customer was sent: written by the letters job when it
 * completes, in the transaction that completes it; read per customer, per job, or newest first.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { SentLetter } from '@dispatch/domain/credit/credit-letter-schemas';
import type { Db, Tx } from '../../db/client';
import { customerLetters } from '../../db/schema/credit-letters';
import { customers } from '../../db/schema/customers';
import type { ComposedLetter, LetterTemplateRow } from './letter-document';

type Connection = Db | Tx;

export async function listSentLetters(
  db: Connection,
  query: { customerId?: number | undefined; jobId?: number | undefined; limit: number },
): Promise<SentLetter[]> {
  const conditions: (SQL | undefined)[] = [
    query.customerId === undefined ? undefined : eq(customerLetters.customerId, query.customerId),
    query.jobId === undefined ? undefined : eq(customerLetters.jobId, query.jobId),
  ];
  const rows = await db
    .select({
      letter: customerLetters,
      customerNumber: customers.number,
      customerName: customers.name,
    })
    .from(customerLetters)
    .innerJoin(customers, eq(customers.id, customerLetters.customerId))
    .where(and(...conditions))
    .orderBy(desc(customerLetters.sentAt), desc(customerLetters.id))
    .limit(query.limit);
  return rows.map(({ letter, customerNumber, customerName }) => ({
    id: letter.id,
    customerId: letter.customerId,
    customerNumber,
    customerName,
    templateId: letter.templateId,
    templateName: letter.templateName,
    subject: letter.subject,
    letterDate: letter.letterDate,
    sentAt: letter.sentAt.toISOString(),
    sentBy: letter.sentBy,
    jobId: letter.jobId,
    balance: letter.balance ?? 0,
    pastDueAmount: letter.pastDueAmount ?? 0,
    daysPastDue: letter.daysPastDue,
  }));
}

/** R-CREDIT-14: one row per letter made, with what the account stood at when it was written. */
export async function recordSentLetters(
  tx: Tx,
  letters: readonly ComposedLetter[],
  context: {
    template: LetterTemplateRow;
    today: string;
    at: Date;
    userId: number | null;
    username: string;
    jobId: number;
  },
): Promise<void> {
  if (letters.length === 0) return;
  await tx.insert(customerLetters).values(
    letters.map((letter) => ({
      customerId: letter.customerId,
      templateId: context.template.id,
      templateName: context.template.name,
      subject: letter.rendered.subject,
      letterDate: context.today,
      sentAt: context.at,
      sentByUserId: context.userId,
      sentBy: context.username,
      jobId: context.jobId,
      balance: letter.account.balance,
      pastDueAmount: letter.account.pastDueAmount,
      daysPastDue: letter.account.daysPastDue,
    })),
  );
}
