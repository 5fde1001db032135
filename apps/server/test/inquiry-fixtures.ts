/**
 * The history both inquiry suites search: two plants (concrete and aggregate) each with a ticket
 * numbered 501, a ticket whose job and PO a clerk corrected through edit tickets, a voided ticket,
 * batched weights, and invoices made and credited through flag invoice's own routes, so the
 * changes, invoices and credit notes are the ones the product writes.
 */
import { expect } from 'vitest';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { ticketBatchWeights } from '../src/db/schema/batching';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { taxLevels, taxScheduleLevels, taxSchedules } from '../src/db/schema/lookups';
import { orders } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { products, rawMaterials } from '../src/db/schema/products';
import { ticketProducts, tickets } from '../src/db/schema/tickets';
import { drivers, trucks } from '../src/db/schema/trucks';
import {
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  ticketStatusIds,
  voidStatusIds,
} from '../src/db/reference-ids';
import { addUsers, type SuiteUser } from './order-fixtures';
import type { TestApp } from './test-app';
import { flagInvoiceForm } from '../src/modules/invoices/invoices.routes';
import { invoiceInquiryForm, ticketInquiryForm } from '../src/modules/inquiry/inquiry.routes';

export const at = (date: string, time: string) => new Date(`${date}T${time}:00`);

export type InquiryHistory = Awaited<ReturnType<typeof makeInquiryHistory>>;

/** The suite's users: levels 3 (prices), 2 and 4 (no prices), one system type, and no form. */
export const inquiryUsers: SuiteUser[] = [
  ['clerk', [1001, 1002], { [ticketInquiryForm]: 3, [invoiceInquiryForm]: 3 }],
  ['readNoPrices', [1001, 1002], { [ticketInquiryForm]: 2, [invoiceInquiryForm]: 2 }],
  ['fullNoPrices', [1001, 1002], { [ticketInquiryForm]: 4, [invoiceInquiryForm]: 4 }],
  ['concreteOnly', [1001], { [ticketInquiryForm]: 3, [invoiceInquiryForm]: 3 }],
  ['nobody', [1001, 1002], { [flagInvoiceForm]: 5 }],
  // Writes the history: edit tickets and flag invoice, through their routes.
  [
    'office',
    [1001, 1002],
    { [flagInvoiceForm]: 5, [systemTypeForm('orderEntry', 1).id]: 5, 51201: 5 },
  ],
];

export async function makeInquiryHistory(
  t: TestApp,
  call: (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who?: string,
    body?: unknown,
  ) => Promise<{
    statusCode: number;
    body: string;
    json: <T>() => T;
  }>,
  tokens: Record<string, string>,
) {
  await addUsers(t, tokens, inquiryUsers);
  const [north, pit] = await t.db
    .insert(plants)
    .values([
      { description: 'North Yard', systemTypeId: 1 },
      { description: 'Granite Pit', systemTypeId: 2 },
    ])
    .returning({ id: plants.id });
  await t.db.insert(taxLevels).values({ id: 9101, description: 'State', taxRate: 7.25 });
  await t.db.insert(taxSchedules).values({ id: 9101, description: 'Franklin County' });
  await t.db.insert(taxScheduleLevels).values({ taxScheduleId: 9101, taxLevelId: 9101 });
  const [acme, zephyr] = await t.db
    .insert(customers)
    .values([
      { number: 'C1', name: 'Acme Builders', taxScheduleId: 9101 },
      { number: 'C2', name: 'Zephyr Paving' },
    ])
    .returning({ id: customers.id });
  const [tower, annex] = await t.db
    .insert(jobs)
    .values([
      {
        customerId: acme!.id,
        number: 'J-TOWER',
        address1: '100 High St',
        address2: 'Tower site',
        address3: 'Columbus',
        address4: 'Gate 3 off Main',
        address5: 'OH',
        address7: '43215',
      },
      { customerId: acme!.id, number: 'J-ANNEX' },
    ])
    .returning({ id: jobs.id });
  const [mix, stone, cement] = await t.db
    .insert(products)
    .values([
      {
        number: '3000',
        description: '3000 PSI',
        systemTypeId: 1,
        unitOfMeasureId: 1,
        price: 128.5,
      },
      { number: '57', description: '#57 Stone', systemTypeId: 2, unitOfMeasureId: 6, price: 24 },
      { number: 'FIB', description: 'Fiber', systemTypeId: 1, unitOfMeasureId: 5, price: 15 },
    ])
    .returning({ id: products.id });
  const [driver] = await t.db
    .insert(drivers)
    .values({ name: 'Dana Driver' })
    .returning({ id: drivers.id });
  const [mixer, dump] = await t.db
    .insert(trucks)
    .values([
      { identificationNumber: 'M-12', plantId: north!.id, driverId: driver!.id },
      { identificationNumber: 'D-40', plantId: pit!.id },
    ])
    .returning({ id: trucks.id });
  const [cementRaw] = await t.db
    .insert(rawMaterials)
    .values({ code: 'CEM', description: 'Cement type I', unitOfMeasureId: 2 })
    .returning({ id: rawMaterials.id });

  const order = async (values: {
    customerId: number;
    name: string;
    po: string;
    jobId: number | null;
    plantId: number;
    systemTypeId: 1 | 2;
  }) => {
    const [made] = await t.db
      .insert(orders)
      .values({
        customerId: values.customerId,
        customerName: values.name,
        customerPoNumber: values.po,
        jobId: values.jobId,
        plantId: values.plantId,
        orderDate: '2026-03-08',
        shipDate: '2026-03-09',
        orderTypeId:
          values.systemTypeId === 1
            ? orderTypeIds.concreteDelivery
            : orderTypeIds.aggregateDelivery,
        reasonId: reasonIds.regular,
        systemTypeId: values.systemTypeId,
        imperialFlag: true,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.none,
        freeShortLoadId: 1,
        printMaterialTypeId: 1,
        orderStatusId: 5,
      })
      .returning({ id: orders.id, number: orders.number });
    return made!;
  };
  const acmeOrder = await order({
    customerId: acme!.id,
    name: 'Acme Builders',
    po: 'PO-7781',
    jobId: tower!.id,
    plantId: north!.id,
    systemTypeId: 1,
  });
  const zephyrOrder = await order({
    customerId: zephyr!.id,
    name: 'Zephyr Paving',
    po: 'ZP-2',
    jobId: null,
    plantId: pit!.id,
    systemTypeId: 2,
  });

  const ticket = async (values: {
    number: number;
    orderId: number;
    plantId: number;
    truckId: number;
    truckNumber: string;
    when: Date;
    lines: { productId: number; quantity: number; price: number | null; taxable?: boolean }[];
    voided?: boolean;
  }) => {
    const [made] = await t.db
      .insert(tickets)
      .values({
        number: values.number,
        orderId: values.orderId,
        plantId: values.plantId,
        truckId: values.truckId,
        truckNumber: values.truckNumber,
        driverId: values.truckId === mixer!.id ? driver!.id : null,
        statusId: values.voided ? ticketStatusIds.voided : ticketStatusIds.complete,
        voidStatusId: values.voided ? voidStatusIds.entryError : null,
        voidDateTime: values.voided ? new Date(values.when.getTime() + 120_000) : null,
        voidReason: values.voided ? 'Wrong mix keyed' : null,
        voidUserName: values.voided ? 'office' : null,
        ticketDateTime: values.when,
        batchDateTime: new Date(values.when.getTime() + 60_000),
        loadedDateTime: new Date(values.when.getTime() + 8 * 60_000),
        toJobDateTime: new Date(values.when.getTime() + 10 * 60_000),
        onJobDateTime: new Date(values.when.getTime() + 30 * 60_000),
        loadNumber: 1,
        userName: 'dispatcher',
      })
      .returning({ id: tickets.id, number: tickets.number });
    await t.db.insert(ticketProducts).values(
      values.lines.map((line) => ({
        ticketId: made!.id,
        productId: line.productId,
        quantity: line.quantity,
        price: line.price,
        taxableFlag: line.taxable ?? true,
        unitOfMeasure: line.productId === stone!.id ? 6 : 1,
      })),
    );
    return made!;
  };
  const first = await ticket({
    number: 501,
    orderId: acmeOrder.id,
    plantId: north!.id,
    truckId: mixer!.id,
    truckNumber: 'M-12',
    when: at('2026-03-09', '07:30'),
    lines: [
      { productId: mix!.id, quantity: 10, price: 128.5 },
      { productId: cement!.id, quantity: 2, price: 15, taxable: false },
    ],
  });
  const corrected = await ticket({
    number: 502,
    orderId: acmeOrder.id,
    plantId: north!.id,
    truckId: mixer!.id,
    truckNumber: 'M-12',
    when: at('2026-03-09', '09:10'),
    lines: [{ productId: mix!.id, quantity: 8, price: 128.5 }],
  });
  const voided = await ticket({
    number: 503,
    orderId: acmeOrder.id,
    plantId: north!.id,
    truckId: mixer!.id,
    truckNumber: 'M-12',
    when: at('2026-03-10', '08:00'),
    lines: [{ productId: mix!.id, quantity: 10, price: 128.5 }],
    voided: true,
  });
  const pitTicket = await ticket({
    number: 501,
    orderId: zephyrOrder.id,
    plantId: pit!.id,
    truckId: dump!.id,
    truckNumber: 'D-40',
    when: at('2026-03-11', '13:00'),
    lines: [{ productId: stone!.id, quantity: 22.5, price: 24 }],
  });
  await t.db.insert(ticketBatchWeights).values({
    ticketId: first.id,
    rawMaterialId: cementRaw!.id,
    targetQuantity: 5640,
    batchedQuantity: 5655,
    unitOfMeasureId: 2,
  });

  // A clerk corrects ticket 502's job and PO, as edit tickets does (R-TEDIT-2).
  const detail = await call('GET', `/api/v1/tickets/${corrected.id}/detail`, 'office');
  expect(detail.statusCode, detail.body).toBe(200);
  const edited = await call('PUT', `/api/v1/tickets/${corrected.id}`, 'office', {
    version: detail.json<{ version: number }>().version,
    reason: 'Poured at the annex',
    jobId: annex!.id,
    customerPoNumber: 'ANNEX-55',
  });
  expect(edited.statusCode, edited.body).toBe(200);

  // Acme's two delivered tickets on one invoice; Zephyr's on another, then credited.
  const invoiced = await call('POST', '/api/v1/invoices', 'office', {
    ticketIds: [first.id, corrected.id, pitTicket.id],
    invoiceDate: '2026-03-12',
  });
  expect(invoiced.statusCode, invoiced.body).toBe(201);
  const made = invoiced.json<{ invoices: { id: number; number: number; customerName: string }[] }>()
    .invoices;
  const acmeInvoice = made.find((invoice) => invoice.customerName === 'Acme Builders')!;
  const zephyrInvoice = made.find((invoice) => invoice.customerName === 'Zephyr Paving')!;
  const credited = await call('POST', `/api/v1/invoices/${zephyrInvoice.id}/credit`, 'office', {
    reason: 'Wrong haul rate',
  });
  expect(credited.statusCode, credited.body).toBe(201);
  const creditNote = credited.json<{ id: number; number: number }>();

  return {
    plants: { north: north!.id, pit: pit!.id },
    customers: { acme: acme!.id, zephyr: zephyr!.id },
    jobs: { tower: tower!.id, annex: annex!.id },
    products: { mix: mix!.id, stone: stone!.id, fiber: cement!.id },
    trucks: { mixer: mixer!.id, dump: dump!.id },
    orders: { acme: acmeOrder, zephyr: zephyrOrder },
    tickets: { first, corrected, voided, pitTicket },
    invoices: { acme: acmeInvoice, zephyr: zephyrInvoice, creditNote },
  };
}
