/**
 * Ticket inquiry (`inquiry/ticket`) and invoice inquiry (`inquiry/invoice`), R-INQ-1..R-INQ-11:
 * read-only searches of all history, one record each, exports and the invoice's PDF. Reading needs
 * the inquiry's form (looked up by enumId, R-MENU-7) at a level above None; prices leave only for
 * levels that show them (R-PERM-6). The ticket's PDF is the delivery ticket's own route, which
 * serves Ticket Inquiry too (R-DISP-9).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inquiryListSchema } from '@dispatch/domain/inquiry/inquiry-fields';
import {
  invoiceInquiryDetailSchema,
  invoiceInquiryExportQuerySchema,
  invoiceInquiryQuerySchema,
  invoiceInquiryRowSchema,
} from '@dispatch/domain/inquiry/invoice-inquiry';
import {
  ticketInquiryDetailSchema,
  ticketInquiryExportQuerySchema,
  ticketInquiryQuerySchema,
  ticketInquiryRowSchema,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { replyWithInvoicePdf } from '../invoices/invoice-pdf-reply';
import type { ExportFile } from './inquiry-export';
import { exportInvoiceInquiry, exportTicketInquiry } from './inquiry-exports';
import { invoiceRecord, searchInvoiceInquiry } from './invoice-inquiry.service';
import { searchTicketInquiry } from './ticket-inquiry.service';
import { ticketRecord } from './ticket-record.service';

/** The inquiry forms, by name (R-MENU-7). */
export const ticketInquiryForm = menuEntryByEnumId('TicketInquiry')!.id;
export const invoiceInquiryForm = menuEntryByEnumId('InvoiceInquiry')!.id;

const security = [{ bearer: [] }];

const scopeOf = (request: FastifyRequest) => ({
  allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
});

const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

const ticketListSchema = inquiryListSchema(ticketInquiryRowSchema);

function registerTicketInquiry(app: Server, deps: ServerDeps): void {
  const reader = authorize(deps, { forms: [ticketInquiryForm] });
  const tags = ['ticket inquiry'];

  app.get(
    '/api/v1/inquiry/tickets',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'Tickets of all history by number, customer, job, PO, days, plant, truck, product and system type; a page, sorted, with a count capped at 10,000',
        security,
        querystring: ticketInquiryQuerySchema,
        response: { 200: ticketListSchema },
      },
    },
    async (request, reply) => {
      // The page comes written as JSON, the response schema's shape (ADR 015), prices left out
      // for levels that hide them. Fastify sends a string as it is: the cast is for its types.
      const json = await searchTicketInquiry(
        request.auth!.connection.db,
        { ...request.query, ...scopeOf(request) },
        !request.permission.flags.hidePrice,
      );
      // Outside production the answer is held to the response schema, as the serializer would.
      if (deps.env.NODE_ENV !== 'production') ticketListSchema.parse(JSON.parse(json));
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/v1/inquiry/tickets/export',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The tickets the search matches (up to 50,000), as CSV or Excel',
        security,
        querystring: ticketInquiryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const file = await exportTicketInquiry(
        request.auth!.connection.db,
        { ...query, ...scopeOf(request) },
        { format, hidePrices: request.permission.flags.hidePrice },
      );
      return sendFile(reply, file);
    },
  );

  app.get(
    '/api/v1/inquiry/tickets/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'One ticket: order, customer, job, plant, truck, driver, status, products, totals, times, batched weights, changes and invoice',
        security,
        params: idParams,
        response: { 200: ticketInquiryDetailSchema },
      },
    },
    async (request) => {
      const ticket = await ticketRecord(request.auth!.connection.db, {
        id: request.params.id,
        ...scopeOf(request),
        hidePrices: request.permission.flags.hidePrice,
      });
      if (!ticket) throw notFound(`Ticket ${request.params.id}`);
      return priced(request, ticket);
    },
  );
}

function registerInvoiceInquiry(app: Server, deps: ServerDeps): void {
  const reader = authorize(deps, { forms: [invoiceInquiryForm] });
  const tags = ['invoice inquiry'];

  app.get(
    '/api/v1/inquiry/invoices',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'Invoices and credit notes of all history by number, ticket number, customer, job, PO, days, plant and kind; a page, sorted, with a count',
        security,
        querystring: invoiceInquiryQuerySchema,
        response: { 200: inquiryListSchema(invoiceInquiryRowSchema) },
      },
    },
    async (request) =>
      priced(
        request,
        await searchInvoiceInquiry(request.auth!.connection.db, {
          ...request.query,
          ...scopeOf(request),
        }),
      ),
  );

  app.get(
    '/api/v1/inquiry/invoices/export',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The invoices the search matches (up to 50,000), as CSV or Excel',
        security,
        querystring: invoiceInquiryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const file = await exportInvoiceInquiry(
        request.auth!.connection.db,
        { ...query, ...scopeOf(request) },
        { format, hidePrices: request.permission.flags.hidePrice },
      );
      return sendFile(reply, file);
    },
  );

  app.get(
    '/api/v1/inquiry/invoices/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'One invoice or credit note: bill-to, lines, tax and totals, the tickets on it and its linked credit note or invoice',
        security,
        params: idParams,
        response: { 200: invoiceInquiryDetailSchema },
      },
    },
    async (request) => {
      const invoice = await invoiceRecord(request.auth!.connection.db, {
        id: request.params.id,
        ...scopeOf(request),
      });
      if (!invoice) throw notFound(`Invoice ${request.params.id}`);
      return priced(request, invoice);
    },
  );

  app.get(
    '/api/v1/inquiry/invoices/:id/invoice.pdf',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The invoice or credit note as a PDF (opened in the print window)',
        security,
        params: idParams,
      },
    },
    async (request, reply) => replyWithInvoicePdf(request, reply, request.params.id),
  );
}

export function registerInquiryRoutes(app: Server, deps: ServerDeps): void {
  registerTicketInquiry(app, deps);
  registerInvoiceInquiry(app, deps);
}
