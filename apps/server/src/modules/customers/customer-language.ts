/**
 * Issue 25, item 4: the language a customer's documents are printed in, for the documents that
 * are not read with their customer (an invoice; a ticket reads it with its order's customer).
 */
import { eq } from 'drizzle-orm';
import { documentLanguageOf, type DocumentLanguage } from '@dispatch/domain/document-language';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';

export async function customerLanguageOf(
  db: Db | Tx,
  customerId: number,
): Promise<DocumentLanguage> {
  const [row] = await db
    .select({ language: customers.language })
    .from(customers)
    .where(eq(customers.id, customerId));
  return documentLanguageOf(row?.language);
}
