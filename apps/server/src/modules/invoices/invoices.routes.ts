/**
 * Flag invoice (`orders/flag-invoice`, form FlagInvoice, R-INV-1..R-INV-12): candidates, invoicing,
 * the invoice list, one invoice, its PDF and its credit. Reading needs the form; invoicing and
 * crediting need a level that writes it (R-PERM-6). Prices leave only for levels that show them.
 * Registers the nightly invoicing on the job queue (R-INV-13).
 */
import { z } from 'zod';
import {
  createdInvoicesSchema,
  createInvoicesBodySchema,
  creditInvoiceBodySchema,
  invoiceCandidatesQuerySchema,
  invoiceCandidatesSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceSummarySchema,
} from '@dispatch/domain/invoicing/invoice-schemas';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import type { FastifyRequest } from 'fastify';
import { listInvoiceCandidates } from './invoice-candidates.service';
import { replyWithInvoicePdf } from './invoice-pdf-reply';
import { creditInvoice, createInvoices, type InvoiceWriter } from './invoice-writes.service';
import { getInvoice, listInvoices } from './invoices.service';
import { wireNightlyInvoicing } from './nightly-invoicing';

const security = [{ bearer: [] }];
const tags = ['invoices'];

/** The Flag Invoice form, looked up by name (R-MENU-7). */
export const flagInvoiceForm = menuEntryByEnumId('FlagInvoice')!.id;
const forms = [flagInvoiceForm];

const invoiceParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

function writerOf(request: FastifyRequest, deps: ServerDeps): InvoiceWriter {
  const auth = request.auth!;
  return {
    userId: auth.userId,
    username: auth.username,
    now: deps.now(),
    allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
  };
}

export function registerInvoicesRoutes(app: Server, deps: ServerDeps): void {
  wireNightlyInvoicing(deps.jobs, app.log);
  const reader = authorize(deps, { forms });
  const writer = authorize(deps, { forms, write: true });

  app.get(
    '/api/v1/invoices/candidates',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'Delivered tickets not yet invoiced in a date range, by customer, plant and system type, grouped by customer and order, with amounts',
        security,
        querystring: invoiceCandidatesQuerySchema,
        response: { 200: invoiceCandidatesSchema },
      },
    },
    async (request) => {
      const candidates = await listInvoiceCandidates(request.auth!.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return priced(request, candidates);
    },
  );

  app.post(
    '/api/v1/invoices',
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Invoice the chosen tickets: one invoice per customer with gapless numbers; 409 if a ticket was invoiced meanwhile',
        security,
        body: createInvoicesBodySchema,
        response: { 201: createdInvoicesSchema },
      },
    },
    async (request, reply) => {
      const made = await createInvoices(
        request.auth!.connection.db,
        request.body,
        writerOf(request, deps),
      );
      return reply.status(201).send(priced(request, { invoices: made }));
    },
  );

  app.get(
    '/api/v1/invoices',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'Invoices and credit notes, newest first, searched by number, customer and date',
        security,
        querystring: invoiceListQuerySchema,
        response: { 200: listOf(invoiceSummarySchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listInvoices(request.auth!.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/invoices/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One invoice or credit note with its bill-to address and lines',
        security,
        params: invoiceParams,
        response: { 200: invoiceDetailSchema },
      },
    },
    async (request) => {
      const invoice = await getInvoice(request.auth!.connection.db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      if (!invoice) throw notFound(`Invoice ${request.params.id}`);
      return priced(request, invoice);
    },
  );

  app.get(
    '/api/v1/invoices/:id/invoice.pdf',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The invoice or credit note as a PDF (opened in the print window)',
        security,
        params: invoiceParams,
      },
    },
    async (request, reply) => replyWithInvoicePdf(request, reply, request.params.id),
  );

  app.post(
    '/api/v1/invoices/:id/credit',
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Credit an invoice in full: a credit note with its own number and negative amounts, releasing its tickets',
        security,
        params: invoiceParams,
        body: creditInvoiceBodySchema,
        response: { 201: invoiceSummarySchema },
      },
    },
    async (request, reply) => {
      const credit = await creditInvoice(
        request.auth!.connection.db,
        { id: request.params.id, reason: request.body.reason },
        writerOf(request, deps),
      );
      return reply.status(201).send(priced(request, credit));
    },
  );
}
