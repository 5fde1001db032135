/**
 * R-KPI-1..6 through the API: the domain's worked example written as stamped tickets in the
 * database (the figures are the domain test's, checked by hand there), and what the route adds:
 * the business days read, the plants asked for, the caller's system types and forms, the query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryKpis } from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { reportRunRequestSchema } from '@dispatch/domain/reports/report-catalogue';
import { units } from '@dispatch/domain/units';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import {
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  ticketStatusIds,
  voidStatusIds,
} from '../../db/reference-ids';
import { reportBuilders } from '../reports/report-builders';
import { reportScope } from '../reports/report-scope';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { at } from '../../../test/report-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { insertPlant, insertTruckLookups } from '../../../test/truck-fixtures';

const day = '2026-03-10';
const dayBefore = '2026-03-09';
const dayAfter = '2026-03-11';

type Stamps = {
  batch?: string;
  loaded?: string;
  toJob?: string;
  onJob?: string;
  startUnload?: string;
  finishUnload?: string;
  toPlant?: string;
  inYard?: string;
};

const noFigures = {
  onTimePercent: null,
  stageMinutes: {
    loading: null,
    toJob: null,
    waitOnJob: null,
    unloading: null,
    washing: null,
    toPlant: null,
  },
  truckUtilisationPercent: null,
  quantityPerTruckHour: null,
};

/** The domain's worked example (delivery-kpis.test.ts), plant 1 North and plant 2 South. */
const northFigures = {
  onTimePercent: 100,
  stageMinutes: { loading: 10, toJob: 28, waitOnJob: 7, unloading: 20, washing: 10, toPlant: 25 },
  truckUtilisationPercent: 100,
  quantityPerTruckHour: 5.71,
};
const southFigures = {
  onTimePercent: 50,
  stageMinutes: {
    loading: 11,
    toJob: 42.5,
    waitOnJob: 20,
    unloading: 20,
    washing: 10,
    toPlant: 40,
  },
  truckUtilisationPercent: 91.5,
  quantityPerTruckHour: 3.89,
};
const wholeFigures = {
  onTimePercent: 66.7,
  stageMinutes: {
    loading: 10.7,
    toJob: 37.7,
    waitOnJob: 13.5,
    unloading: 20,
    washing: 10,
    toPlant: 35,
  },
  truckUtilisationPercent: 93.8,
  quantityPerTruckHour: 4.4,
};

describe.each(databaseKinds)('GET /api/v1/kpis/delivery on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const plant = { north: 0, south: 0, pit: 0 };
  let customerId = 0;
  let mixId = 0;
  let stoneId = 0;
  let nextNumber = 1;

  const kpis = async (query: string, who = 'dispatcher') => {
    const response = await call('GET', `/api/v1/kpis/delivery?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeliveryKpis>();
  };
  const problems = async (query: string) => {
    const response = await call('GET', `/api/v1/kpis/delivery?${query}`);
    expect(response.statusCode).toBe(400);
    return response.json<ErrorAnswer>().data.map((problem) => problem.field);
  };

  async function addOrder(firstLoad: Date | null, systemTypeId: 1 | 2 = 1): Promise<number> {
    const [row] = await t.db
      .insert(orders)
      .values({
        customerId,
        customerName: 'Acme Builders',
        customerPoNumber: 'PO-1',
        plantId: systemTypeId === 1 ? plant.north : plant.pit,
        orderDate: day,
        shipDate: day,
        orderTypeId:
          systemTypeId === 1 ? orderTypeIds.concreteDelivery : orderTypeIds.aggregatePickup,
        systemTypeId,
        imperialFlag: true,
        reasonId: reasonIds.regular,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.none,
        freeShortLoadId: 1,
        printMaterialTypeId: 1,
        firstLoadTime: firstLoad,
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  /** A ticket written at its batch stamp (else 07:00), with its stamps on `on`'s day. */
  async function addTicket(spec: {
    orderId: number;
    plantId: number;
    truckId: number | null;
    stamps: Stamps;
    delivered: number;
    on?: string;
    written?: string;
    voided?: boolean;
    productId?: number;
  }): Promise<number> {
    const on = spec.on ?? day;
    const stamp = (time: string | undefined) => (time === undefined ? null : at(on, time));
    const [row] = await t.db
      .insert(tickets)
      .values({
        number: nextNumber++,
        orderId: spec.orderId,
        plantId: spec.plantId,
        truckId: spec.truckId,
        statusId: spec.voided ? ticketStatusIds.voided : ticketStatusIds.complete,
        voidStatusId: spec.voided ? voidStatusIds.entryError : null,
        ticketDateTime: at(on, spec.written ?? spec.stamps.batch ?? '07:00'),
        batchDateTime: stamp(spec.stamps.batch),
        loadedDateTime: stamp(spec.stamps.loaded),
        toJobDateTime: stamp(spec.stamps.toJob),
        onJobDateTime: stamp(spec.stamps.onJob),
        startUnloadDateTime: stamp(spec.stamps.startUnload),
        finishUnloadDateTime: stamp(spec.stamps.finishUnload),
        toPlantDateTime: stamp(spec.stamps.toPlant),
        arrivePlantDateTime: stamp(spec.stamps.inYard),
      })
      .returning({ id: tickets.id });
    // What the delivery state machine stores on the ticket's line (R-DELIV-2).
    await t.db.insert(ticketProducts).values({
      ticketId: row!.id,
      productId: spec.productId ?? mixId,
      quantity: spec.delivered,
      deliveredQuantity: spec.voided ? 0 : spec.delivered,
      unitOfMeasure: units.cubicYards,
    });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addUsers(t, tokens, [
      ['dispatcher', [1001, 1002], { 51001: 5 }],
      ['concreteOnly', [1001], { 15000: 2 }],
      ['reportsOnly', [1001, 1002], { 51302: 2 }],
      ['nobody', [1001, 1002], { 50401: 5 }],
    ]);
    await insertTruckLookups(t.db);
    plant.north = await insertPlant(t.db, 'North');
    plant.south = await insertPlant(t.db, 'South');
    plant.pit = await insertPlant(t.db, 'Pit', 2);
    const [customer] = await t.db
      .insert(customers)
      .values({ number: 'C1', name: 'Acme Builders' })
      .returning({ id: customers.id });
    customerId = customer!.id;
    const [mix, stone] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: units.cubicYards,
        },
        {
          number: '57',
          description: '#57 stone',
          systemTypeId: 2,
          unitOfMeasureId: units.tons,
        },
      ])
      .returning({ id: products.id });
    mixId = mix!.id;
    stoneId = stone!.id;
    const [eleven, twelve, hauler, pitTruck] = await t.db
      .insert(trucks)
      .values([
        { identificationNumber: '11', plantId: plant.north, truckCompanyId: 1 },
        { identificationNumber: '12', plantId: plant.south, truckCompanyId: 1 },
        // An outside hauler's truck (Haul Co): no truck of ours to measure (R-KPI-4).
        { identificationNumber: 'H1', plantId: plant.south, truckCompanyId: 2 },
        { identificationNumber: 'P1', plantId: plant.pit, truckCompanyId: 1 },
      ])
      .returning({ id: trucks.id });

    // The worked example: orders asked 08:00, 09:00 and 10:10; tickets A (North, truck 11),
    // B (South, truck 12), C (South, truck 11; no Unloading, To plant in one click with Washing).
    const [order100, order200, order300] = [
      await addOrder(at(day, '08:00')),
      await addOrder(at(day, '09:00')),
      await addOrder(at(day, '10:10')),
    ];
    await addTicket({
      orderId: order100,
      plantId: plant.north,
      truckId: eleven!.id,
      delivered: 10,
      stamps: {
        batch: '07:20',
        loaded: '07:30',
        toJob: '07:35',
        onJob: '08:03',
        startUnload: '08:10',
        finishUnload: '08:30',
        toPlant: '08:40',
        inYard: '09:05',
      },
    });
    await addTicket({
      orderId: order200,
      plantId: plant.south,
      truckId: twelve!.id,
      delivered: 8,
      stamps: {
        batch: '08:00',
        loaded: '08:12',
        toJob: '08:15',
        onJob: '09:10',
        startUnload: '09:30',
        finishUnload: '09:50',
        toPlant: '10:00',
        inYard: '10:30',
      },
    });
    await addTicket({
      orderId: order300,
      plantId: plant.south,
      truckId: eleven!.id,
      delivered: 9.5,
      stamps: {
        batch: '09:30',
        loaded: '09:40',
        toJob: '09:45',
        onJob: '10:15',
        finishUnload: '10:40',
        toPlant: '10:40',
        inYard: '11:30',
      },
    });
    // A voided ticket was not a load (R-KPI-1): it changes no figure.
    await addTicket({
      orderId: order300,
      plantId: plant.south,
      truckId: twelve!.id,
      delivered: 10,
      voided: true,
      stamps: { batch: '09:25', loaded: '09:26', toJob: '09:27', onJob: '09:28', inYard: '09:40' },
    });
    // An outside hauler's load, out 12:00 and back 13:00 with no stage between: a truck of ours
    // would add an hour at 100% and nothing delivered; a hauler's is no truck to measure.
    await addTicket({
      orderId: order300,
      plantId: plant.south,
      truckId: hauler!.id,
      delivered: 0,
      stamps: { batch: '12:00', inYard: '13:00' },
    });

    // The day before and after: a load of the period's neighbours counts in neither.
    await addTicket({
      orderId: await addOrder(at(dayBefore, '08:00')),
      plantId: plant.north,
      truckId: eleven!.id,
      delivered: 10,
      on: dayBefore,
      stamps: { batch: '07:00', loaded: '07:40', onJob: '09:00', inYard: '10:00' },
    });
    await addTicket({
      orderId: await addOrder(at(dayAfter, '08:00')),
      plantId: plant.north,
      truckId: eleven!.id,
      delivered: 10,
      on: dayAfter,
      stamps: { batch: '07:00', loaded: '07:40', onJob: '09:00', inYard: '10:00' },
    });

    // The pit (aggregate): a load whose first arrival was late, 30 minutes of loading.
    await addTicket({
      orderId: await addOrder(at(day, '07:00'), 2),
      plantId: plant.pit,
      truckId: pitTruck!.id,
      delivered: 20,
      productId: stoneId,
      stamps: { batch: '07:00', loaded: '07:30', toJob: '07:30', onJob: '08:00', inYard: '09:00' },
    });
  });

  afterAll(() => t.close());

  it('R-KPI-1..6: the worked example from its stamped tickets, per plant and in all', async () => {
    const answer = await kpis(`from=${day}&to=${day}&plantIds=${plant.north},${plant.south}`);
    expect(answer).toEqual({
      ...wholeFigures,
      byPlant: [
        { plantId: plant.north, ...northFigures },
        { plantId: plant.south, ...southFigures },
      ],
    });
  });

  it('every plant of the caller without plantIds: the pit too, each weighed in the whole', async () => {
    const answer = await kpis(`from=${day}&to=${day}`);
    expect(answer.byPlant.map((row) => row.plantId)).toEqual([plant.north, plant.south, plant.pit]);
    expect(answer.byPlant[2]).toEqual({
      plantId: plant.pit,
      onTimePercent: 0,
      stageMinutes: { ...noFigures.stageMinutes, loading: 30, toJob: 30 },
      truckUtilisationPercent: 100,
      quantityPerTruckHour: 10,
    });
    // 2 of 4 orders now; the pit's 30 minutes of loading join the three tickets' 32.
    expect(answer.onTimePercent).toBe(50);
    expect(answer.stageMinutes.loading).toBe(15.5);
  });

  it('a plant filter: only that plant, the whole being its own figures', async () => {
    const answer = await kpis(`from=${day}&to=${day}&plantIds=${plant.north}`);
    expect(answer).toEqual({
      ...northFigures,
      byPlant: [{ plantId: plant.north, ...northFigures }],
    });
  });

  it('a period of days, both ends included, counts the days around it', async () => {
    const answer = await kpis(`from=${dayBefore}&to=${dayAfter}&plantIds=${plant.north}`);
    // The example's 08:03 arrival and the neighbours' two late ones (asked 08:00, came 09:00).
    expect(answer.onTimePercent).toBe(33.3);
    expect(answer.stageMinutes.loading).toBe(30); // (40 + 10 + 40) / 3
  });

  it('a period with nothing written: every figure null, never 0', async () => {
    expect(await kpis('from=2026-01-05&to=2026-01-06')).toEqual({ ...noFigures, byPlant: [] });
    expect(await kpis(`from=2026-01-05&to=2026-01-06&plantIds=${plant.south}`)).toEqual({
      ...noFigures,
      byPlant: [{ plantId: plant.south, ...noFigures }],
    });
  });

  it('R-SYS-5: a concrete-only user does not see aggregate plants, nor may ask for one', async () => {
    const answer = await kpis(`from=${day}&to=${day}`, 'concreteOnly');
    expect(answer).toEqual({
      ...wholeFigures,
      byPlant: [
        { plantId: plant.north, ...northFigures },
        { plantId: plant.south, ...southFigures },
      ],
    });
    const refused = await call(
      'GET',
      `/api/v1/kpis/delivery?from=${day}&to=${day}&plantIds=${plant.pit}`,
      'concreteOnly',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'plantIds' }),
    ]);
    expect(await problems(`from=${day}&to=${day}&plantIds=999999`)).toEqual(['plantIds']);
  });

  it('Reports, as the dashboard’s forms, opens the figures; other forms do not', async () => {
    expect((await kpis(`from=${day}&to=${day}`, 'reportsOnly')).onTimePercent).toBe(50);
    const refused = await call('GET', `/api/v1/kpis/delivery?from=${day}&to=${day}`, 'nobody');
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/v1/kpis/delivery?from=${day}&to=${day}` })).statusCode,
    ).toBe(401);
  });

  it('R-KPI-1: a bad query is a 400 naming its field', async () => {
    expect(await problems(`to=${day}`)).toEqual(['from']);
    expect(await problems(`from=2026-02-30&to=${day}`)).toEqual(['from']);
    expect(await problems(`from=${day}`)).toEqual(['to']);
    expect(await problems(`from=${day}&to=${dayBefore}`)).toEqual(['to']);
    expect(await problems('from=2026-01-01&to=2027-01-02')).toEqual(['to']);
    expect(await problems(`from=${day}&to=${day}&plantIds=north`)).toEqual(['plantIds']);
  });

  it('the Delivery performance report: a line per plant, the whole as its total', async () => {
    const params = reportRunRequestSchema.parse({
      reportKey: 'deliveryPerformance',
      params: { from: day, to: day },
    }).params;
    const body = await reportBuilders.deliveryPerformance({
      db: t.db,
      // A concrete-only requester (R-RPT-6): the pit is left out, as on the dashboard.
      scope: reportScope('deliveryPerformance', params, [1]),
      progress: () => Promise.resolve(),
    });
    const [table] = body.tables;
    const line = (name: string, figures: typeof northFigures) => ({
      plant: name,
      onTime: figures.onTimePercent,
      ...figures.stageMinutes,
      utilisation: figures.truckUtilisationPercent,
      perTruckHour: figures.quantityPerTruckHour,
    });
    expect(table?.sections).toEqual([
      { label: null, rows: [line('North', northFigures), line('South', southFigures)] },
    ]);
    // R-KPI-6: the whole's own figures, not an average of the lines.
    expect(table?.total).toEqual({ ...line('', wholeFigures), plant: null });
    expect(body.summary).toBe('2 plants');

    // Runs as any report: queued, made in the background, its CSV read back.
    const queued = await call('POST', '/api/v1/reports/runs', 'reportsOnly', {
      reportKey: 'deliveryPerformance',
      params: { from: day, to: day, plantIds: [plant.north, plant.pit] },
      formats: ['pdf', 'csv'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const id = queued.json<BackgroundJob>().id;
    let job = queued.json<BackgroundJob>();
    for (let tries = 0; !['completed', 'failed'].includes(job.state) && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      job = (
        await call('GET', `/api/v1/background-jobs/${id}`, 'reportsOnly')
      ).json<BackgroundJob>();
    }
    expect(job.state, job.message ?? '').toBe('completed');
    const csvFile = job.files.find((each) => each.name.endsWith('.csv'))!;
    const csv = (await call('GET', csvFile.url, 'reportsOnly')).body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe(
      'Plant,On-time first loads,Loading (min),To job (min),Waiting on the job (min),Unloading (min),Washing (min),To plant (min),Truck utilisation,Quantity per truck-hour',
    );
    expect(csv[1]).toBe('North,100,10,28,7,20,10,25,100,5.71');
    expect(csv[2]).toBe('Pit,0,30,30,,,,,100,10');
    expect(job.files.some((each) => each.name.endsWith('.pdf'))).toBe(true);
  });

  it('is in the OpenAPI document with its query and answer', async () => {
    const openapi = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    }>();
    const route = openapi.paths['/api/v1/kpis/delivery'];
    expect(Object.keys(route ?? {})).toEqual(['get']);
    expect(route!.get!.parameters.map((parameter) => parameter.name).sort()).toEqual([
      'from',
      'plantIds',
      'to',
    ]);
  });
});
