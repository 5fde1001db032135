/**
 * Flag invoice's routes (R-INV-1..R-INV-12) on a real database: candidates, invoicing with
 * gapless numbers (under concurrency and after a rollback), the list, one invoice, its PDF with
 * its PO, terms and due date, the credit note, permissions and prices by level, the live event,
 * and the refusal to change an order's invoiced tickets.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { auditTrail } from '../../db/schema/audit';
import { invoiceLines, invoices } from '../../db/schema/billing';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { taxLevels, taxScheduleLevels, taxSchedules } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import {
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  termsDiscountIds,
  ticketStatusIds,
  voidStatusIds,
} from '../../db/reference-ids';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type Json, type SuiteUser } from '../../../test/order-fixtures';
import { pdfTextOf } from '../../../test/pdf-text-of';
import { databaseKinds } from '../../../test/test-tenancy';
import { takeDocumentNumber } from './document-numbers';
import { flagInvoiceForm } from './invoices.routes';

type Summary = Json & {
  id: number;
  number: number;
  kind: string;
  customerName: string;
  totalAmount?: number;
  extendedPrice?: number;
  taxAmount?: number;
};
type Candidates = {
  customers: (Json & {
    customerId: number;
    customerName: string;
    orders: (Json & { orderId: number; tickets: (Json & { id: number; number: number })[] })[];
  })[];
  ticketCount: number;
  truncated: boolean;
};

const day = '2026-03-09';
const at = (date: string, time: string) => new Date(`${date}T${time}:00`);

describe.each(databaseKinds)('flag invoice on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  let ticketNumber = 100;

  /** A concrete order of the customer, with delivered tickets of products at prices. */
  const orderWithTickets = async (
    customer: 'acme' | 'zephyr',
    ticketSpecs: {
      lines: { productId: number; quantity: number; price: number | null; taxable?: boolean }[];
      statusId?: number;
      voided?: boolean;
      when?: Date;
      plantId?: number;
      systemTypeId?: 1 | 2;
    }[],
  ) => {
    const systemTypeId = ticketSpecs[0]?.systemTypeId ?? 1;
    const [order] = await t.db
      .insert(orders)
      .values({
        customerId: ids[customer]!,
        customerName: customer === 'acme' ? 'Acme Builders' : 'Zephyr Paving',
        customerPoNumber: 'PO-7',
        jobId: customer === 'acme' ? ids.job! : null,
        plantId: ids.north!,
        orderDate: day,
        shipDate: day,
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
      .returning({ id: orders.id, number: orders.number });
    const made: { id: number; number: number }[] = [];
    for (const spec of ticketSpecs) {
      ticketNumber += 1;
      const [ticket] = await t.db
        .insert(tickets)
        .values({
          number: ticketNumber,
          orderId: order!.id,
          plantId: spec.plantId ?? ids.north!,
          statusId: spec.statusId ?? ticketStatusIds.complete,
          voidStatusId: spec.voided ? voidStatusIds.entryError : null,
          ticketDateTime: spec.when ?? at(day, '10:00'),
          truckNumber: 'T-12',
          loadNumber: made.length + 1,
        })
        .returning({ id: tickets.id, number: tickets.number });
      await t.db.insert(ticketProducts).values(
        spec.lines.map((line) => ({
          ticketId: ticket!.id,
          productId: line.productId,
          quantity: line.quantity,
          price: line.price,
          taxableFlag: line.taxable ?? true,
          unitOfMeasure: 1,
        })),
      );
      made.push(ticket!);
    }
    return { order: order!, tickets: made };
  };

  const candidates = async (query = `from=${day}&to=${day}`, who = 'clerk') => {
    const response = await call('GET', `/api/v1/invoices/candidates?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Candidates>();
  };
  const candidateIds = (answer: Candidates) =>
    answer.customers.flatMap((customer) =>
      customer.orders.flatMap((order) => order.tickets.map((ticket) => ticket.id)),
    );
  const invoice = async (ticketIds: number[], invoiceDate = day, who = 'clerk') => {
    const response = await call('POST', '/api/v1/invoices', who, { ticketIds, invoiceDate });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ invoices: Summary[] }>().invoices;
  };
  const lastNumber = async () =>
    Math.max(0, ...(await t.db.select({ n: invoices.number }).from(invoices)).map((row) => row.n));

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at('2026-03-10', '09:30');
    const [north, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, pit: pit!.id });
    await t.db.insert(taxLevels).values([
      { id: 9001, description: 'State', taxRate: 5.75 },
      { id: 9002, description: 'County', taxRate: 1.5 },
    ]);
    await t.db.insert(taxSchedules).values({ id: 9001, description: 'Franklin County' });
    await t.db.insert(taxScheduleLevels).values([
      { taxScheduleId: 9001, taxLevelId: 9001 },
      { taxScheduleId: 9001, taxLevelId: 9002 },
    ]);
    const [acme, zephyr] = await t.db
      .insert(customers)
      .values([
        {
          number: 'C1',
          name: 'Acme Builders',
          taxScheduleId: 9001,
          billingAddress1: 'Accounts payable',
          billingAddress2: '12 Main St',
          billingAddress3: 'Columbus',
          billingAddress5: 'OH',
          billingAddress6: 'Franklin',
          billingAddress7: '43215',
        },
        { number: 'C2', name: 'Zephyr Paving', address1: '9 Side Rd' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, zephyr: zephyr!.id });
    const [job] = await t.db
      .insert(jobs)
      .values({ customerId: ids.acme!, number: 'J-1' })
      .returning({ id: jobs.id });
    ids.job = job!.id;
    const [mix, fee, stone] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          price: 120,
        },
        {
          number: 'ENV',
          description: 'Environmental fee',
          systemTypeId: 1,
          unitOfMeasureId: 5,
          price: 15,
        },
        { number: '57', description: 'Stone', systemTypeId: 2, unitOfMeasureId: 6, price: 24 },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, fee: fee!.id, stone: stone!.id });

    const concreteEntry = systemTypeForm('orderEntry', 1).id;
    const users: SuiteUser[] = [
      ['clerk', [1001, 1002], { [flagInvoiceForm]: 5, [concreteEntry]: 5 }],
      ['other', [1001, 1002], { [flagInvoiceForm]: 5 }],
      ['viewer', [1001], { [flagInvoiceForm]: 2 }],
      ['readOnly', [1001], { [flagInvoiceForm]: 3 }],
      ['noPrices', [1001], { [flagInvoiceForm]: 4 }],
      ['aggregateOnly', [1002], { [flagInvoiceForm]: 5 }],
      ['nobody', [1001], { [concreteEntry]: 5 }],
    ];
    await addUsers(t, tokens, users);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  it('R-INV-1: lists delivered tickets not invoiced, by customer and order, with amounts and tax', async () => {
    const acme = await orderWithTickets('acme', [
      // 9.5 yd at 128.50 = 1220.75, tax 7.25 % = 88.50; a fee of 15.00, tax 1.09.
      {
        lines: [
          { productId: ids.mix!, quantity: 9.5, price: 128.5 },
          { productId: ids.fee!, quantity: 1, price: 15 },
        ],
      },
      {
        lines: [{ productId: ids.mix!, quantity: 10, price: 128.5, taxable: false }],
        statusId: ticketStatusIds.delivered,
      },
      {
        lines: [{ productId: ids.mix!, quantity: 10, price: 128.5 }],
        statusId: ticketStatusIds.open,
      },
      { lines: [{ productId: ids.mix!, quantity: 10, price: 128.5 }], voided: true },
      {
        lines: [{ productId: ids.mix!, quantity: 10, price: 128.5 }],
        when: at('2026-03-08', '15:00'),
      },
    ]);
    const zephyr = await orderWithTickets('zephyr', [
      {
        lines: [{ productId: ids.stone!, quantity: 22.5, price: 24 }],
        systemTypeId: 2,
        plantId: ids.pit!,
      },
    ]);
    const answer = await candidates();
    const mine = answer.customers.filter((customer) =>
      [ids.acme, ids.zephyr].includes(customer.customerId),
    );
    expect(mine.map((customer) => customer.customerName)).toEqual([
      'Acme Builders',
      'Zephyr Paving',
    ]);
    const acmeGroup = mine[0]!;
    expect(acmeGroup).toMatchObject({
      customerNumber: 'C1',
      ticketCount: 2,
      extendedPrice: 2520.75,
      taxAmount: 89.59,
      totalAmount: 2610.34,
    });
    expect(acmeGroup.orders).toHaveLength(1);
    expect(acmeGroup.orders[0]).toMatchObject({
      orderId: acme.order.id,
      orderNumber: acme.order.number,
      jobNumber: 'J-1',
      taxRate: 7.25,
    });
    expect(acmeGroup.orders[0]!.tickets.map((ticket) => ticket.id)).toEqual([
      acme.tickets[0]!.id,
      acme.tickets[1]!.id,
    ]);
    expect(acmeGroup.orders[0]!.tickets[0]).toMatchObject({
      number: acme.tickets[0]!.number,
      ticketDate: day,
      plantName: 'North',
      truckNumber: 'T-12',
      problem: null,
      extendedPrice: 1235.75,
      taxAmount: 89.59,
      totalAmount: 1325.34,
      lines: [
        {
          productNumber: '3000',
          description: '3000 PSI',
          quantity: 9.5,
          unitPrice: 128.5,
          extendedPrice: 1220.75,
          taxAmount: 88.5,
        },
        { productNumber: 'ENV', quantity: 1, unitPrice: 15, extendedPrice: 15, taxAmount: 1.09 },
      ],
    });
    // No tax schedule: no tax.
    expect(mine[1]).toMatchObject({ extendedPrice: 540, taxAmount: 0, totalAmount: 540 });

    // Filters: customer, plant, system type, and the day before.
    expect(
      candidateIds(await candidates(`from=${day}&to=${day}&customerId=${ids.zephyr}`)),
    ).toEqual([zephyr.tickets[0]!.id]);
    expect(candidateIds(await candidates(`from=${day}&to=${day}&plantId=${ids.pit}`))).toEqual([
      zephyr.tickets[0]!.id,
    ]);
    expect(candidateIds(await candidates(`from=${day}&to=${day}&systemTypeId=2`))).toEqual([
      zephyr.tickets[0]!.id,
    ]);
    expect(candidateIds(await candidates('from=2026-03-08&to=2026-03-08'))).toContain(
      acme.tickets[4]!.id,
    );
    // Only the caller's system types (R-PERM-2).
    expect(candidateIds(await candidates(`from=${day}&to=${day}`, 'aggregateOnly'))).toEqual([
      zephyr.tickets[0]!.id,
    ]);
  });

  it('R-INV-1: 400 names the field; 403 without the form; prices hidden at levels 2 and 4', async () => {
    const missing = await call('GET', `/api/v1/invoices/candidates?to=${day}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ data: { field: string }[] }>().data[0]!.field).toBe('from');
    const backwards = await call('GET', `/api/v1/invoices/candidates?from=${day}&to=2026-03-01`);
    expect(backwards.json<{ data: { field: string }[] }>().data[0]!.field).toBe('to');
    const refused = await call(
      'GET',
      `/api/v1/invoices/candidates?from=${day}&to=${day}`,
      'nobody',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'You do not have permissions to access this form Flag Orders for Invoicing',
    );
    for (const who of ['viewer', 'noPrices']) {
      const answer = await candidates(`from=${day}&to=${day}`, who);
      expect(answer.customers.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toMatch(/extendedPrice|unitPrice|taxAmount|totalAmount/);
    }
  });

  it('R-INV-5: invoices the chosen tickets, one invoice per customer, with consecutive numbers', async () => {
    const acme = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
    ]);
    const zephyr = await orderWithTickets('zephyr', [
      { lines: [{ productId: ids.stone!, quantity: 20, price: 24 }], systemTypeId: 2 },
    ]);
    const before = await lastNumber();
    const made = await invoice([zephyr.tickets[0]!.id, ...acme.tickets.map((ticket) => ticket.id)]);
    // Customers in name order: Acme first.
    expect(made.map((row) => [row.number, row.customerName, row.kind])).toEqual([
      [before + 1, 'Acme Builders', 'invoice'],
      [before + 2, 'Zephyr Paving', 'invoice'],
    ]);
    // 16 yd at 120 = 1920.00, tax 7.25 % per line: 69.60 twice.
    expect(made[0]).toMatchObject({
      invoiceDate: day,
      ticketCount: 2,
      extendedPrice: 1920,
      taxAmount: 139.2,
      totalAmount: 2059.2,
      createdBy: 'clerk',
      creditsInvoiceId: null,
      creditedByInvoiceId: null,
    });
    const flagged = await t.db
      .select({ id: tickets.id, invoiceId: tickets.invoiceId })
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          acme.tickets.map((ticket) => ticket.id),
        ),
      );
    expect(flagged.every((row) => row.invoiceId === made[0]!.id)).toBe(true);
    // R-INV-6: every ticket of the order invoiced and nothing left to deliver: flagged.
    const [order] = await t.db
      .select({ invoicedFlag: orders.invoicedFlag, version: orders.version })
      .from(orders)
      .where(eq(orders.id, acme.order.id));
    expect(order).toEqual({ invoicedFlag: true, version: 2 });
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, made[0]!.id));
    expect(
      lines.map((line) => [
        line.ticketNumber,
        line.description,
        line.quantity,
        line.unitPrice,
        line.amount,
        line.taxAmount,
      ]),
    ).toEqual([
      [acme.tickets[0]!.number, '3000 PSI', 8, 120, 960, 69.6],
      [acme.tickets[1]!.number, '3000 PSI', 8, 120, 960, 69.6],
    ]);
    // R-INV-9: the audit trail and the live event.
    const audit = await t.db
      .select()
      .from(auditTrail)
      .where(
        inArray(
          auditTrail.recordId,
          made.map((row) => String(row.id)),
        ),
      );
    expect(audit.map((row) => [row.resource, row.action, row.username])).toEqual([
      ['invoices', 'created', 'clerk'],
      ['invoices', 'created', 'clerk'],
    ]);
    const event = await events.next('invoiceUpdate_v1');
    expect(event.data).toEqual({
      invoiceIds: made.map((row) => row.id),
      action: 'created',
      by: 'clerk',
    });
    // Gone from the candidates.
    const left = candidateIds(await candidates());
    expect(left).not.toContain(acme.tickets[0]!.id);
    expect(left).not.toContain(zephyr.tickets[0]!.id);
  });

  it('R-INV-2, R-INV-5: refuses what may not be invoiced, naming the field', async () => {
    const {
      tickets: [open, unpriced, fine],
    } = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }], statusId: ticketStatusIds.open },
      { lines: [{ productId: ids.mix!, quantity: 8, price: null }] },
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
    ]);
    const before = await lastNumber();
    const post = (body: Json, who = 'clerk') => call('POST', '/api/v1/invoices', who, body);
    const fieldOf = async (body: Json) => {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ data: { field: string; reason: string }[] }>().data[0]!;
    };
    expect((await fieldOf({ invoiceDate: day })).field).toBe('ticketIds');
    expect(await fieldOf({ ticketIds: [], invoiceDate: day })).toEqual({
      field: 'ticketIds',
      reason: 'choose at least one ticket',
    });
    expect((await fieldOf({ ticketIds: [fine!.id] })).field).toBe('invoiceDate');
    expect((await fieldOf({ ticketIds: [fine!.id], invoiceDate: '2026-02-30' })).field).toBe(
      'invoiceDate',
    );
    expect(await fieldOf({ ticketIds: [fine!.id, open!.id], invoiceDate: day })).toEqual({
      field: 'ticketIds.1',
      reason: `Ticket ${open!.number} is not delivered yet.`,
    });
    expect(await fieldOf({ ticketIds: [unpriced!.id], invoiceDate: day })).toEqual({
      field: 'ticketIds.0',
      reason: `Ticket ${unpriced!.number} has a product without a price.`,
    });
    expect(await fieldOf({ ticketIds: [fine!.id], invoiceDate: '2026-03-08' })).toEqual({
      field: 'invoiceDate',
      reason: `Ticket ${fine!.number} was delivered on ${day}, after the invoice date.`,
    });
    expect((await fieldOf({ ticketIds: [999_999], invoiceDate: day })).field).toBe('ticketIds.0');
    // Another system type's ticket is not found for this caller.
    expect(
      (await post({ ticketIds: [fine!.id], invoiceDate: day }, 'aggregateOnly')).statusCode,
    ).toBe(400);
    // Read-only levels may not invoice.
    for (const who of ['viewer', 'readOnly', 'nobody']) {
      expect((await post({ ticketIds: [fine!.id], invoiceDate: day }, who)).statusCode).toBe(403);
    }
    expect(await lastNumber()).toBe(before);
    // Invoiced already: 409 naming the invoice.
    const [made] = await invoice([fine!.id]);
    const again = await post({ ticketIds: [fine!.id], invoiceDate: day });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      `Ticket ${fine!.number} is on invoice ${made!.number}; issue a credit first.`,
    );
  });

  it('R-INV-5: two clerks flagging the same ticket at once: one invoice, one 409', async () => {
    const { tickets: list } = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
    ]);
    const before = await lastNumber();
    const body = { ticketIds: list.map((ticket) => ticket.id), invoiceDate: day };
    const answers = await Promise.all([
      call('POST', '/api/v1/invoices', 'clerk', body),
      call('POST', '/api/v1/invoices', 'other', {
        ...body,
        ticketIds: [...body.ticketIds].reverse(),
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const lines = await t.db
      .select({ invoiceId: invoiceLines.invoiceId })
      .from(invoiceLines)
      .where(inArray(invoiceLines.ticketId, body.ticketIds));
    expect(new Set(lines.map((line) => line.invoiceId)).size).toBe(1);
    expect(lines).toHaveLength(2);
    expect(await lastNumber()).toBe(before + 1);
  });

  it('R-INV-5: concurrent invoices take consecutive numbers, and a rollback gives its number back', async () => {
    const orders10 = await Promise.all(
      Array.from({ length: 6 }, () =>
        orderWithTickets('zephyr', [
          { lines: [{ productId: ids.stone!, quantity: 10, price: 24 }], systemTypeId: 2 },
        ]),
      ),
    );
    const before = await lastNumber();
    const answers = await Promise.all(
      orders10.map((made, index) =>
        call('POST', '/api/v1/invoices', index % 2 === 0 ? 'clerk' : 'other', {
          ticketIds: [made.tickets[0]!.id],
          invoiceDate: day,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = answers
      .map((answer) => answer.json<{ invoices: Summary[] }>().invoices[0]!.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((step) => before + step));

    // A transaction that took a number and then failed leaves no gap.
    await expect(
      t.db.transaction(async (tx) => {
        expect(await takeDocumentNumber(tx, 'invoice')).toBe(before + 7);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const {
      tickets: [next],
    } = await orderWithTickets('zephyr', [
      { lines: [{ productId: ids.stone!, quantity: 1, price: 24 }], systemTypeId: 2 },
    ]);
    const [made] = await invoice([next!.id]);
    expect(made!.number).toBe(before + 7);
  });

  it('R-INV-8: lists and searches invoices, reads one with its lines, 404 for an unknown one', async () => {
    const {
      tickets: [ticket],
    } = await orderWithTickets('acme', [
      {
        lines: [
          { productId: ids.mix!, quantity: 2.5, price: 101.25 },
          { productId: ids.fee!, quantity: 1, price: 15, taxable: false },
        ],
      },
    ]);
    const [made] = await invoice([ticket!.id]);
    const list = await call('GET', `/api/v1/invoices?search=${made!.number}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: Summary[] }>().data[0]).toMatchObject({
      id: made!.id,
      number: made!.number,
    });
    const byName = await call('GET', `/api/v1/invoices?search=zephyr&limit=200`);
    expect(
      byName.json<{ data: Summary[] }>().data.every((row) => row.customerName === 'Zephyr Paving'),
    ).toBe(true);
    const byCustomer = await call(
      'GET',
      `/api/v1/invoices?customerId=${ids.acme}&from=${day}&to=${day}`,
    );
    const acmeRows = byCustomer.json<{ count: number; data: Summary[] }>();
    expect(acmeRows.data.every((row) => row.customerName === 'Acme Builders')).toBe(true);
    expect(acmeRows.count).toBe(acmeRows.data.length);
    const none = await call('GET', `/api/v1/invoices?from=2026-03-11`);
    expect(none.json<{ count: number }>().count).toBe(0);

    const one = await call('GET', `/api/v1/invoices/${made!.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      number: made!.number,
      customerNumber: 'C1',
      billTo: ['Accounts payable', '12 Main St', 'Columbus, OH 43215'],
      // 2.5 × 101.25 = 253.13 (half up), tax 18.35; the fee untaxed.
      extendedPrice: 268.13,
      taxAmount: 18.35,
      totalAmount: 286.48,
      lines: [
        {
          ticketNumber: ticket!.number,
          ticketDate: day,
          jobNumber: 'J-1',
          plantName: 'North',
          productNumber: '3000',
          quantity: 2.5,
          unitOfMeasure: 1,
          unitPrice: 101.25,
          extendedPrice: 253.13,
          taxAmount: 18.35,
          totalAmount: 271.48,
        },
        {
          productNumber: 'ENV',
          quantity: 1,
          unitPrice: 15,
          extendedPrice: 15,
          taxAmount: 0,
          totalAmount: 15,
        },
      ],
    });
    const hidden = await call('GET', `/api/v1/invoices/${made!.id}`, 'noPrices');
    expect(hidden.body).not.toMatch(/extendedPrice|unitPrice|taxAmount|totalAmount/);
    expect((await call('GET', '/api/v1/invoices/999999')).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/invoices/${made!.id}`, 'aggregateOnly')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/invoices', 'nobody')).statusCode).toBe(403);

    // R-INV-10: the PDF.
    const pdf = await call('GET', `/api/v1/invoices/${made!.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const noPrices = await call('GET', `/api/v1/invoices/${made!.id}/invoice.pdf`, 'noPrices');
    expect(noPrices.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', '/api/v1/invoices/999999/invoice.pdf')).statusCode).toBe(404);
  });

  it("R-INV-8: a line without an order (an opening balance) is of its plant's system type", async () => {
    const { number, id } = await t.db.transaction(async (tx) => {
      const taken = await takeDocumentNumber(tx, 'invoice');
      const [made] = await tx
        .insert(invoices)
        .values({
          number: taken,
          customerId: ids.zephyr!,
          customerName: 'Zephyr Paving',
          invoiceDate: '2026-01-15',
          subtotal: 240,
          total: 240,
        })
        .returning({ id: invoices.id });
      await tx.insert(invoiceLines).values({
        invoiceId: made!.id,
        plantId: ids.pit!,
        productId: ids.stone!,
        description: 'Stone',
        quantity: 10,
        unitPrice: 24,
        amount: 240,
      });
      return { number: taken, id: made!.id };
    });
    // The pit is aggregate (system type 2): its clerks find and open it, concrete's do not.
    const listed = async (who: string) =>
      (await call('GET', `/api/v1/invoices?search=${number}`, who))
        .json<{ data: Summary[] }>()
        .data.map((row) => row.id);
    expect(await listed('clerk')).toContain(id);
    expect(await listed('aggregateOnly')).toContain(id);
    expect(await listed('viewer')).not.toContain(id);
    const one = await call('GET', `/api/v1/invoices/${id}`, 'aggregateOnly');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ number, lines: [{ plantName: 'Pit', quantity: 10 }] });
    expect((await call('GET', `/api/v1/invoices/${id}`, 'viewer')).statusCode).toBe(404);
  });

  it('R-INV-7: a credit note reverses an invoice and releases its tickets', async () => {
    const { order, tickets: list } = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
    ]);
    const [made] = await invoice(list.map((ticket) => ticket.id));
    const missing = await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'clerk', {
      reason: ' ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ data: { field: string }[] }>().data[0]!.field).toBe('reason');
    expect(
      (await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'readOnly', { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/v1/invoices/999999/credit', 'clerk', { reason: 'x' })).statusCode,
    ).toBe(404);

    const before = await lastNumber();
    events.clear();
    const response = await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'clerk', {
      reason: 'Wrong price',
    });
    expect(response.statusCode, response.body).toBe(201);
    const credit = response.json<Summary>();
    expect(credit).toMatchObject({
      number: before + 1,
      kind: 'credit',
      invoiceDate: '2026-03-10',
      creditsInvoiceId: made!.id,
      creditsInvoiceNumber: made!.number,
      creditReason: 'Wrong price',
      extendedPrice: -960,
      taxAmount: -69.6,
      totalAmount: -1029.6,
      ticketCount: 1,
    });
    const creditLines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, credit.id));
    expect(creditLines.map((line) => [line.quantity, line.amount, line.taxAmount])).toEqual([
      [-8, -960, -69.6],
    ]);
    expect((await events.next('invoiceUpdate_v1')).data).toEqual({
      invoiceIds: [credit.id],
      action: 'credited',
      by: 'clerk',
    });
    const [released] = await t.db
      .select({ invoiceId: tickets.invoiceId })
      .from(tickets)
      .where(eq(tickets.id, list[0]!.id));
    expect(released!.invoiceId).toBeNull();
    const [flag] = await t.db
      .select({ invoicedFlag: orders.invoicedFlag })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(flag!.invoicedFlag).toBe(false);
    const credited = await call('GET', `/api/v1/invoices/${made!.id}`);
    expect(credited.json()).toMatchObject({
      creditedByInvoiceId: credit.id,
      creditedByNumber: credit.number,
    });

    const twice = await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'clerk', {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(
      `Invoice ${made!.number} was credited already by credit note ${credit.number}.`,
    );
    expect(
      (await call('POST', `/api/v1/invoices/${credit.id}/credit`, 'clerk', { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    // Released: invoiced again.
    expect(candidateIds(await candidates())).toContain(list[0]!.id);
    const [again] = await invoice([list[0]!.id]);
    expect(again!.number).toBe(before + 2);
  });

  it('R-INV-3: an order with invoiced tickets keeps its customer until the invoice is credited', async () => {
    const created = await call('POST', '/api/v1/orders', 'clerk', {
      customerId: ids.acme,
      customerPoNumber: 'PO-9',
      jobId: ids.job,
      orderDate: day,
      shipDate: day,
      orderTypeId: orderTypeIds.concreteDelivery,
      plantId: ids.north,
      reasonId: reasonIds.regular,
      sourceTaxingType: 1,
      systemTypeId: 1,
      shortLoadTypeId: shortLoadTypeIds.none,
      schedules: [
        {
          schedule: {
            plantId: ids.north,
            systemTypeId: 1,
            numberOfTrucks: 1,
            quantityPerHour: 30,
            loadIntervalTime: 20,
            travelTimeToJob: 20,
            travelTimeToPlant: 20,
            onJobWaitMinutes: 10,
            onJobWashMinutes: 10,
            firstLoadOnJobTime: `${day}T14:00:00Z`,
          },
          primaryProduct: { productId: ids.mix, systemTypeId: 1, quantity: 8, loadSize: 8 },
          extraProducts: [],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ id: number; number: number }>();
    ticketNumber += 1;
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        number: ticketNumber,
        orderId: order.id,
        plantId: ids.north!,
        statusId: ticketStatusIds.complete,
        ticketDateTime: at(day, '14:00'),
      })
      .returning({ id: tickets.id, number: tickets.number });
    await t.db
      .insert(ticketProducts)
      .values({ ticketId: ticket!.id, productId: ids.mix!, quantity: 8, price: 120 });
    const list = [ticket!];
    const [made] = await invoice(list.map((ticket) => ticket.id));
    const read = await call('GET', `/api/v1/orders/${order.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const current = read.json<Json>();
    const moved = await call('PUT', `/api/v1/orders/${order.id}`, 'clerk', {
      ...current,
      customerId: ids.zephyr,
      jobId: null,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json<{ message: string; code: string }>()).toMatchObject({
      code: 'ticket_invoiced',
      message: `Ticket ${list[0]!.number} is on invoice ${made!.number}; issue a credit first.`,
    });
    // Other changes go through; after a credit the customer may change too.
    const latest = (await call('GET', `/api/v1/orders/${order.id}`)).json<Json>();
    const noted = await call('PUT', `/api/v1/orders/${order.id}`, 'clerk', {
      ...latest,
      notes: 'Gate code 1234',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const credit = await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'clerk', {
      reason: 'Billed to the wrong customer',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const fresh = (await call('GET', `/api/v1/orders/${order.id}`)).json<Json>();
    const rebilled = await call('PUT', `/api/v1/orders/${order.id}`, 'clerk', {
      ...fresh,
      customerId: ids.zephyr,
      jobId: null,
    });
    expect(rebilled.statusCode, rebilled.body).toBe(200);
  });

  it('R-INV-12: an invoice carries the PO, the terms and the due date, in its answer and its PDF', async () => {
    // Acme's concrete pricing defaults name 2% 10, net 30 from the start of the year.
    await t.db.insert(customerConcretePricing).values({
      customerId: ids.acme!,
      termsDiscountId: termsDiscountIds.twoTenNet30,
      startDate: '2026-01-01',
    });
    const { tickets: shared } = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 10, price: 120 }] },
      { lines: [{ productId: ids.mix!, quantity: 8, price: 120 }] },
    ]);
    const [made] = await invoice(shared.map((ticket) => ticket.id));
    const read = async (id: number, who = 'clerk') =>
      (await call('GET', `/api/v1/invoices/${id}`, who)).json<Json>();
    const pdf = async (id: number, who = 'clerk') =>
      pdfTextOf((await call('GET', `/api/v1/invoices/${id}/invoice.pdf`, who)).rawPayload);
    expect(await read(made!.id)).toMatchObject({
      customerPoNumber: 'PO-7',
      terms: { description: '2% 10, net 30', netDays: 30, discountPercent: 2, discountDays: 10 },
      // Dated 9 March: due 30 days on, the discount's last day 10 days on.
      dueDate: '2026-04-08',
      lines: [{ customerPoNumber: 'PO-7' }, { customerPoNumber: 'PO-7' }],
    });
    // 18 yd at 120.00 = 2,160.00, tax 7.25 % = 156.60: 2,316.60; 2 % of it is 46.33.
    const text = await pdf(made!.id);
    expect(text).toContain('PO no. PO-7');
    expect(text).toContain('Terms 2% 10, net 30');
    expect(text).toContain('Due date 2026-04-08');
    expect(text).toContain('3000 · North · Job J-1 PO-7');
    expect(text).toContain('TERMS: 2% 10, NET 30');
    expect(text).toContain('Payment of 2,316.60 is due by 2026-04-08.');
    expect(text).toContain('Paid by 2026-03-19, 2,270.27 settles it (2% discount: 46.33).');
    expect(text).toContain(`Please quote invoice ${made!.number} and PO-7 with your payment.`);
    // A level that hides prices reads the terms and the due date, not the amounts.
    const hidden = await pdf(made!.id, 'noPrices');
    expect(hidden).toContain('Due date 2026-04-08');
    expect(hidden).toContain(
      'Payment is due by 2026-04-08. Paid by 2026-03-19, it earns a 2% discount.',
    );
    expect(hidden).not.toMatch(/2,316\.60|46\.33/);

    // A ticket with its own PO (R-TEDIT-2): each line names its ticket's, the header none.
    const { tickets: mixed } = await orderWithTickets('acme', [
      { lines: [{ productId: ids.mix!, quantity: 4, price: 120 }] },
      { lines: [{ productId: ids.mix!, quantity: 5, price: 120 }] },
    ]);
    await t.db
      .update(tickets)
      .set({ customerPoNumber: 'PO-GARAGE' })
      .where(eq(tickets.id, mixed[1]!.id));
    const [split] = await invoice(mixed.map((ticket) => ticket.id));
    expect(await read(split!.id)).toMatchObject({
      customerPoNumber: '',
      lines: [{ customerPoNumber: 'PO-7' }, { customerPoNumber: 'PO-GARAGE' }],
    });
    const splitText = await pdf(split!.id);
    expect(splitText).toContain('Job J-1 PO-GARAGE');
    expect(splitText).not.toContain('PO no.');

    // A customer without terms: due on receipt, the invoice's own date.
    const { tickets: zephyrs } = await orderWithTickets('zephyr', [
      { lines: [{ productId: ids.mix!, quantity: 3, price: 120 }] },
    ]);
    const [onReceipt] = await invoice(zephyrs.map((ticket) => ticket.id));
    expect(await read(onReceipt!.id)).toMatchObject({ terms: null, dueDate: day });
    const receiptText = await pdf(onReceipt!.id);
    expect(receiptText).toContain('Terms Due on receipt');
    expect(receiptText).toContain(`Due date ${day}`);
    expect(receiptText).toContain('Payment is due on receipt.');

    // A credit note has no terms and falls due on no day.
    const credited = await call('POST', `/api/v1/invoices/${made!.id}/credit`, 'clerk', {
      reason: 'Wrong mix',
    });
    const credit = credited.json<Summary>();
    expect(await read(credit.id)).toMatchObject({
      terms: null,
      dueDate: null,
      customerPoNumber: 'PO-7',
    });
    const creditText = await pdf(credit.id);
    expect(creditText).toContain('CREDIT NOTE');
    expect(creditText).not.toMatch(/Due date|TERMS/);
  });
});
