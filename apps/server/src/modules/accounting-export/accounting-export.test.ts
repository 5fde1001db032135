/**
 * The accounting export on a real database (R-ACCT-1..R-ACCT-14): the preview, the export job in
 * each format (the IIF read back by a parser that checks its headers and that every transaction's
 * TRNS and SPL amounts sum to zero; the CSVs read back), the batch and its messages, the refusal to
 * export an invoice twice unless asked, a failing export that marks nothing, the history, a file
 * again, the undo, a concurrent export's commit, and permissions by level.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountingExportBatchDetail } from '@dispatch/domain/accounting/accounting-export-schemas';
import { cents, readCsvRecords, readIif } from '@dispatch/domain/accounting/export-file-readers';
import { iifSplitColumns, iifTransactionColumns } from '@dispatch/domain/accounting/iif-writer';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { auditTrail } from '../../db/schema/audit';
import {
  accountingExportBatches,
  accountingExportInvoices,
} from '../../db/schema/accounting-export';
import { backgroundJobs } from '../../db/schema/background-jobs';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { taxLevels, taxScheduleLevels, taxSchedules } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import {
  glCategoryIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  termsDiscountIds,
  ticketStatusIds,
} from '../../db/reference-ids';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type SuiteUser } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { flagInvoiceForm } from '../invoices/invoices.routes';
import { accountingExportJob } from './accounting-export-job';
import { accountingExportForm } from './accounting-export.routes';

type Preview = {
  defaultFormat: string;
  invoices: {
    number: number;
    kind: string;
    totalAmount?: number;
    exportedInBatchId: number | null;
  }[];
  inRangeCount: number;
  alreadyExportedCount: number;
  toExportCount: number;
  creditCount: number;
  totalAmount?: number;
  taxAmount?: number;
  problems: { invoiceNumber: number; productNumber: string | null; reason: string }[];
};

const day = '2026-03-09';
const brokenDay = '2026-03-11';
const at = (date: string, time: string) => new Date(`${date}T${time}:00`);
const exportsPath = '/api/v1/accounting-exports';

describe.each(databaseKinds)('accounting export on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  let ticketNumber = 500;
  /** The invoices of `day`: Acme's, Zephyr's (aggregate) and the credit note of Acme's. */
  const made: Record<string, { id: number; number: number }> = {};

  /** Delivered tickets of a customer's order on `date`, invoiced through flag invoice. */
  const invoiced = async (
    customer: 'acme' | 'zephyr',
    date: string,
    lines: { productId: number; quantity: number; price: number; taxable?: boolean }[][],
    systemTypeId: 1 | 2 = 1,
  ) => {
    const [order] = await t.db
      .insert(orders)
      .values({
        customerId: ids[customer]!,
        customerName: customer === 'acme' ? 'Acme: Builders' : 'Zephyr Paving',
        customerPoNumber: 'PO-7',
        plantId: ids.plant!,
        orderDate: date,
        shipDate: date,
        orderTypeId:
          systemTypeId === 1 ? orderTypeIds.concreteDelivery : orderTypeIds.aggregateDelivery,
        reasonId: reasonIds.regular,
        systemTypeId,
        imperialFlag: true,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.none,
        freeShortLoadId: 1,
        printMaterialTypeId: 1,
        orderStatusId: 5,
      })
      .returning({ id: orders.id });
    const ticketIds: number[] = [];
    for (const [index, ticketLines] of lines.entries()) {
      ticketNumber += 1;
      const [ticket] = await t.db
        .insert(tickets)
        .values({
          number: ticketNumber,
          orderId: order!.id,
          plantId: ids.plant!,
          statusId: ticketStatusIds.complete,
          ticketDateTime: at(date, '10:00'),
          truckNumber: 'T-12',
          loadNumber: index + 1,
        })
        .returning({ id: tickets.id });
      await t.db.insert(ticketProducts).values(
        ticketLines.map((line) => ({
          ticketId: ticket!.id,
          productId: line.productId,
          quantity: line.quantity,
          price: line.price,
          taxableFlag: line.taxable ?? true,
          unitOfMeasure: 1,
        })),
      );
      ticketIds.push(ticket!.id);
    }
    const response = await call('POST', '/api/v1/invoices', 'clerk', {
      ticketIds,
      invoiceDate: date,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ invoices: { id: number; number: number }[] }>().invoices[0]!;
  };

  const setParameter = async (key: string, value: unknown) => {
    const list = await call('GET', '/api/v1/admin/system-parameters', 'admin');
    const row = list
      .json<{ data: { key: string; version: number }[] }>()
      .data.find((each) => each.key === key)!;
    const saved = await call('PUT', `/api/v1/admin/system-parameters/${key}`, 'admin', {
      value,
      version: row.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  const preview = async (query: string, who = 'clerk') => {
    const response = await call('GET', `${exportsPath}/preview?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Preview>();
  };

  const queue = async (body: Record<string, unknown>, who = 'clerk') => {
    const response = await call('POST', exportsPath, who, body);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<BackgroundJob>();
  };

  /** The job once it has finished, read as its owner reads it. */
  const finished = async (job: BackgroundJob, who = 'clerk'): Promise<BackgroundJob> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await call('GET', `/api/v1/background-jobs/${job.id}`, who);
      const read = response.json<BackgroundJob>();
      if (response.statusCode !== 200) throw new Error(response.body);
      if (['completed', 'failed', 'cancelled'].includes(read.state)) return read;
      if (Date.now() > deadline) throw new Error(`Job ${job.id} still ${read.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const download = async (url: string, who = 'clerk') => {
    const response = await call('GET', url, who);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const windows1252 = (body: Buffer) => new TextDecoder('windows-1252').decode(body);

  const exportDay = async (format: string, includeExported = true) => {
    const job = await finished(await queue({ from: day, to: day, format, includeExported }));
    expect(job.state, job.message ?? '').toBe('completed');
    return { job, file: await download(job.files[0]!.url) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at(day, '17:00');
    const [plant] = await t.db
      .insert(plants)
      .values({ description: 'North', systemTypeId: 1 })
      .returning({ id: plants.id });
    ids.plant = plant!.id;
    await t.db.insert(taxLevels).values([{ id: 9101, description: 'State', taxRate: 5.75 }]);
    await t.db.insert(taxSchedules).values({ id: 9101, description: 'Franklin County' });
    await t.db.insert(taxScheduleLevels).values({ taxScheduleId: 9101, taxLevelId: 9101 });
    const [acme, zephyr] = await t.db
      .insert(customers)
      .values([
        {
          number: 'C1',
          name: 'Acme: Builders',
          taxScheduleId: 9101,
          billingAddress1: '12 Main St',
          billingAddress3: 'Columbus',
          billingAddress5: 'OH',
          billingAddress7: '43215',
        },
        { number: 'C2', name: 'Zephyr Paving', address1: '9 Side Rd' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, zephyr: zephyr!.id });
    await t.db
      .insert(customerConcretePricing)
      .values({ customerId: ids.acme!, termsDiscountId: termsDiscountIds.twoTenNet30 });
    const [mix, fee, stone, loose] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          glCategoryId: glCategoryIds.concrete,
        },
        {
          number: 'ENV',
          description: 'Environmental fee',
          systemTypeId: 1,
          unitOfMeasureId: 5,
          glCategoryId: glCategoryIds.fees,
        },
        {
          number: '57',
          description: 'Stone',
          systemTypeId: 2,
          unitOfMeasureId: 6,
          glCategoryId: glCategoryIds.aggregate,
        },
        { number: 'WASH', description: 'Washout', systemTypeId: 1, unitOfMeasureId: 5 },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, fee: fee!.id, stone: stone!.id, loose: loose!.id });

    const users: SuiteUser[] = [
      ['clerk', [1001, 1002], { [accountingExportForm]: 5, [flagInvoiceForm]: 5 }],
      ['clerkEs', [1001, 1002], { [accountingExportForm]: 5 }],
      ['other', [1001, 1002], { [accountingExportForm]: 6 }],
      ['readOnly', [1001, 1002], { [accountingExportForm]: 3 }],
      ['noPrices', [1001, 1002], { [accountingExportForm]: 4 }],
      ['viewer', [1001, 1002], { [accountingExportForm]: 2 }],
      ['concreteOnly', [1001], { [accountingExportForm]: 5 }],
      ['nobody', [1001, 1002], { [flagInvoiceForm]: 5 }],
    ];
    await addUsers(t, tokens, users);
    await t.addUser({ username: 'admin', isSysadmin: true });
    tokens.admin = await t.login('admin');

    // Acme: 9.5 yd at 128.50 (tax 5.75 % = 70.19) and an untaxed fee; Zephyr: stone, no tax.
    made.acme = await invoiced('acme', day, [
      [
        { productId: ids.mix!, quantity: 9.5, price: 128.5 },
        { productId: ids.fee!, quantity: 1, price: 15, taxable: false },
      ],
      [{ productId: ids.mix!, quantity: 10, price: 128.5 }],
    ]);
    made.zephyr = await invoiced(
      'zephyr',
      day,
      [[{ productId: ids.stone!, quantity: 22.5, price: 24 }]],
      2,
    );
    const credit = await call('POST', `/api/v1/invoices/${made.acme.id}/credit`, 'clerk', {
      reason: 'Priced at the wrong rate',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    made.credit = credit.json<{ id: number; number: number }>();
    // A day whose invoice has a product with no GL category: its export fails (R-ACCT-9).
    made.broken = await invoiced('acme', brokenDay, [
      [
        { productId: ids.mix!, quantity: 8, price: 130 },
        { productId: ids.loose!, quantity: 1, price: 40 },
      ],
    ]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  it('R-ACCT-13: reading needs the form, exporting a writing level that shows prices', async () => {
    expect(
      (await call('GET', `${exportsPath}/preview?from=${day}&to=${day}`, 'nobody')).statusCode,
    ).toBe(403);
    expect((await call('GET', exportsPath, 'nobody')).statusCode).toBe(403);
    const body = { from: day, to: day, format: 'QuickBooksDesktop' };
    const readOnly = await call('POST', exportsPath, 'readOnly', body);
    expect(readOnly.statusCode).toBe(403);
    for (const who of ['noPrices', 'viewer']) {
      // The preview without amounts, the export refused saying why.
      const seen = await preview(`from=${day}&to=${day}`, who);
      expect(seen.invoices).toHaveLength(3);
      expect(seen.totalAmount).toBeUndefined();
      expect(seen.invoices[0]!.totalAmount).toBeUndefined();
    }
    const hidden = await call('POST', exportsPath, 'noPrices', body);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json<{ message: string; code: string }>()).toMatchObject({
      code: 'prices_hidden',
      message:
        'Your level on Accounting Export hides prices, and exporting needs the amounts: ask for a level that shows prices.',
    });
  });

  it('R-ACCT-3: refuses to export while the accounting interface is none', async () => {
    expect((await preview(`from=${day}&to=${day}`)).defaultFormat).toBe('');
    const off = await call('POST', exportsPath, 'clerk', {
      from: day,
      to: day,
      format: 'QuickBooksDesktop',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json<{ code: string }>().code).toBe('export_off');
    await setParameter('accountingInterface', 'QuickBooksDesktop');
    expect((await preview(`from=${day}&to=${day}`)).defaultFormat).toBe('QuickBooksDesktop');
  });

  it('R-ACCT-5: previews the range: invoices and credit notes, totals, system types, nothing exported yet', async () => {
    const seen = await preview(`from=${day}&to=${day}`);
    expect(seen).toMatchObject({
      inRangeCount: 3,
      alreadyExportedCount: 0,
      toExportCount: 3,
      creditCount: 1,
      problems: [],
    });
    expect(seen.invoices.map((row) => [row.number, row.kind])).toEqual([
      [made.acme!.number, 'invoice'],
      [made.zephyr!.number, 'invoice'],
      [made.credit!.number, 'credit'],
    ]);
    // The credit note cancels Acme's invoice: Zephyr's 540.00 is what is left.
    expect(seen.totalAmount).toBe(540);
    // R-ACCT-1: a user of concrete only does not see the aggregate invoice.
    expect((await preview(`from=${day}&to=${day}`, 'concreteOnly')).inRangeCount).toBe(2);
    // R-ACCT-9: the broken day names its product before anything runs.
    const broken = await preview(`from=${brokenDay}&to=${brokenDay}`);
    expect(broken.problems).toEqual([
      {
        invoiceNumber: made.broken!.number,
        productNumber: 'WASH',
        reason: `Invoice ${made.broken!.number}: product WASH (Washout) has no GL account: give its GL category one, or the product a GL category that has one.`,
      },
    ]);
    const bad = await call('GET', `${exportsPath}/preview?from=${day}&to=2026-03-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: unknown }>().data).toEqual([
      { field: 'to', reason: 'must not be before from' },
    ]);
  });

  it('R-ACCT-6..R-ACCT-8, R-ACCT-10: exports a day to an IIF that imports: headers right, every transaction balanced', async () => {
    const job = await queue({ from: day, to: day, format: 'QuickBooksDesktop' });
    expect(job).toMatchObject({
      kind: 'accountingExport',
      state: 'queued',
      title: `QuickBooks Desktop export, ${day}`,
    });
    const done = await finished(job);
    expect(done).toMatchObject({
      state: 'completed',
      message: `2 invoices and 1 credit note exported in batch ${job.id}.`,
      result: { exportId: job.id, batchId: job.id, recordCount: 3 },
    });
    const fileName = `quickbooks-desktop-batch-${job.id}-${day}.iif`;
    expect(done.files.map((file) => file.name)).toEqual([fileName]);
    const event = await events.next('accountingExportComplete_v1');
    expect(event.data).toEqual({ exportId: job.id, fileName, recordCount: 3 });

    const file = await download(done.files[0]!.url);
    const iif = readIif(windows1252(file.rawPayload));
    expect(iif.trnsHeader).toEqual([...iifTransactionColumns]);
    expect(iif.splHeader).toEqual([...iifSplitColumns]);
    expect(iif.transactions.map((each) => [each.trns.TRNSTYPE, each.trns.DOCNUM])).toEqual([
      ['INVOICE', String(made.acme!.number)],
      ['INVOICE', String(made.zephyr!.number)],
      ['CREDIT MEMO', String(made.credit!.number)],
    ]);
    const [acme, zephyr, credit] = iif.transactions;
    // 19.5 yd at 128.50 = 2505.75, tax 5.75 % per ticket (70.19 + 73.89), the fee 15.00.
    expect(acme!.trns).toMatchObject({
      DATE: '03/09/2026',
      ACCNT: 'Accounts Receivable',
      NAME: 'Acme- Builders',
      AMOUNT: '2664.83',
      ADDR1: '12 Main St',
      ADDR2: 'Columbus, OH 43215',
      TERMS: '2% 10, net 30',
      DUEDATE: '04/08/2026',
    });
    expect(acme!.splits.map((split) => [split.ACCNT, split.AMOUNT, split.INVITEM])).toEqual([
      ['4000', '-1220.75', '3000'],
      ['4400', '-15.00', 'ENV'],
      ['4000', '-1285.00', '3000'],
      ['Sales Tax Payable', '-144.08', 'Sales Tax'],
    ]);
    expect(zephyr!.splits.map((split) => [split.ACCNT, split.AMOUNT])).toEqual([
      ['4100', '-540.00'],
      ['Sales Tax Payable', '0.00'],
    ]);
    expect(credit!.trns.AMOUNT).toBe('-2664.83');
    expect(cents(credit!.splits[0]!.AMOUNT!)).toBe(122075);

    // R-ACCT-4: the batch records every invoice it carried.
    const carried = await t.db
      .select({ invoiceId: accountingExportInvoices.invoiceId })
      .from(accountingExportInvoices)
      .where(eq(accountingExportInvoices.batchId, job.id));
    expect(carried.map((row) => row.invoiceId).sort()).toEqual(
      [made.acme!.id, made.zephyr!.id, made.credit!.id].sort(),
    );
    const seen = await preview(`from=${day}&to=${day}`);
    expect(seen).toMatchObject({ alreadyExportedCount: 3, toExportCount: 0 });
    expect(seen.invoices.every((row) => row.exportedInBatchId === job.id)).toBe(true);
  });

  it('R-ACCT-4: refuses to export an invoice twice unless asked, then exports it again with a warning mark', async () => {
    const again = await call('POST', exportsPath, 'clerk', {
      from: day,
      to: day,
      format: 'QuickBooksDesktop',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string; message: string }>()).toMatchObject({
      code: 'nothing_to_export',
      message:
        'Every invoice of the range was exported already (3). Tick "Include invoices already exported" to export them again.',
    });
    const asked = await preview(`from=${day}&to=${day}&includeExported=true`);
    expect(asked).toMatchObject({ alreadyExportedCount: 3, toExportCount: 3 });
    const { job } = await exportDay('QuickBooksDesktop');
    const [batch] = await t.db
      .select()
      .from(accountingExportBatches)
      .where(eq(accountingExportBatches.id, job.id));
    expect(batch).toMatchObject({ includedExported: true, recordCount: 3, createdByName: 'clerk' });
  });

  it('R-ACCT-2: writes QuickBooks Online, Sage 50 and general-ledger files that read back', async () => {
    const online = readCsvRecords((await exportDay('QuickBooksOnline')).file.body);
    expect(
      online.map((row) => [row.InvoiceNo, row['Item(Product/Service)'], row.ItemAmount]),
    ).toEqual([
      [String(made.acme!.number), '3000', '1220.75'],
      [String(made.acme!.number), 'ENV', '15.00'],
      [String(made.acme!.number), '3000', '1285.00'],
      [String(made.zephyr!.number), '57', '540.00'],
      [String(made.credit!.number), '3000', '-1220.75'],
      [String(made.credit!.number), 'ENV', '-15.00'],
      [String(made.credit!.number), '3000', '-1285.00'],
    ]);
    expect(online[0]).toMatchObject({
      Customer: 'Acme: Builders',
      ItemTaxCode: 'TAX',
      Terms: '2% 10, net 30',
    });

    const sage = readCsvRecords(windows1252((await exportDay('Sage50')).file.rawPayload));
    const acmeRows = sage.filter((row) => row['Invoice/CM #'] === String(made.acme!.number));
    expect(
      acmeRows.map((row) => [row['Invoice/CM Distribution'], row['G/L Account'], row.Amount]),
    ).toEqual([
      ['0', 'Sales Tax Payable', '-144.08'],
      ['1', '4000', '-1220.75'],
      ['2', '4400', '-15.00'],
      ['3', '4000', '-1285.00'],
    ]);
    expect(acmeRows[0]).toMatchObject({
      'Customer ID': 'C1',
      Date: '03/09/26',
      'Accounts Receivable Amount': '2664.83',
      'Number of Distributions': '4',
    });
    expect(sage.find((row) => row['Credit Memo'] === 'TRUE')).toMatchObject({
      'Apply to Invoice Number': String(made.acme!.number),
    });

    const ledger = readCsvRecords((await exportDay('GeneralLedger')).file.body);
    for (const invoice of [made.acme!, made.zephyr!, made.credit!]) {
      const entry = ledger.filter((row) => row.Reference === String(invoice.number));
      const debit = entry.reduce((sum, row) => sum + (row.Debit ? cents(row.Debit) : 0), 0);
      const credit = entry.reduce((sum, row) => sum + (row.Credit ? cents(row.Credit) : 0), 0);
      expect(debit, String(invoice.number)).toBe(credit);
      expect(debit).toBeGreaterThan(0);
    }
    expect(ledger.filter((row) => row.Account === 'Accounts Receivable')).toHaveLength(3);
  });

  it('R-ACCT-9, R-ACCT-8: an export with a line without an account fails naming the product, and marks nothing', async () => {
    const job = await queue({ from: brokenDay, to: brokenDay, format: 'QuickBooksDesktop' });
    const done = await finished(job);
    const reason = `Nothing was exported. Invoice ${made.broken!.number}: product WASH (Washout) has no GL account: give its GL category one, or the product a GL category that has one.`;
    expect(done).toMatchObject({ state: 'failed', message: reason, files: [] });
    const event = await events.next('accountingExportFailed_v1');
    expect(event.data).toEqual({ exportId: job.id, message: reason });
    expect(
      await t.db
        .select()
        .from(accountingExportBatches)
        .where(eq(accountingExportBatches.id, job.id)),
    ).toEqual([]);
    expect((await preview(`from=${brokenDay}&to=${brokenDay}`)).alreadyExportedCount).toBe(0);
  });

  it('R-ACCT-11: lists the batches with their files, one batch with its invoices, and the file again', async () => {
    const list = await call('GET', `${exportsPath}?limit=10`, 'readOnly');
    expect(list.statusCode).toBe(200);
    const { data, count } = list.json<{
      data: {
        id: number;
        format: string;
        fileUrl: string;
        fileName: string;
        createdBy: string;
        recordCount: number;
        totalAmount?: number;
      }[];
      count: number;
    }>();
    expect(count).toBe(5);
    expect(data.map((batch) => batch.format)).toEqual([
      'GeneralLedger',
      'Sage50',
      'QuickBooksOnline',
      'QuickBooksDesktop',
      'QuickBooksDesktop',
    ]);
    expect(data[0]).toMatchObject({ createdBy: 'clerk', recordCount: 3, totalAmount: 540 });
    const first = data[4]!;
    const detail = (
      await call('GET', `${exportsPath}/${first.id}`, 'other')
    ).json<AccountingExportBatchDetail>();
    expect(detail.invoices.map((invoice) => [invoice.number, invoice.kind])).toEqual([
      [made.acme!.number, 'invoice'],
      [made.zephyr!.number, 'invoice'],
      [made.credit!.number, 'credit'],
    ]);
    // Another user with a level that shows prices fetches the file again; hidden prices may not.
    const again = await download(first.fileUrl, 'other');
    expect(again.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(first.fileName)}`,
    );
    expect(readIif(windows1252(again.rawPayload)).transactions).toHaveLength(3);
    expect((await call('GET', first.fileUrl, 'noPrices')).statusCode).toBe(403);
    expect((await call('GET', `${exportsPath}/${first.id}/files/other.iif`)).statusCode).toBe(404);
    expect((await call('GET', `${exportsPath}/999999`)).statusCode).toBe(404);
    const hidden = (await call('GET', exportsPath, 'noPrices')).json<{
      data: { totalAmount?: number }[];
    }>();
    expect(hidden.data[0]!.totalAmount).toBeUndefined();
  });

  it('R-ACCT-12: undoing a batch frees its invoices for another export, audited; twice is refused', async () => {
    const batches = await t.db.select().from(accountingExportBatches);
    for (const batch of batches) {
      const refused = await call('POST', `${exportsPath}/${batch.id}/undo`, 'readOnly', {
        reason: 'x',
        version: batch.version,
      });
      expect(refused.statusCode).toBe(403);
      const stale = await call('POST', `${exportsPath}/${batch.id}/undo`, 'clerk', {
        reason: 'Imported twice',
        version: batch.version + 1,
      });
      expect(stale.statusCode).toBe(409);
      const undone = await call('POST', `${exportsPath}/${batch.id}/undo`, 'clerk', {
        reason: 'Imported into the wrong company file',
        version: batch.version,
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({
        undoneBy: 'clerk',
        undoReason: 'Imported into the wrong company file',
        version: batch.version + 1,
      });
    }
    const twice = await call('POST', `${exportsPath}/${batches[0]!.id}/undo`, 'clerk', {
      reason: 'again',
      version: batches[0]!.version + 1,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe('batch_undone');
    const missing = await call('POST', `${exportsPath}/999999/undo`, 'clerk', {
      reason: 'x',
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.resource, 'accountingExports'));
    expect(audit.filter((row) => row.action === 'exported')).toHaveLength(batches.length);
    expect(audit.filter((row) => row.action === 'undone')).toHaveLength(batches.length);
    // Free again: the next export without the box carries them.
    expect(await preview(`from=${day}&to=${day}`)).toMatchObject({
      alreadyExportedCount: 0,
      toExportCount: 3,
    });
  });

  it('R-ACCT-4: an export whose invoices were exported while it ran fails at its commit', async () => {
    const [row] = await t.db
      .insert(backgroundJobs)
      .values({
        queueJobId: crypto.randomUUID(),
        kind: 'accountingExport',
        title: 'race',
        params: {},
        requestedBy: 'clerk',
        state: 'running',
      })
      .returning({ id: backgroundJobs.id });
    const connection = await t.tenancy.open(t.database);
    const outcome = await accountingExportJob.run(
      {
        database: t.database,
        connection,
        db: connection.db,
        now: () => t.clock.now,
        job: {
          id: row!.id,
          kind: 'accountingExport',
          title: 'race',
          requestedByUserId: null,
          requestedBy: 'clerk',
          scheduleId: null,
          attempt: 1,
          language: 'en',
        },
        progress: async () => {},
      },
      {
        from: day,
        to: day,
        format: 'GeneralLedger',
        includeExported: false,
        systemTypeIds: [1, 2],
      },
    );
    // Meanwhile another export carries the same invoices.
    const winner = await exportDay('QuickBooksDesktop', false);
    const job = (
      await call('GET', `/api/v1/background-jobs/${winner.job.id}`)
    ).json<BackgroundJob>();
    await expect(
      connection.db.transaction((tx) => outcome.commit!(tx, { ...job, id: row!.id })),
    ).rejects.toThrow(/were exported meanwhile/);
    expect(
      await t.db
        .select()
        .from(accountingExportBatches)
        .where(eq(accountingExportBatches.id, row!.id)),
    ).toEqual([]);
  });

  it('issue 25: a user whose language is Spanish reads the export in Spanish', async () => {
    const chosen = await call('PUT', '/api/v1/user/language', 'clerkEs', { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const progressOf = (jobId: number) =>
      events.events
        .filter((event) => event.name === 'jobProgress_v1')
        .map((event) => event.data as BackgroundJob)
        .filter((job) => job.id === jobId && job.state === 'running' && job.message !== null)
        .map((job) => job.message);

    const job = await queue(
      { from: day, to: day, format: 'GeneralLedger', includeExported: true },
      'clerkEs',
    );
    expect(job.title).toBe(`Exportación a archivo de mayor general, ${day}`);
    const done = await finished(job, 'clerkEs');
    expect(done).toMatchObject({
      state: 'completed',
      message: `2 facturas y 1 nota de crédito exportadas en el lote ${job.id}.`,
    });
    await events.next('jobProgress_v1', (event) => (event.data as BackgroundJob).id === job.id);
    expect(progressOf(job.id)).toEqual(['Leyendo las facturas', 'Escribiendo el archivo']);

    const broken = await queue(
      { from: '2026-03-10', to: brokenDay, format: 'QuickBooksDesktop' },
      'clerkEs',
    );
    expect(broken.title).toBe(`Exportación a QuickBooks Desktop, 2026-03-10 a ${brokenDay}`);
    const failed = await finished(broken, 'clerkEs');
    const reason = `No se exportó nada. Invoice ${made.broken!.number}: product WASH (Washout) has no GL account: give its GL category one, or the product a GL category that has one.`;
    expect(failed).toMatchObject({ state: 'failed', message: reason });
    const event = await events.next(
      'accountingExportFailed_v1',
      (each) => (each.data as { exportId: number }).exportId === broken.id,
    );
    expect(event.data).toEqual({ exportId: broken.id, message: reason });

    // The clerk, still in English, reads English.
    const english = await queue({
      from: day,
      to: day,
      format: 'GeneralLedger',
      includeExported: true,
    });
    expect(english.title).toBe(`General ledger file export, ${day}`);
    expect((await finished(english)).message).toBe(
      `2 invoices and 1 credit note exported in batch ${english.id}.`,
    );
  });
});
