/**
 * Each report's rows on a small world (report-fixtures.ts) whose figures are checked by hand
 * (R-RPT-10..R-RPT-19), on PGlite and on PostgreSQL: sections, subtotals that add up only within
 * one unit, totals, amounts, charts and notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRunRequestSchema, type ReportKey } from '@dispatch/domain/reports/report-catalogue';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { reportBuilders } from './report-builders';
import type { ReportBody, ReportRow, ReportTable } from './report-document';
import { buildReportWorld, type ReportWorld } from '../../../test/report-fixtures';
import { reportScope } from './report-scope';

/** A table as the tests read it: each section's label and rows, and the total. */
const rowsBySection = (table: ReportTable | undefined): Record<string, ReportRow[]> =>
  Object.fromEntries(
    (table?.sections ?? []).map((section): [string, ReportRow[]] => [
      section.label ?? '',
      section.rows,
    ]),
  );
const subtotals = (table: ReportTable | undefined): Record<string, ReportRow | undefined> =>
  Object.fromEntries(
    (table?.sections ?? []).map((section): [string, ReportRow | undefined] => [
      section.label ?? '',
      section.subtotal,
    ]),
  );

const november = { from: '2026-11-01', to: '2026-11-30' };
const friday = { from: '2026-11-20', to: '2026-11-20' };

describe.each(databaseKinds)('report data on %s', (kind) => {
  let t: TestApp;
  let world: ReportWorld;
  const steps: string[] = [];

  const run = async (
    reportKey: ReportKey,
    params: Record<string, unknown>,
    systemTypeIds: (1 | 2 | 3)[] = [1, 2, 3],
  ): Promise<ReportBody> => {
    const request = reportRunRequestSchema.parse({ reportKey, params });
    return reportBuilders[reportKey]({
      db: t.db,
      scope: reportScope(reportKey, request.params, systemTypeIds),
      progress: (_percent, message) => {
        steps.push(message);
        return Promise.resolve();
      },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildReportWorld(t.db);
  });
  afterAll(() => t.close());

  it('R-RPT-10: shipped orders: main product ordered and shipped, loads, amount with extras, invoices', async () => {
    const body = await run('shippedOrders', november);
    const [table] = body.tables;
    expect(rowsBySection(table)).toEqual({
      North: [
        {
          order: '1',
          shipDate: '2026-11-02',
          customer: 'Acme Builders',
          job: 'Lakeview Clinic',
          product: '3000 PSI',
          unit: 'yd³',
          ordered: 30,
          // 10 + 10 + 8: the voided ticket 103 does not count.
          shipped: 28,
          // R-DELIV-2: all three reached the customer.
          delivered: 28,
          loads: 3,
          // 28 yd³ at 120 and the fee of 15.
          amount: 3375,
          invoices: '7',
        },
      ],
      Pit: [
        expect.objectContaining({
          order: '2',
          ordered: 50,
          shipped: 49.5,
          delivered: 49.5,
          loads: 2,
          amount: 990,
          invoices: null,
        }),
      ],
    });
    expect(subtotals(table).North).toMatchObject({
      unit: 'yd³',
      shipped: 28,
      delivered: 28,
      amount: 3375,
    });
    // Yards and tons do not add up: the total counts loads and money only.
    expect(table!.total).toMatchObject({ ordered: null, shipped: null, loads: 5, amount: 4365 });
    expect(body.summary).toBe('2 orders, 2 plants');
    expect(steps).toContain('Reading the period’s tickets');

    const concreteOnly = await run('shippedOrders', november, [1]);
    expect(Object.keys(rowsBySection(concreteOnly.tables[0]))).toEqual(['North']);
    const pitOnly = await run('shippedOrders', { ...november, plantIds: [world.plants.pit] });
    expect(Object.keys(rowsBySection(pitOnly.tables[0]))).toEqual(['Pit']);
    const byStone = await run('shippedOrders', { ...november, productIds: [world.products.stone] });
    expect(byStone.rowCount).toBe(1);
    const zephyr = await run('shippedOrders', {
      ...november,
      customerIds: [world.customers.zephyr],
    });
    expect(zephyr.summary).toBe('1 order, 1 plant');
  });

  it('R-RPT-11, R-RPT-12: sales quantity by month, per unit, with amounts and a chart', async () => {
    const body = await run('salesQuantity', { from: '2026-11-01', to: '2026-12-31' });
    const [quantities, amounts, flat] = body.tables;
    expect(quantities!.columns.map((column) => column.label)).toEqual([
      'Product',
      'Unit',
      'Nov 2026',
      'Dec 2026',
      'Total',
    ]);
    expect(rowsBySection(quantities)).toEqual({
      'Cubic Yards (yd³)': [
        {
          group: '3000 PSI',
          unit: 'yd³',
          'quantity:2026-11': 28,
          'quantity:2026-12': 5,
          'quantity:total': 33,
        },
      ],
      'Each (ea)': [
        {
          group: 'ENV Environmental fee',
          unit: 'ea',
          'quantity:2026-11': 1,
          'quantity:2026-12': 0,
          'quantity:total': 1,
        },
      ],
      'Tons (tn)': [
        {
          group: '#57 stone',
          unit: 'tn',
          'quantity:2026-11': 49.5,
          'quantity:2026-12': 0,
          'quantity:total': 49.5,
        },
      ],
    });
    expect(amounts!.total).toMatchObject({
      'money:2026-11': 4365,
      'money:2026-12': 600,
      'money:total': 4965,
    });
    expect(flat!.outputs).toEqual(['csv']);
    expect(rowsBySection(flat)['Cubic Yards (yd³)']).toEqual([
      { group: '3000 PSI', unit: 'yd³', month: '2026-11', quantity: 28, amount: 3360 },
      { group: '3000 PSI', unit: 'yd³', month: '2026-12', quantity: 5, amount: 600 },
    ]);
    expect(body.charts.map((chart) => chart.title)).toEqual([
      'Sales by month (yd³), by product',
      'Sales by month (tn), by product',
      'Sales by month (ea), by product',
    ]);
    expect(body.charts[0]).toMatchObject({
      categories: ['Nov 2026', 'Dec 2026'],
      series: [expect.objectContaining({ name: '3000 PSI', values: [28, 5] })],
    });

    const byCustomer = await run('salesQuantity', { ...november, groupBy: 'customer' });
    expect(byCustomer.tables).toHaveLength(1);
    expect(rowsBySection(byCustomer.tables[0])).toEqual({
      'Cubic Yards (yd³)': [
        { group: 'Acme Builders', unit: 'yd³', 'quantity:total': 28, 'money:total': 3360 },
      ],
      'Each (ea)': [{ group: 'Acme Builders', unit: 'ea', 'quantity:total': 1, 'money:total': 15 }],
      'Tons (tn)': [
        { group: 'Zephyr Paving', unit: 'tn', 'quantity:total': 49.5, 'money:total': 990 },
      ],
    });
    // Within one month the chart goes day by day.
    expect(byCustomer.charts[0]!.categories).toHaveLength(30);
    const byPlant = await run('salesQuantity', { ...november, groupBy: 'plant' });
    expect(byPlant.summary).toBe('2 plants in 1 month');
  });

  it('R-RPT-13: market segments by job type, with shares of the unit and of all sales', async () => {
    const body = await run('marketSegments', november);
    expect(rowsBySection(body.tables[0])).toEqual({
      'Cubic Yards (yd³)': [
        {
          segment: 'Commercial',
          unit: 'yd³',
          orders: 1,
          loads: 3,
          quantity: 28,
          quantityShare: 100,
          amount: 3360,
          amountShare: 77,
        },
      ],
      'Each (ea)': [
        {
          segment: 'Commercial',
          unit: 'ea',
          orders: 1,
          loads: 1,
          quantity: 1,
          quantityShare: 100,
          amount: 15,
          amountShare: 0.3,
        },
      ],
      'Tons (tn)': [
        {
          segment: 'Residential',
          unit: 'tn',
          orders: 1,
          loads: 2,
          quantity: 49.5,
          quantityShare: 100,
          amount: 990,
          amountShare: 22.7,
        },
      ],
    });
    expect(body.tables[0]!.total).toMatchObject({ loads: null, amount: 4365, amountShare: 100 });
    expect(body.summary).toBe('2 segments, 5 loads');
    expect(body.charts).toEqual([
      expect.objectContaining({
        categories: ['Commercial', 'Residential'],
        series: [
          expect.objectContaining({ name: 'Cubic Yards (yd³)', values: [100, 0] }),
          expect.objectContaining({ name: 'Each (ea)', values: [100, 0] }),
          expect.objectContaining({ name: 'Tons (tn)', values: [0, 100] }),
        ],
      }),
    ]);
  });

  it('R-RPT-14: material demand: what is left to batch times the mix design, per plant and day', async () => {
    const body = await run('materialDemand', friday);
    // Orders D (20 yd³) and E (10 yd³, will call) are scheduled that day; nothing is batched yet.
    expect(rowsBySection(body.tables[0])).toEqual({
      'North, 20 Nov 2026: 30 yd³ left to make': [
        { code: 'CEM', description: 'Cement type I', unit: 'lb', quantity: 15000 },
        { code: 'SAND', description: 'Concrete sand', unit: 'lb', quantity: 42000 },
        { code: 'WATER', description: 'Water', unit: 'gal', quantity: 900 },
      ],
    });
    expect(rowsBySection(body.tables[1]).North).toHaveLength(3);
    // Order A's last 2 yd³ will never be batched: the order is complete.
    const early = await run('materialDemand', { from: '2026-11-02', to: '2026-11-02' });
    expect(early.rowCount).toBe(0);
    const onlyE = await run('materialDemand', { ...friday, customerIds: [world.customers.acme] });
    expect(
      rowsBySection(onlyE.tables[0])['North, 20 Nov 2026: 10 yd³ left to make'],
    ).toContainEqual(expect.objectContaining({ code: 'CEM', quantity: 5000 }));
  });

  it('R-RPT-15: truck demand per hour: firm and will call against the fleet for the weekday', async () => {
    const body = await run('truckDemand', friday);
    expect(rowsBySection(body.tables[0])).toEqual({
      North: [
        {
          day: '2026-11-20',
          slot: '09:00',
          firm: 2,
          willCall: 1,
          needed: 3,
          available: 3,
          shortSlots: 0,
        },
      ],
    });
    expect(rowsBySection(body.tables[1]).North).toEqual([
      {
        day: '2026-11-20',
        slot: '08:00–09:00',
        firm: 1,
        willCall: 1,
        needed: 2,
        available: 3,
        short: 0,
      },
      {
        day: '2026-11-20',
        slot: '09:00–10:00',
        firm: 2,
        willCall: 1,
        needed: 3,
        available: 3,
        short: 0,
      },
      {
        day: '2026-11-20',
        slot: '10:00–11:00',
        firm: 1,
        willCall: 0,
        needed: 1,
        available: 3,
        short: 0,
      },
    ]);
    expect(body.charts).toEqual([
      expect.objectContaining({
        title: 'Truck demand: North by hour',
        categories: ['07:00', '08:00', '09:00', '10:00', '11:00'],
        series: [
          expect.objectContaining({ name: 'Firm orders', values: [0, 1, 2, 1, 0] }),
          expect.objectContaining({ name: 'Will call', values: [0, 1, 1, 0, 0] }),
          expect.objectContaining({
            name: 'Trucks available',
            values: [3, 3, 3, 3, 3],
            kind: 'line',
          }),
        ],
      }),
    ]);
    // A past day counts the time each load held its truck, from its ticket until it was back; a
    // Monday without a fleet size set has the plant's trucks in service (none here).
    const past = await run('truckDemand', { from: '2026-11-02', to: '2026-11-03' });
    expect(rowsBySection(past.tables[1]).North).toEqual([
      expect.objectContaining({ slot: '07:00–08:00', firm: 1, needed: 1, available: 0, short: 1 }),
      expect.objectContaining({ slot: '08:00–09:00', firm: 2, needed: 2 }),
      expect.objectContaining({ slot: '09:00–10:00', firm: 1 }),
      // Load 2 is back at 10:10, load 3 (ticket 104) left at 10:00.
      expect.objectContaining({ slot: '10:00–11:00', firm: 2 }),
      expect.objectContaining({ slot: '11:00–12:00', firm: 1 }),
      expect.objectContaining({ slot: '12:00–13:00', firm: 1 }),
    ]);
    // Two plants with work: all of them together first, then each (the board counts pickups too).
    expect(past.charts.map((chart) => chart.title)).toEqual([
      'Truck demand: All plants, peak hour of each day',
      'Truck demand: North, peak hour of each day',
      'Truck demand: Pit, peak hour of each day',
    ]);
  });

  it('R-RPT-16: the ticket register: voids with their reason, live subtotals, missing numbers', async () => {
    const body = await run('ticketRegister', november);
    const register = rowsBySection(body.tables[0]);
    expect(
      register.North!.map((row) => [row.ticket, row.quantity, row.amount, row.status]),
    ).toEqual([
      ['101', 10, 1215, 'Complete'],
      ['102', 10, 1200, 'Complete'],
      ['103', 10, 1200, 'Voided'],
      ['104', 8, 960, 'Complete'],
    ]);
    expect(register.North![2]).toMatchObject({
      at: '2026-11-02 09:50',
      driver: 'Dana Driver',
      voidReason: 'Entry error: Wrong mix keyed',
      voided: 1,
    });
    expect(subtotals(body.tables[0])).toEqual({
      North: expect.objectContaining({
        customer: '3 tickets, 1 voided',
        quantity: 28,
        amount: 3375,
      }),
      Pit: expect.objectContaining({ customer: '2 tickets', quantity: 49.5, amount: 990 }),
    });
    expect(body.tables[0]!.mutedKey).toBe('voided');
    expect(body.notes).toEqual(['Pit: no ticket of this period has number 502.']);
    expect(body.summary).toBe('5 tickets, 1 voided');
    // Narrowed to a customer, a gap says nothing.
    expect(
      (await run('ticketRegister', { ...november, customerIds: [world.customers.zephyr] })).notes,
    ).toEqual([]);
  });

  it('R-RPT-17: ordered against delivered per schedule, with the percent delivered', async () => {
    const body = await run('orderedVsDelivered', november);
    const rows = rowsBySection(body.tables[0]);
    expect(
      rows.North!.map((row) => [
        row.order,
        row.status,
        row.ordered,
        row.delivered,
        row.difference,
        row.percent,
      ]),
    ).toEqual([
      ['1', 'Complete', 30, 28, -2, 93.3],
      ['4', 'To Be Shipped', 20, 0, -20, 0],
      ['5', 'Will Call', 10, 0, -10, 0],
    ]);
    expect(subtotals(body.tables[0]).North).toMatchObject({
      ordered: 60,
      delivered: 28,
      difference: -32,
      percent: 46.7,
    });
    expect(rows.Pit).toEqual([
      expect.objectContaining({ ordered: 50, delivered: 49.5, difference: -0.5, percent: 99 }),
    ]);
    expect(body.tables[0]!.total).toMatchObject({ ordered: null, percent: null });
  });

  it('R-RPT-18: driver hours from the tickets’ stamps', async () => {
    const body = await run('driverHours', november);
    expect(rowsBySection(body.tables[0])).toEqual({
      'Dana Driver': [
        // 07:30 to 12:10; three loads of half an hour on the job (the void counts for nothing).
        {
          day: '2026-11-02',
          trucks: 'T-7',
          loads: 3,
          firstIn: '07:30',
          lastOut: '12:10',
          onDuty: 4.67,
          onJob: 1.5,
        },
      ],
    });
    expect(body.summary).toBe('1 driver, 1 driver day');
  });

  it('R-RPT-19: plant production per day and product, and the batched weights against target', async () => {
    const body = await run('plantProduction', november);
    expect(rowsBySection(body.tables[0])).toEqual({
      North: [
        { day: '2026-11-02', product: '3000 PSI', unit: 'yd³', loads: 3, quantity: 28 },
        { day: '2026-11-02', product: 'ENV Environmental fee', unit: 'ea', loads: 1, quantity: 1 },
      ],
      Pit: [{ day: '2026-11-03', product: '#57 stone', unit: 'tn', loads: 2, quantity: 49.5 }],
    });
    expect(subtotals(body.tables[0])).toEqual({
      North: expect.objectContaining({ loads: null, quantity: null }),
      Pit: expect.objectContaining({ loads: 2, quantity: 49.5 }),
    });
    expect(rowsBySection(body.tables[1])).toEqual({
      North: [
        {
          code: 'CEM',
          description: 'Cement type I',
          unit: 'lb',
          tickets: 1,
          target: 5000,
          batched: 5025,
          difference: 25,
          percent: 0.5,
        },
      ],
    });
    expect(body.charts.map((chart) => chart.title)).toEqual([
      'Production by day (yd³), by plant',
      'Production by day (tn), by plant',
    ]);
    expect(body.notes).toEqual([]);
    expect((await run('plantProduction', { from: '2026-12-01', to: '2026-12-01' })).notes).toEqual([
      'No batch panel reported weights for the tickets of this period.',
    ]);
  });
});
