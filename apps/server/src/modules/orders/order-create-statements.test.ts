/**
 * R-ORD-13: saving a new order costs a fixed, small number of SQL statements, whatever the order
 * holds (issue 12's creation bench: each round trip to the database is time on the server's one
 * thread). Counted through a real Drizzle handle on the test database's own client with a query
 * logger, on PGlite and PostgreSQL; the orders are priced from every source (the job's quote, the
 * customer's adjusted defaults, a dated product price) and get a static product, so every read
 * order entry makes is exercised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { plants } from '../../db/schema/plants';
import { productPrices } from '../../db/schema/prices';
import { products, staticProducts } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import { truckTypeIds } from '../../db/reference-ids';
import { concreteOrderBody, concreteSchedule, type Json } from '../../../test/order-fixtures';
import { loggingDb } from '../../../test/logging-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { createOrder } from './order-create';
import type { OrderWriter } from './order-writer';
import { orderCreateBody } from './orders.schemas';

/**
 * The most a create may send besides begin and commit: the references (with the defaults, prices
 * and new ids), the order with its schedules, lines and loads, the read-back, and the history
 * entry with the event. It was 29 for the smaller order here before R-ORD-13.
 */
const statementsPerCreate = 4;

describe.each(databaseKinds)('order creation round trips on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  /** The test database's own client behind a Drizzle handle that logs every statement it sends. */
  const counting = () => {
    const statements: string[] = [];
    // Begin and commit are logged on PostgreSQL only: the transaction's own are not counted.
    const db = loggingDb(t.db, kind, (query) => {
      if (!/^(begin|commit)\b/i.test(query)) statements.push(query);
    });
    return { db, statements };
  };

  const writer: OrderWriter = {
    username: 'counter',
    now: new Date('2026-03-10T09:30:00Z'),
    allowedSystemTypeIds: [1, 2, 3],
    access: () => permissionFlags(permissionLevels.FullWithPrices),
  };

  const schedule = (firstLoad: string, extras: Json[] = []) => ({
    ...concreteSchedule({ plantId: ids.north, productId: ids.mix, firstLoadOnJobTime: firstLoad }),
    extraProducts: extras,
  });
  const body = (schedules: Json[]) =>
    orderCreateBody.parse(
      concreteOrderBody(
        {
          customerId: ids.acme,
          plantId: ids.north,
          customerPoNumber: 'COUNT',
          jobId: ids.job,
          shipDate: '2026-03-10',
        },
        { schedules },
      ),
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [north] = await t.db
      .insert(plants)
      .values({ description: 'North', systemTypeId: 1, batchTime: 5, inYardWashTime: 4 })
      .returning({ id: plants.id });
    const [mix, accelerator, retarder, fee] = await t.db
      .insert(products)
      .values(
        [
          { number: '3000', description: '3000 PSI', price: 120 },
          { number: 'ACC', description: 'Accelerator', price: 3 },
          { number: 'RET', description: 'Retarder', price: 4 },
          { number: 'ENV', description: 'Environmental fee', price: 5 },
        ].map((row) => ({ ...row, systemTypeId: 1, unitOfMeasureId: 1 })),
      )
      .returning({ id: products.id });
    const [acme] = await t.db
      .insert(customers)
      .values({ number: 'C1', name: 'Acme' })
      .returning({ id: customers.id });
    // Two dollars off every price the quote does not set.
    await t.db
      .insert(customerConcretePricing)
      .values({ customerId: acme!.id, priceAdjustment: -2, priceAdjustmentPercentFlag: false });
    const [quote] = await t.db
      .insert(quotes)
      .values({
        number: 'Q1',
        description: 'Quote',
        customerId: acme!.id,
        systemTypeId: 1,
        quoteDate: '2026-03-01',
      })
      .returning({ id: quotes.id });
    await t.db
      .insert(quoteProducts)
      .values({ quoteId: quote!.id, productId: mix!.id, price: 110, sequence: 1 });
    const [job] = await t.db
      .insert(jobs)
      .values({ customerId: acme!.id, number: 'J-1', quoteId: quote!.id })
      .returning({ id: jobs.id });
    await t.db
      .insert(productPrices)
      .values({ productId: retarder!.id, price: 6, effectiveDate: '2026-03-01' });
    await t.db.insert(staticProducts).values({ systemTypeId: 1, productId: fee!.id, quantity: 1 });
    Object.assign(ids, {
      north: north!.id,
      mix: mix!.id,
      accelerator: accelerator!.id,
      retarder: retarder!.id,
      fee: fee!.id,
      acme: acme!.id,
      job: job!.id,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('R-ORD-13: a create takes the same few statements for one schedule or two with extras', async () => {
    const small = counting();
    const one = await createOrder(small.db, body([schedule('2026-03-10T14:00:00Z')]), writer);
    const large = counting();
    const two = await createOrder(
      large.db,
      body([
        schedule('2026-03-10T14:00:00Z', [
          { productId: ids.accelerator, systemTypeId: 1, quantity: 2 },
        ]),
        {
          ...schedule('2026-03-10T16:00:00Z', [
            { productId: ids.retarder, systemTypeId: 1, quantity: 1 },
          ]),
          schedule: {
            ...schedule('2026-03-10T16:00:00Z').schedule,
            truckTypeId: truckTypeIds.mixer8,
          },
          primaryProduct: { productId: ids.mix, systemTypeId: 1, quantity: 16 },
        },
      ]),
      writer,
    );
    // Priced from each source, with the static product added: every read was made.
    const lines = (order: typeof two) =>
      order.schedules.map((form) =>
        [form.primaryProduct!, ...form.extraProducts].map((line) => [line.productId, line.price]),
      );
    expect(lines(one)).toEqual([
      [
        [ids.mix, 110],
        [ids.fee, 3],
      ],
    ]);
    expect(lines(two)).toEqual([
      [
        [ids.mix, 110],
        [ids.accelerator, 1],
        [ids.fee, 3],
      ],
      [
        [ids.mix, 110],
        [ids.retarder, 4],
        [ids.fee, 3],
      ],
    ]);
    expect(two.loads.map((load) => load.quantity)).toEqual([10, 10, 10, 8, 8]);
    expect(small.statements.length, small.statements.join('\n')).toBeLessThanOrEqual(
      statementsPerCreate,
    );
    expect(large.statements.length, large.statements.join('\n')).toBe(small.statements.length);
  });
});
