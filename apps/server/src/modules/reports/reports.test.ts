/**
 * `POST /api/v1/reports/runs` and the 'report' job on a real database (R-RPT-1..R-RPT-9): a run
 * is queued (202), bad parameters are refused naming the field (400), users without the forms
 * behind the data or asking for a system type outside their groups are refused (403), the job
 * makes the PDF, CSV and Excel files (read back here), leaves amounts out for a level that hides
 * prices (in every file), and tells the requester with reportComplete_v1.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { sessions } from '../../db/schema/auth';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { buildReportWorld } from '../../../test/report-fixtures';

const all = [1001, 1002, 1003];
const november = { from: '2026-11-01', to: '2026-11-30' };

/** RFC 4180 CSV, as a spreadsheet reads it: quoted fields may hold commas, quotes and newlines. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Pages of a PDF: its page objects. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

describe.each(databaseKinds)('report runs on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  const run = async (body: unknown, who = 'clerk') =>
    call('POST', '/api/v1/reports/runs', who, body);
  const finished = async (id: number, who = 'clerk'): Promise<BackgroundJob> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await call('GET', `/api/v1/background-jobs/${id}`, who)).json<BackgroundJob>();
      if (['completed', 'failed', 'cancelled'].includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} not done: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  const runToEnd = async (body: unknown, who = 'clerk') => {
    const response = await run(body, who);
    expect(response.statusCode, response.body).toBe(202);
    const job = await finished(response.json<BackgroundJob>().id, who);
    expect(job.state, job.message ?? '').toBe('completed');
    return job;
  };
  const file = async (job: BackgroundJob, extension: string, who = 'clerk') => {
    const made = job.files.find((each) => each.name.endsWith(`.${extension}`));
    expect(made, `${extension} of ${job.title}`).toBeDefined();
    const response = await call('GET', made!.url, who);
    expect(response.statusCode).toBe(200);
    return { response, content: response.rawPayload };
  };
  const csvOf = async (job: BackgroundJob, who = 'clerk') =>
    parseCsv((await file(job, 'csv', who)).content.toString('utf8').replace(/^\ufeff/, ''));
  const workbook = async (content: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(content as unknown as ArrayBuffer);
    return book;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await buildReportWorld(t.db);
    Object.assign(
      users,
      await addUsers(t, tokens, [
        ['clerk', all, { 51302: 5 }],
        ['clerkEs', all, { 51302: 5 }],
        ['noPrices', all, { 51302: 4, 15000: 5 }],
        // No level on Reports: the order entry form behind the data decides (R-RPT-3).
        ['concreteEntry', [1001], { 15000: 5 }],
        ['stranger', all, {}],
      ]),
    );
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });

  it('R-RPT-1, R-RPT-6: queues a run (202), makes PDF, CSV and Excel, and tells the requester', async () => {
    const response = await run({ reportKey: 'shippedOrders', params: november });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<BackgroundJob>();
    expect(queued).toMatchObject({
      kind: 'report',
      title: 'Shipped orders, 1–30 Nov 2026',
      state: 'queued',
      requestedBy: 'clerk',
      files: [],
    });
    const job = await finished(queued.id);
    expect(job).toMatchObject({
      state: 'completed',
      progress: 100,
      message: '2 orders, 2 plants',
      result: {
        reportKey: 'shippedOrders',
        rows: 2,
        pricesHidden: false,
        formats: ['pdf', 'csv', 'xlsx'],
      },
    });
    expect(job.files.map((each) => [each.name, each.contentType])).toEqual([
      ['shipped-orders-1-30-nov-2026.pdf', 'application/pdf'],
      ['shipped-orders-1-30-nov-2026.csv', 'text/csv; charset=utf-8'],
      [
        'shipped-orders-1-30-nov-2026.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
    ]);

    const [session] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, users.clerk!));
    const complete = await events.next(
      'reportComplete_v1',
      (event) => (event.data as { reportId: number }).reportId === job.id,
      5000,
    );
    expect(complete).toMatchObject({
      data: { reportId: job.id, name: 'Shipped orders, 1–30 Nov 2026', url: job.files[0]!.url },
      sessionIds: [session!.id],
    });
    // R-JOB-4: the steps the requester's screen followed.
    const steps = events.events
      .filter(
        (event) => event.name === 'jobProgress_v1' && (event.data as BackgroundJob).id === job.id,
      )
      .map((event) => (event.data as BackgroundJob).message);
    expect(steps).toEqual(
      expect.arrayContaining([
        'Reading the period’s tickets',
        'Writing the PDF',
        'Writing the Excel workbook',
      ]),
    );

    const pdf = await file(job, 'pdf');
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf.content)).toBeGreaterThanOrEqual(1);

    const csv = await csvOf(job);
    expect(csv).toEqual([
      [
        'Plant',
        'Order',
        'Ship date',
        'Customer',
        'Job',
        'Product',
        'Unit',
        'Ordered',
        'Shipped',
        'Delivered',
        'Loads',
        'Amount',
        'Invoices',
      ],
      [
        'North',
        '1',
        '2026-11-02',
        'Acme Builders',
        'Lakeview Clinic',
        '3000 PSI',
        'yd³',
        '30',
        '28',
        '28',
        '3',
        '3375',
        '7',
      ],
      [
        'Pit',
        '2',
        '2026-11-03',
        'Zephyr Paving',
        'Hill residence',
        '#57 stone',
        'tn',
        '50',
        '49.5',
        '49.5',
        '2',
        '990',
        '',
      ],
    ]);

    const book = await workbook((await file(job, 'xlsx')).content);
    const sheet = book.getWorksheet('Shipped orders')!;
    expect(sheet.getCell('A1').value).toBe('Shipped orders, 1–30 Nov 2026');
    const header = sheet.getRow(6).values as unknown[];
    expect(header.slice(1)).toEqual([
      'Plant',
      'Order',
      'Ship date',
      'Customer',
      'Job',
      'Product',
      'Unit',
      'Ordered',
      'Shipped',
      'Delivered',
      'Loads',
      'Amount',
      'Invoices',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    const first = sheet.getRow(7);
    expect(first.getCell(1).value).toBe('North');
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 2)));
    expect(first.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(9).value).toBe(28);
    expect(first.getCell(10).value).toBe(28);
    expect(first.getCell(12).value).toBe(3375);
    expect(first.getCell(12).numFmt).toBe('#,##0.00');
    expect(first.getCell(12).font?.bold).toBeFalsy();
    const subtotal = sheet.getRow(8);
    expect(subtotal.getCell(1).value).toBe('Subtotal North');
    expect(subtotal.getCell(12).value).toMatchObject({
      formula: 'SUBTOTAL(9,L7:L7)',
      result: 3375,
    });
    const total = sheet.getRow(sheet.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(12).font?.bold).toBe(true);
    expect(total.getCell(12).numFmt).toBe('#,##0.00');
    expect(total.getCell(11).value).toMatchObject({ formula: 'SUBTOTAL(9,K7:K10)', result: 5 });
    expect(total.getCell(12).value).toMatchObject({ result: 4365 });
    // Yards and tons: no quantity total.
    expect(total.getCell(9).value).toBeNull();
    expect(total.getCell(10).value).toBeNull();
  });

  it('issue 25: a run asked in Spanish has its title, progress, summary and files in Spanish', async () => {
    const job = await runToEnd({ reportKey: 'shippedOrders', params: november, language: 'es' });
    expect(job).toMatchObject({
      title: 'Pedidos despachados, 1–30 nov 2026',
      message: '2 pedidos, 2 plantas',
    });
    expect(job.files.map((each) => each.name)).toEqual([
      'pedidos-despachados-1-30-nov-2026.pdf',
      'pedidos-despachados-1-30-nov-2026.csv',
      'pedidos-despachados-1-30-nov-2026.xlsx',
    ]);
    const steps = events.events
      .filter(
        (event) => event.name === 'jobProgress_v1' && (event.data as BackgroundJob).id === job.id,
      )
      .map((event) => (event.data as BackgroundJob).message);
    expect(steps).toEqual(
      expect.arrayContaining(['Leyendo las boletas del periodo', 'Escribiendo el PDF']),
    );
    const [header] = await csvOf(job);
    expect(header).toEqual([
      'Planta',
      'Pedido',
      'Fecha de envío',
      'Cliente',
      'Obra',
      'Producto',
      'Ud.',
      'Pedido',
      'Enviado',
      'Entregado',
      'Cargas',
      'Importe',
      'Facturas',
    ]);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: (await file(job, 'pdf')).content,
    }).toString('utf8');
    for (const words of [
      'Pedidos despachados, 1–30 nov 2026',
      'Pedidos despachados en el periodo',
      'Plantas: todos',
      'Fecha de',
      '2 nov 2026',
      'Hecho el',
      'página 1 de 1',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/Shipped|Customer|Made |Nothing in/);
  });

  it('issue 25: a run that names no language is made in the one the server keeps for its requester', async () => {
    const chosen = await call('PUT', '/api/v1/user/language', 'clerkEs', { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const job = await runToEnd({ reportKey: 'shippedOrders', params: november }, 'clerkEs');
    expect(job).toMatchObject({
      title: 'Pedidos despachados, 1–30 nov 2026',
      message: '2 pedidos, 2 plantas',
    });
    // What the screen asks for wins over what is kept.
    const english = await runToEnd(
      { reportKey: 'shippedOrders', params: november, language: 'en' },
      'clerkEs',
    );
    expect(english).toMatchObject({
      title: 'Shipped orders, 1–30 Nov 2026',
      message: '2 orders, 2 plants',
    });
  });

  it('R-RPT-6: refuses bad parameters with 400 naming the field', async () => {
    const backwards = await run({
      reportKey: 'ticketRegister',
      params: { from: '2026-11-30', to: '2026-11-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      data: [{ field: 'params.to', reason: 'must not be before from' }],
    });
    const unknown = await run({ reportKey: 'profits', params: november, formats: ['doc'] });
    expect(unknown.statusCode).toBe(400);
    expect(
      unknown.json<{ data: { field: string }[] }>().data.map((problem) => problem.field),
    ).toEqual(expect.arrayContaining(['reportKey', 'formats.0']));
  });

  it('R-RPT-2, R-RPT-3, R-SYS-5: who may run reports, and for which system types', async () => {
    const refused = await run({ reportKey: 'shippedOrders', params: november }, 'stranger');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Reports$/);

    const aggregate = await run(
      { reportKey: 'shippedOrders', params: { ...november, systemTypeId: 2 } },
      'concreteEntry',
    );
    expect(aggregate.statusCode).toBe(403);
    expect(aggregate.json()).toMatchObject({
      data: [{ field: 'params.systemTypeId', reason: 'your groups do not include Aggregate' }],
    });

    // Order entry at 5 lets them run it, and their groups keep them to concrete.
    const job = await runToEnd(
      { reportKey: 'shippedOrders', params: november, formats: ['csv'] },
      'concreteEntry',
    );
    const csv = await csvOf(job, 'concreteEntry');
    expect(csv.slice(1).map((row) => row[0])).toEqual(['North']);
    expect(csv[0]).toContain('Amount');
    // reportComplete_v1 names the first file when no PDF was asked for.
    const complete = await events.next(
      'reportComplete_v1',
      (event) => (event.data as { reportId: number }).reportId === job.id,
      5000,
    );
    expect((complete.data as { url: string }).url).toBe(job.files[0]!.url);
    expect(job.files).toHaveLength(1);
  });

  it('R-PERM-6, R-RPT-3: a level that hides prices gets no amounts, in any file', async () => {
    const register = await runToEnd({ reportKey: 'ticketRegister', params: november }, 'noPrices');
    expect(register.result).toMatchObject({ pricesHidden: true });
    const csv = await csvOf(register, 'noPrices');
    expect(csv[0]).toEqual([
      'Plant',
      'Ticket',
      'Date and time',
      'Order',
      'Customer',
      'Truck',
      'Driver',
      'Product',
      'Quantity',
      'Unit',
      'Status',
      'Void reason',
    ]);
    expect(csv).toHaveLength(7);
    expect(csv.flat()).not.toContain('1215');
    const book = await workbook((await file(register, 'xlsx', 'noPrices')).content);
    const values = book.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : [])),
    );
    expect(values).not.toContain('Amount');
    expect(values).not.toContain(1215);
    expect(book.getWorksheet('Ticket register')!.getCell('A4').text).toMatch(
      /Amounts are left out/,
    );

    // Sales: the amounts-by-month sheet goes altogether.
    const sales = await runToEnd(
      {
        reportKey: 'salesQuantity',
        params: { from: '2026-11-01', to: '2026-12-31' },
        formats: ['xlsx'],
      },
      'noPrices',
    );
    const salesBook = await workbook((await file(sales, 'xlsx', 'noPrices')).content);
    expect(salesBook.worksheets.map((sheet) => sheet.name)).toEqual(['Quantity by month']);

    const withPrices = await runToEnd({
      reportKey: 'ticketRegister',
      params: november,
      formats: ['csv'],
    });
    const full = await csvOf(withPrices);
    expect(full[0]).toContain('Amount');
  });

  it('R-RPT-8: every report runs to a PDF with its pages', async () => {
    for (const reportKey of [
      'salesQuantity',
      'marketSegments',
      'materialDemand',
      'truckDemand',
      'orderedVsDelivered',
      'driverHours',
      'plantProduction',
    ]) {
      const job = await runToEnd({ reportKey, params: november, formats: ['pdf'] });
      const pdf = await file(job, 'pdf');
      expect(pdf.content.subarray(0, 5).toString(), reportKey).toBe('%PDF-');
      expect(pageCount(pdf.content), reportKey).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);
});
