/**
 * Quick sale (R-QSALE-1..8): cash, check and card sales making the order, its ticket and its cash
 * transaction at once; declines and refusals that save nothing; the card never stored or logged;
 * the receipt PDF. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { cashTransactions, orders, scheduleProducts } from '../../db/schema/orders';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { systemParameters } from '../../db/schema/settings';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { counties } from '../../../seed/metro-area';
import { creditStatusIds, ticketStatusIds } from '../../db/reference-ids';
import { readEnv } from '../../env';
import { loggerOptions } from '../../http/logger';
import { testPaymentProvider } from '../../payments/test-payment-provider';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { type ErrorAnswer, type Json } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';

type Sale = Json & {
  orderId: number;
  orderNumber: number;
  ticketId: number;
  ticketNumber: number;
  customerId: number;
  customerName: string;
  totalAmount: number;
  taxAmount: number;
  lines: Json[];
  payments: Json[];
};

const pan = '4242424242424242';
const cvv = '737';
const declinedPan = '4000000000000002';
const concreteQuickSale = 11000;
const aggregateQuickSale = 21000;
const card = (amount: number, overrides: Json = {}) => ({
  method: 'card',
  amount,
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  securityValue: cvv,
  billingZip: '43065',
  ...overrides,
});

describe.each(databaseKinds)('quick sale on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const logged: string[] = [];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  /** 10 t of stone at 24.00, taxed at Delaware County's 7.25%: 240.00 + 17.40 = 257.40. */
  const stoneSale = (payments: Json[], overrides: Json = {}): Json => ({
    systemTypeId: 2,
    customerId: ids.acme,
    plantId: ids.pit,
    customerPoNumber: 'PO-7',
    lines: [{ productId: ids.stone, quantity: 10 }],
    payments,
    ...overrides,
  });
  const sell = async (body: Json, who = 'clerk') => {
    const response = await call('POST', '/api/v1/quick-sales', who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Sale>();
  };
  const counts = async () => {
    const [row] = await t.db
      .execute<{ orders: number; tickets: number; cash: number; next: number }>(
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from tickets) as tickets,
        (select count(*)::int from cash_transactions) as cash,
        (select next_ticket_number from aggregate_pits where plant_id = ${ids.pit}) as next`,
      )
      .then((result) => result.rows);
    return row!;
  };
  const setPayments = async (on: boolean) => {
    await t.db
      .insert(systemParameters)
      .values({ key: 'paymentsAvailable', value: on })
      .onConflictDoUpdate({ target: systemParameters.key, set: { value: on } });
  };

  beforeAll(async () => {
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(env) as Json;
    t = await createTestApp(kind, {}, { logger: { ...options, level: 'trace', stream } });
    const [north, pit] = await t.db
      .insert(plants)
      .values([
        {
          description: 'North Ready Mix',
          systemTypeId: 1,
          address1: '100 Plant Rd',
          address2: 'Powell, OH 43065',
        },
        { description: 'Delaware Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, pit: pit!.id });
    await t.db.insert(concretePlants).values({ plantId: ids.north!, nextTicketNumber: 500 });
    await t.db.insert(aggregatePits).values({ plantId: ids.pit!, nextTicketNumber: 9000 });
    const [acme, gone] = await t.db
      .insert(customers)
      .values([
        {
          number: 'C1',
          name: 'Acme Builders',
          creditStatusId: creditStatusIds.hold,
          taxScheduleId: counties.delaware.taxScheduleId,
        },
        { number: 'C2', name: 'Gone Co', inactiveFlag: true },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, gone: gone!.id });
    const [mix, stone, sand] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          price: 120,
        },
        { number: '57', description: '#57 Stone', systemTypeId: 2, unitOfMeasureId: 6, price: 24 },
        {
          number: 'SAND',
          description: 'Mason sand',
          systemTypeId: 2,
          unitOfMeasureId: 6,
          price: 18.5,
          taxableFlag: false,
        },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, stone: stone!.id, sand: sand!.id });

    const all = [1001, 1002, 1003];
    const users: [string, number[], Record<number, number>][] = [
      ['clerk', all, { [concreteQuickSale]: 5, [aggregateQuickSale]: 5 }],
      ['fixedPrices', all, { [aggregateQuickSale]: 6 }],
      ['noPrices', all, { [aggregateQuickSale]: 4 }],
      ['readOnly', all, { [aggregateQuickSale]: 3 }],
      ['concreteOnly', all, { [concreteQuickSale]: 5 }],
      ['noAggregateGroup', [1001], { [aggregateQuickSale]: 5 }],
    ];
    for (const [username, groupIds, permissions] of users) {
      await t.addUser({ username, groupIds, permissions });
      tokens[username] = await t.login(username);
    }
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(async () => {
    events.clear();
    await setPayments(true);
  });

  it('R-QSALE-1..4: a cash sale makes a complete order, its numbered ticket and its payment', async () => {
    const sale = await sell(stoneSale([{ method: 'cash', amount: 257.4, amountTendered: 300 }]));
    expect(sale).toMatchObject({
      customerId: ids.acme,
      customerName: 'Acme Builders',
      ticketNumber: 9000,
      plantName: 'Delaware Pit',
      subtotal: 240,
      taxAmount: 17.4,
      totalAmount: 257.4,
      lines: [
        {
          productNumber: '57',
          quantity: 10,
          price: 24,
          extendedPrice: 240,
          taxableFlag: true,
          unitOfMeasure: expect.any(String),
        },
      ],
      payments: [{ method: 'cash', amount: 257.4, amountTendered: 300, changeDue: 42.6 }],
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, sale.orderId));
    // Paid at the counter: complete at once, not held for the customer's credit, not on account.
    expect(order).toMatchObject({
      orderStatusId: 5,
      orderTypeId: 5,
      chargeOrderFlag: false,
      customerPoNumber: 'PO-7',
    });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, sale.ticketId));
    expect(ticket).toMatchObject({
      number: 9000,
      plantId: ids.pit,
      orderId: sale.orderId,
      statusId: ticketStatusIds.complete,
      loadNumber: 1,
    });
    expect(
      await t.db.select().from(ticketProducts).where(eq(ticketProducts.ticketId, sale.ticketId)),
    ).toMatchObject([
      { productId: ids.stone, quantity: 10, deliveredQuantity: 10, price: 24, taxableFlag: true },
    ]);
    expect(
      await t.db.select().from(cashTransactions).where(eq(cashTransactions.orderId, sale.orderId)),
    ).toMatchObject([
      {
        cashFlag: true,
        cashAmount: 257.4,
        checkFlag: false,
        creditCardFlag: false,
        creditCardLast4: null,
      },
    ]);
    const [pitRow] = await t.db
      .select()
      .from(aggregatePits)
      .where(eq(aggregatePits.plantId, ids.pit!));
    expect(pitRow!.nextTicketNumber).toBe(9001);
    // orderUpdate_v1 after the commit, and the ticket's own event.
    const event = await events.next('orderUpdate_v1', (e) => (e.data as Json).id === sale.orderId);
    expect(event.data).toMatchObject({
      number: sale.orderNumber,
      orderStatusId: 5,
      customerName: 'Acme Builders',
    });
    await events.next('ticketUpdate_v1', (e) => (e.data as Json).id === sale.ticketId);
    // The order reads like any other, with its schedule's lines ticketed.
    const lines = await t.db
      .select()
      .from(scheduleProducts)
      .where(eq(scheduleProducts.productId, ids.stone!));
    expect(lines.at(-1)).toMatchObject({ ticketed: true, quantity: 10, price: 24 });
  });

  it('R-QSALE-4: a check sale keeps its number; a split adds up; an untaxed line is not taxed', async () => {
    const sale = await sell(
      stoneSale(
        [
          { method: 'check', amount: 200, checkNumber: '1042' },
          { method: 'cash', amount: 149.9 },
        ],
        {
          lines: [
            { productId: ids.stone, quantity: 10 },
            { productId: ids.sand, quantity: 5 },
          ],
        },
      ),
    );
    // 240.00 + 92.50 (sand is not taxed) + 17.40 tax on the stone.
    expect(sale).toMatchObject({ subtotal: 332.5, taxAmount: 17.4, totalAmount: 349.9 });
    expect(sale.payments).toMatchObject([
      { method: 'cash', amount: 149.9 },
      { method: 'check', amount: 200, checkNumber: '1042' },
    ]);
  });

  it('R-QSALE-4: payments that do not add up, or a check without its number, are 400s naming the field', async () => {
    const before = await counts();
    const response = await call(
      'POST',
      '/api/v1/quick-sales',
      'clerk',
      stoneSale([
        { method: 'check', amount: 100 },
        { method: 'cash', amount: 100 },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().data).toEqual([
      { field: 'payments.0.checkNumber', reason: 'is required for a check' },
      { field: 'payments', reason: 'must add up to the total 257.40 (they add up to 200.00)' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('R-QSALE-6: a card sale keeps the brand, last four, expiry and approval code, never the card', async () => {
    const sale = await sell(stoneSale([card(257.4)]));
    expect(sale.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: 257.4,
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpiry: '12/30',
        approvalCode: expect.stringMatching(/^[0-9A-F]{6}$/),
      }),
    ]);
    const [row] = await t.db
      .select()
      .from(cashTransactions)
      .where(eq(cashTransactions.orderId, sale.orderId));
    expect(row).toMatchObject({
      creditCardFlag: true,
      creditCardAmount: 257.4,
      creditCardLast4: '4242',
      creditCardBrand: 'visa',
      creditCardExpirationDate: '12/30',
      creditCardBillingAddress: '43065',
      paymentReference: expect.stringMatching(/^test_ch_/),
    });
    expect(testPaymentProvider.approved.has(row!.paymentReference!)).toBe(true);
  });

  it('R-QSALE-7: a declined card saves nothing and says why beside the card number', async () => {
    // The last test's events may still be on their way: start from none.
    await settle();
    events.clear();
    const before = await counts();
    for (const [body, reason] of [
      [stoneSale([card(257.4, { cardNumber: declinedPan })]), 'Your card was declined.'],
      // 10.13 ends in .13: the test provider's insufficient funds.
      [
        stoneSale([card(10.13)], { lines: [{ productId: ids.sand, quantity: 1, price: 10.13 }] }),
        'Insufficient funds.',
      ],
    ] as const) {
      const response = await call('POST', '/api/v1/quick-sales', 'clerk', body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorAnswer>()).toMatchObject({
        code: 'card_declined',
        data: [{ field: 'payments.0.cardNumber', reason }],
      });
    }
    // No order, ticket or payment, and the ticket number was not used up.
    expect(await counts()).toEqual(before);
    await settle();
    expect(events.events.filter((event) => event.name === 'orderUpdate_v1')).toEqual([]);
  });

  it('R-QSALE-6: a charge whose sale then fails to save is voided', async () => {
    const before = await counts();
    // Someone wrote the pit's next ticket by hand: the sale's ticket collides after the charge.
    const [blocker] = await t.db
      .insert(orders)
      .values({
        customerId: ids.acme!,
        customerName: 'Acme Builders',
        customerPoNumber: '',
        plantId: ids.pit!,
        orderDate: '2026-01-01',
        shipDate: '2026-01-01',
        orderTypeId: 5,
        systemTypeId: 2,
        imperialFlag: true,
        reasonId: 1,
        shortLoadTypeId: 4,
        sourceTaxingType: 2,
      })
      .returning({ id: orders.id });
    await t.db
      .insert(tickets)
      .values({ number: before.next, orderId: blocker!.id, plantId: ids.pit!, statusId: 1 });
    const voided = testPaymentProvider.voided.size;
    const response = await call('POST', '/api/v1/quick-sales', 'clerk', stoneSale([card(257.4)]));
    expect(response.statusCode, response.body).toBe(409);
    expect(testPaymentProvider.voided.size).toBe(voided + 1);
    const after = await counts();
    expect(after).toEqual({ ...before, orders: before.orders + 1, tickets: before.tickets + 1 });
    await t.db.delete(tickets).where(eq(tickets.orderId, blocker!.id));
    await t.db.delete(orders).where(eq(orders.id, blocker!.id));
  });

  it('R-QSALE-7: while paymentsAvailable is off a card is refused and cash still sells', async () => {
    await setPayments(false);
    const before = await counts();
    const response = await call('POST', '/api/v1/quick-sales', 'clerk', stoneSale([card(257.4)]));
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({
      code: 'payments_unavailable',
      message: expect.stringContaining('Card payments are not available'),
      data: [{ field: 'payments.0.method' }],
    });
    expect(await counts()).toEqual(before);
    await sell(stoneSale([{ method: 'cash', amount: 257.4 }]));
  });

  it('R-QSALE-2: a walk-in sale goes on the walk-in cash account under the name given', async () => {
    const body = stoneSale([{ method: 'cash', amount: 240 }], {
      customerId: null,
      walkIn: true,
      walkInName: 'Pat Homeowner',
    });
    const first = await sell(body);
    const second = await sell({ ...body, walkInName: 'Lee Landscaper' });
    expect(first.customerName).toBe('Pat Homeowner');
    expect(second.customerName).toBe('Lee Landscaper');
    expect(second.customerId).toBe(first.customerId);
    const [account] = await t.db.select().from(customers).where(eq(customers.id, first.customerId));
    // A new walk-in account has no tax schedule: 240.00 untaxed.
    expect(account).toMatchObject({
      number: 'WALKIN',
      cashOnlyFlag: true,
      creditStatusId: creditStatusIds.codOnly,
    });
    expect(first.totalAmount).toBe(240);
  });

  it('R-QSALE-3: a concrete sale numbers its ticket from the concrete plant', async () => {
    const sale = await sell({
      systemTypeId: 1,
      customerId: ids.acme,
      plantId: ids.north,
      lines: [{ productId: ids.mix, quantity: 2, price: 125 }],
      payments: [{ method: 'cash', amount: 268.13 }],
    });
    expect(sale).toMatchObject({
      ticketNumber: 500,
      totalAmount: 268.13,
      plantAddress: ['100 Plant Rd', 'Powell, OH 43065'],
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, sale.orderId));
    expect(order!.orderTypeId).toBe(2);
  });

  it('R-QSALE-3: 400 names each bad field', async () => {
    const response = await call('POST', '/api/v1/quick-sales', 'clerk', {
      systemTypeId: 2,
      customerId: null,
      plantId: null,
      lines: [{ productId: null, quantity: 0 }],
      payments: [{ method: 'card', amount: 1 }],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<ErrorAnswer>().data.map((problem) => problem.field);
    expect(fields).toEqual(
      expect.arrayContaining(['plantId', 'lines.0.productId', 'lines.0.quantity', 'customerId']),
    );

    const references = await call('POST', '/api/v1/quick-sales', 'clerk', {
      ...stoneSale([{ method: 'cash', amount: 1 }]),
      customerId: ids.gone,
      plantId: ids.north,
      lines: [
        { productId: ids.mix, quantity: 1 },
        { productId: 999999, quantity: 1 },
      ],
    });
    expect(references.json<ErrorAnswer>().data).toEqual([
      { field: 'customerId', reason: 'the customer is inactive' },
      { field: 'plantId', reason: "must be a plant of the sale's system type" },
      { field: 'lines.0.productId', reason: "must be a product of the sale's system type" },
      { field: 'lines.1.productId', reason: 'refers to a record that does not exist' },
    ]);

    const badCard = await call(
      'POST',
      '/api/v1/quick-sales',
      'clerk',
      stoneSale([
        card(257.4, { cardNumber: '4242424242424241', expiry: '01/20', securityValue: '1' }),
      ]),
    );
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json<ErrorAnswer>().data.map((problem) => problem.field)).toEqual([
      'payments.0.cardNumber',
      'payments.0.expiry',
      'payments.0.securityValue',
    ]);
  });

  it('R-QSALE-2: 403 without the quick sale form of the system type at a level that writes with prices', async () => {
    const body = stoneSale([{ method: 'cash', amount: 257.4 }]);
    for (const who of ['concreteOnly', 'noAggregateGroup', 'readOnly', 'noPrices']) {
      const response = await call('POST', '/api/v1/quick-sales', who, body);
      expect(response.statusCode, who).toBe(403);
    }
    expect(
      (await call('POST', '/api/v1/quick-sales', 'noPrices', body)).json<ErrorAnswer>().message,
    ).toMatch(/needs a permission level that shows prices/);
    // Read-only prices: the price found may be sent back, another may not.
    await sell(
      stoneSale([{ method: 'cash', amount: 257.4 }], {
        lines: [{ productId: ids.stone, quantity: 10, price: 24 }],
      }),
      'fixedPrices',
    );
    const changed = await call(
      'POST',
      '/api/v1/quick-sales',
      'fixedPrices',
      stoneSale([{ method: 'cash', amount: 1 }], {
        lines: [{ productId: ids.stone, quantity: 10, price: 1 }],
      }),
    );
    expect(changed.statusCode).toBe(403);
    expect(changed.json<ErrorAnswer>().data).toEqual([
      { field: 'lines.0.price', reason: 'prices are read-only for you' },
    ]);
  });

  it('R-QSALE-3: prices a line for the till, the walk-in included', async () => {
    const priced = await call(
      'GET',
      `/api/v1/quick-sales/price?systemTypeId=2&productId=${ids.stone}&plantId=${ids.pit}&customerId=${ids.acme}`,
    );
    expect(priced.json()).toEqual({ price: 24, taxable: true, unitOfMeasureId: 6, taxRate: 7.25 });
    const walkIn = await call(
      'GET',
      `/api/v1/quick-sales/price?systemTypeId=2&productId=${ids.sand}&plantId=${ids.pit}`,
    );
    expect(walkIn.json()).toMatchObject({ price: 18.5, taxable: false });
    expect(
      (
        await call(
          'GET',
          `/api/v1/quick-sales/price?systemTypeId=2&productId=${ids.stone}&plantId=${ids.pit}`,
          'concreteOnly',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('R-QSALE-8: the receipt is a PDF with the ticket number', async () => {
    const sale = await sell(stoneSale([card(257.4)]));
    const response = await call('GET', `/api/v1/quick-sales/${sale.orderId}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`Receipt, ticket ${sale.ticketNumber}`);
    expect(
      (await call('GET', `/api/v1/quick-sales/${sale.orderId}/receipt.pdf`, 'concreteOnly'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/v1/quick-sales/${sale.orderId}/receipt.pdf`, 'noAggregateGroup'))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/quick-sales/99999999/receipt.pdf')).statusCode).toBe(404);
  });

  it('R-QSALE-6: after a card sale no table holds the card number or security value, nor does the log', async () => {
    await sell(stoneSale([card(257.4)]));
    await call(
      'POST',
      '/api/v1/quick-sales',
      'clerk',
      stoneSale([card(257.4, { cardNumber: declinedPan })]),
    );
    await call(
      'POST',
      '/api/v1/quick-sales',
      'clerk',
      stoneSale([card(1, { cardNumber: '4242424242424241' })]),
    );
    const tables = await t.db.execute<{ name: string }>(
      sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
          from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const dump: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await t.db.execute<{ row: string }>(
        sql`select row_to_json(t)::text as row from ${sql.raw(name)} t`,
      );
      dump.push(...rows.rows.map((row) => row.row));
    }
    expect(
      dump.some((row) => row.includes('"creditCardLast4"') || row.includes('credit_card_last4')),
    ).toBe(true);
    const text = dump.join('\n');
    for (const number of [pan, declinedPan, '4242 4242 4242 4242', '4242424242424241']) {
      expect(text).not.toContain(number);
    }
    // No column of any row holds the security value.
    const values = dump.flatMap((row) => Object.values(JSON.parse(row) as Json));
    expect(values.filter((value) => String(value) === cvv)).toEqual([]);
    expect(text).not.toMatch(/securityValue|security_value/i);

    // The log: the requests above, and a line that tried to log a card, redacted.
    t.app.log.info({ payment: { cardNumber: pan, securityValue: cvv } }, 'a careless log line');
    t.app.log.info({ body: { payments: [card(1)] } }, 'another');
    const log = logged.join('');
    expect(log).toContain('a careless log line');
    expect(log).toContain('/api/v1/quick-sales');
    expect(log).not.toContain(pan);
    expect(log).not.toContain('4242 4242 4242 4242');
    expect(log).not.toContain(`"${cvv}"`);
  });
});
