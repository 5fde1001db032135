/**
 * Invoice inquiry's routes (R-INQ-7..R-INQ-11) on a real database: every filter, paging and sort,
 * one invoice with its lines, tickets, tax, totals and linked credit note, its PDF, 404 and 400
 * naming the field, prices left out for levels 2 and 4, 403 without the form, and the export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFieldsIn } from '@dispatch/domain/pricing';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { makeInquiryHistory, type InquiryHistory } from '../../../test/inquiry-fixtures';

type Row = { id: number; number: number; kind: string; customerName: string };
type List = { count: number; countCapped: boolean; data: Row[] };

describe.each(databaseKinds)('invoice inquiry on %s', (kind) => {
  let t: TestApp;
  let h: InquiryHistory;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  const search = async (query: string, who = 'clerk') => {
    const response = await call('GET', `/api/v1/inquiry/invoices?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<List>();
  };
  const numbersOf = (list: List) => list.data.map((row) => row.number);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-12T16:00:00');
    h = await makeInquiryHistory(t, call, tokens);
  });
  afterAll(() => t?.close());

  it('R-INQ-7: lists invoices and credit notes newest first, and filters them', async () => {
    const { acme, zephyr, creditNote } = h.invoices;
    const all = await search('');
    expect(all).toMatchObject({ count: 3, countCapped: false });
    expect(numbersOf(all)).toEqual(
      [creditNote.number, zephyr.number, acme.number].sort((a, b) => b - a),
    );
    const cases: [string, number[]][] = [
      [`number=${acme.number}`, [acme.number]],
      [`ticketNumber=502`, [acme.number]],
      // Ticket 501 of either plant: Acme's invoice, and Zephyr's with its credit note.
      ['ticketNumber=501', [creditNote.number, zephyr.number, acme.number].sort((a, b) => b - a)],
      [`customerId=${h.customers.acme}`, [acme.number]],
      // The job the lines were invoiced under (flag invoice copies the order's).
      [`jobId=${h.jobs.tower}`, [acme.number]],
      ['po=zp-2', [creditNote.number, zephyr.number].sort((a, b) => b - a)],
      ['po=ANNEX', [acme.number]],
      [`plantId=${h.plants.pit}`, [creditNote.number, zephyr.number].sort((a, b) => b - a)],
      ['kind=credit', [creditNote.number]],
      [
        'kind=invoice&dateFrom=2026-03-12&dateTo=2026-03-12',
        [zephyr.number, acme.number].sort((a, b) => b - a),
      ],
      ['dateTo=2026-03-11', []],
    ];
    for (const [query, expected] of cases) {
      expect(numbersOf(await search(query)), query).toEqual(expected);
    }
    const page = await search('limit=1&offset=1&sort=number&order=asc');
    expect(page.count).toBe(3);
    expect(numbersOf(page)).toEqual([Math.min(acme.number, zephyr.number, creditNote.number) + 1]);
    expect(numbersOf(await search('', 'concreteOnly'))).toEqual([acme.number]);
  });

  it('R-INQ-7: answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['dateFrom=2026-03-12&dateTo=2026-03-01', 'dateTo'],
      ['kind=draft', 'kind'],
      ['number=-3', 'number'],
      ['ticketNumber=x', 'ticketNumber'],
      ['sort=total', 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await call('GET', `/api/v1/inquiry/invoices?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorAnswer>().data[0]?.field, query).toBe(field);
    }
  });

  it('R-INQ-9: opens an invoice with its lines, tickets, tax, totals and credit links', async () => {
    const response = await call('GET', `/api/v1/inquiry/invoices/${h.invoices.acme.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json<{
      lines: unknown[];
      tickets: Record<string, unknown>[];
      creditLinks: unknown[];
    }>();
    expect(invoice).toMatchObject({
      number: h.invoices.acme.number,
      kind: 'invoice',
      customerName: 'Acme Builders',
      invoiceDate: '2026-03-12',
      ticketCount: 2,
      // 1,285.00 + 30.00 + 1,028.00; tax 7.25 % of the taxable 2,313.00.
      extendedPrice: 2343,
      taxAmount: 167.69,
      totalAmount: 2510.69,
      creditLinks: [],
    });
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.tickets).toEqual([
      expect.objectContaining({
        ticketId: h.tickets.first.id,
        ticketNumber: 501,
        jobNumber: 'J-TOWER',
        customerPoNumber: 'PO-7781',
        plantName: 'North Yard',
        truckNumber: 'M-12',
        lineCount: 2,
        extendedPrice: 1315,
      }),
      expect.objectContaining({
        ticketId: h.tickets.corrected.id,
        ticketNumber: 502,
        // The invoice line's job as invoiced; the PO the ticket carries (R-TEDIT-2).
        jobNumber: 'J-TOWER',
        customerPoNumber: 'ANNEX-55',
        lineCount: 1,
        extendedPrice: 1028,
      }),
    ]);
    const zephyr = (await call('GET', `/api/v1/inquiry/invoices/${h.invoices.zephyr.id}`)).json();
    expect(zephyr).toMatchObject({
      creditedByNumber: h.invoices.creditNote.number,
      creditLinks: [
        {
          id: h.invoices.creditNote.id,
          number: h.invoices.creditNote.number,
          kind: 'credit',
          reason: 'Wrong haul rate',
          totalAmount: -540,
        },
      ],
    });
    const note = (await call('GET', `/api/v1/inquiry/invoices/${h.invoices.creditNote.id}`)).json();
    expect(note).toMatchObject({
      kind: 'credit',
      totalAmount: -540,
      creditLinks: [
        { id: h.invoices.zephyr.id, kind: 'invoice', reason: 'Wrong haul rate', totalAmount: 540 },
      ],
      tickets: [
        expect.objectContaining({ ticketNumber: 501, plantName: 'Granite Pit', totalAmount: -540 }),
      ],
    });
  });

  it('R-INQ-10: serves the invoice PDF to an Invoice Inquiry clerk', async () => {
    const pdf = await call('GET', `/api/v1/inquiry/invoices/${h.invoices.acme.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="invoice-${h.invoices.acme.number}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', '/api/v1/inquiry/invoices/999999/invoice.pdf')).statusCode).toBe(404);
  });

  it('R-INQ-9: answers 404 for an invoice that does not exist or only of system types the caller lacks', async () => {
    const missing = await call('GET', '/api/v1/inquiry/invoices/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorAnswer>().message).toBe('Invoice 999999 was not found.');
    const aggregate = await call(
      'GET',
      `/api/v1/inquiry/invoices/${h.invoices.zephyr.id}`,
      'concreteOnly',
    );
    expect(aggregate.statusCode).toBe(404);
  });

  it('R-INQ-11: leaves prices out for levels 2 and 4, and refuses a caller without the form', async () => {
    for (const who of ['readNoPrices', 'fullNoPrices']) {
      expect(priceFieldsIn(await search('', who)), who).toEqual([]);
      const record = (
        await call('GET', `/api/v1/inquiry/invoices/${h.invoices.acme.id}`, who)
      ).json();
      expect(priceFieldsIn(record), who).toEqual([]);
      const csv = await call('GET', '/api/v1/inquiry/invoices/export', who);
      expect(csv.body.split(/\r?\n/)[0], who).not.toMatch(/Amount|Tax|Total/);
    }
    for (const url of [
      '/api/v1/inquiry/invoices',
      `/api/v1/inquiry/invoices/${h.invoices.acme.id}`,
      `/api/v1/inquiry/invoices/${h.invoices.acme.id}/invoice.pdf`,
      '/api/v1/inquiry/invoices/export',
    ]) {
      const refused = await call('GET', url, 'nobody');
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<ErrorAnswer>().message).toBe(
        'You do not have permissions to access this form Invoice Inquiry',
      );
    }
  });

  it('R-INQ-3: exports the matching invoices as CSV and Excel', async () => {
    const csv = await call(
      'GET',
      `/api/v1/inquiry/invoices/export?customerId=${h.customers.zephyr}`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Number,Kind,Date,Customer number,Customer,Tickets,Amount,Tax,Total,Credits invoice,Credited by,Credit reason,Made by',
    );
    expect(lines.slice(1)).toEqual([
      `${h.invoices.creditNote.number},Credit note,2026-03-12,C2,Zephyr Paving,1,-540,0,-540,${h.invoices.zephyr.number},,Wrong haul rate,office`,
      `${h.invoices.zephyr.number},Invoice,2026-03-12,C2,Zephyr Paving,1,540,0,540,,${h.invoices.creditNote.number},,office`,
    ]);
    const xlsx = await call('GET', '/api/v1/inquiry/invoices/export?format=xlsx');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="invoices.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
