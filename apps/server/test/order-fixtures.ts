/**
 * What the order suites (order entry, pending orders, order audit, invoices, quick sale, order
 * requests) and the order bench build the same way: a concrete order as order entry sends it, the
 * suite's users with their tokens, and the error answer they read.
 */
import { orderTypeIds, reasonIds, shortLoadTypeIds } from '../src/db/reference-ids';
import type { FieldProblem } from '../src/http/api-error';
import type { TestApp } from './test-app';

export type Json = Record<string, unknown>;

/** An error answer as a test reads it: the message, the machine code and its data. */
export type ErrorAnswer<Data = FieldProblem[]> = {
  message: string;
  code: string | null;
  data: Data;
};

/** A suite's user: name, groups and form permissions (form id to level). */
export type SuiteUser = [username: string, groupIds: number[], permissions: Record<number, number>];

/** Adds each user and logs it in, its token under its name; the users' ids by name. */
export async function addUsers(
  t: TestApp,
  tokens: Record<string, string>,
  users: readonly SuiteUser[],
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [username, groupIds, permissions] of users) {
    ids[username] = await t.addUser({ username, groupIds, permissions });
    tokens[username] = await t.login(username);
  }
  return ids;
}

/** A concrete schedule's trucks, rate and times when a test does not care. */
export const concreteScheduleTimes = {
  numberOfTrucks: 3,
  quantityPerHour: 60,
  loadIntervalTime: 10,
  travelTimeToJob: 20,
  travelTimeToPlant: 18,
  onJobWaitMinutes: 15,
  onJobWashMinutes: 10,
};

/** One concrete schedule with its primary product (30 yd in 10 yd loads unless said). */
export function concreteSchedule(
  parts: {
    plantId: number | undefined;
    productId: number | undefined;
    firstLoadOnJobTime: string;
    quantity?: number;
    loadSize?: number;
  },
  schedule: Json = {},
): { schedule: Json; primaryProduct: Json } {
  return {
    schedule: {
      plantId: parts.plantId,
      systemTypeId: 1,
      ...concreteScheduleTimes,
      firstLoadOnJobTime: parts.firstLoadOnJobTime,
      ...schedule,
    },
    primaryProduct: {
      productId: parts.productId,
      systemTypeId: 1,
      quantity: parts.quantity ?? 30,
      loadSize: parts.loadSize ?? 10,
    },
  };
}

/**
 * A concrete delivery order's header as order entry sends it, ordered on its ship date unless
 * said; `rest` adds its schedules and anything else the test sets.
 */
export function concreteOrderBody(
  parts: {
    customerId: number | undefined;
    plantId: number | undefined;
    customerPoNumber: string;
    shipDate: string;
    orderDate?: string;
    /** Left out unless given: the order then has no job. */
    jobId?: number | null | undefined;
  },
  rest: Json = {},
): Json {
  return {
    customerId: parts.customerId,
    customerPoNumber: parts.customerPoNumber,
    ...('jobId' in parts ? { jobId: parts.jobId } : {}),
    orderDate: parts.orderDate ?? parts.shipDate,
    shipDate: parts.shipDate,
    orderTypeId: orderTypeIds.concreteDelivery,
    plantId: parts.plantId,
    reasonId: reasonIds.regular,
    sourceTaxingType: 1,
    systemTypeId: 1,
    shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
    ...rest,
  };
}
