/**
 * An invoice or credit note as a PDF answer (R-INV-6), for every screen that opens one: flag
 * invoice and invoice inquiry. The caller must see one of its system types (R-INV-8); prices
 * follow the caller's level on the route's form, the words the customer's language (issue 25).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { notFound } from '../../http/api-error';
import { letterheadOf } from '../../pdf/letterhead';
import { customerLanguageOf } from '../customers/customer-language';
import { renderInvoicePdf } from './invoice-pdf';
import { getInvoice } from './invoices.service';

export async function replyWithInvoicePdf(
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
): Promise<FastifyReply> {
  const { db } = request.auth!.connection;
  const invoice = await getInvoice(db, {
    id,
    allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
  });
  if (!invoice) throw notFound(`Invoice ${id}`);
  const pdf = await renderInvoicePdf(invoice, await letterheadOf(db), {
    hidePrices: request.permission.flags.hidePrice,
    language: await customerLanguageOf(db, invoice.customerId),
  });
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
