/**
 * A concrete order for today at the demo's North Yard, made through the API as a dispatcher makes
 * one: two 9 yd³ loads of the 3000 mix, the first planned on the job two hours from now. The walks
 * that follow a load from dispatch (the batch panel, the pour page) start from it.
 */
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { apiAs } from './api-calls';

type Call = Awaited<ReturnType<typeof apiAs>>;
type Envelope<T> = { data: T[] };

export type DemoJob = {
  id: number;
  customerId: number;
  gpsLat: number | null;
  gpsLon: number | null;
};

export type NorthYardOrder = {
  order: { id: number; number: number };
  plant: { id: number };
  job: DemoJob;
  loadIds: number[];
};

export async function northYardOrderToday(
  calls: { admin: Call; dispatcher: Call },
  options: {
    customerPoNumber: string;
    /** Which of the demo's jobs the order is for; the first unless said. */
    pickJob?: (jobs: DemoJob[]) => DemoJob | undefined;
    uploadMixToBatchPanel?: boolean;
    /** When its first load is due on the job; two hours from now unless said. */
    firstLoadOnJobTime?: Date;
    /** Minutes from the plant to the job; 20 unless said. */
    travelTimeToJob?: number;
  },
): Promise<NorthYardOrder> {
  const { admin, dispatcher } = calls;
  const plants = await admin<Envelope<{ id: number; description: string }>>(
    'GET',
    '/api/v1/plants/board?systemTypeId=1',
  );
  const plant = plants.data.find((each) => each.description === 'North Yard')!;
  const jobs = await admin<Envelope<DemoJob>>('GET', '/api/v1/jobs?limit=100');
  const job = (options.pickJob ?? ((all) => all[0]))(jobs.data)!;
  const products = await admin<Envelope<{ id: number; number: string }>>(
    'GET',
    '/api/v1/concrete-products/options?search=3000',
  );
  const mix = products.data.find((each) => each.number === '3000')!;
  const [shortLoad] = (
    await admin<Envelope<{ id: number }>>('GET', '/api/v1/short-load-types/options')
  ).data;
  const today = formatDate(new Date(), 'YYYY-MM-DD');
  const order = await dispatcher<{ id: number; number: number }>('POST', '/api/v1/orders', {
    customerId: job.customerId,
    jobId: job.id,
    customerPoNumber: options.customerPoNumber,
    orderDate: today,
    shipDate: today,
    orderTypeId: 1,
    plantId: plant.id,
    reasonId: 1,
    sourceTaxingType: 1,
    systemTypeId: 1,
    shortLoadTypeId: shortLoad!.id,
    ...(options.uploadMixToBatchPanel ? { uploadMixToBatchPanel: true } : {}),
    schedules: [
      {
        schedule: {
          plantId: plant.id,
          systemTypeId: 1,
          numberOfTrucks: 2,
          quantityPerHour: 40,
          loadIntervalTime: 15,
          travelTimeToJob: options.travelTimeToJob ?? 20,
          travelTimeToPlant: 20,
          onJobWaitMinutes: 15,
          onJobWashMinutes: 10,
          firstLoadOnJobTime: (
            options.firstLoadOnJobTime ?? new Date(Date.now() + 2 * 3_600_000)
          ).toISOString(),
        },
        primaryProduct: { productId: mix.id, systemTypeId: 1, quantity: 18, loadSize: 9 },
      },
    ],
  });
  const { loads } = await dispatcher<{ loads: { id: number }[] }>(
    'GET',
    `/api/v1/orders/${order.id}`,
  );
  return { order, plant, job, loadIds: loads.map((load) => load.id) };
}
