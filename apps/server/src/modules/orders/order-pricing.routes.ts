/**
 * R-PRICE-10: the price of an order line as order entry fills it in, with where it came from,
 * whether it is taxed, its unit and the order's tax rate. Served by the order entry form of the
 * line's system type (R-PERM-8); a level that hides prices gets no price (R-PERM-6).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { calendarDaySchema } from '@dispatch/domain/dates/calendar-day';
import { orderPriceAnswer } from '@dispatch/domain/pricing/order-price-answer';
import {
  allowedSystemTypes,
  isSystemTypeId,
  systemTypeById,
  systemTypes,
  type SystemTypeId,
} from '@dispatch/domain/system-types';
import { authorize, formName, priced } from '../../auth/guard';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ApiError, validationError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { int4Max } from '@dispatch/domain/api/fields';
import { priceOrderLine, taxRateFor } from './order-pricing';

const security = [{ bearer: [] }];

/** `?name=123`: a record id; blank or absent is null when the field is optional. */
const idText = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{1,10}$/, 'must be an id')
  .transform(Number)
  .refine((id) => id >= 1 && id <= int4Max, 'must be an id');
const optionalIdText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(idText.optional())
  .transform((id) => id ?? null);

export const orderPriceQuery = z.object({
  customerId: idText,
  jobId: optionalIdText,
  productId: idText,
  plantId: optionalIdText,
  systemTypeId: z
    .string({ error: 'is required' })
    .trim()
    .refine((value) => ['1', '2', '3'].includes(value), 'must be a system type (1, 2, 3)')
    .transform((value) => Number(value) as SystemTypeId),
  shipDate: calendarDaySchema,
});

/** The order entry form of each system type: the caller's level on it decides. */
const orderEntryForms = Object.fromEntries(
  systemTypes.map((type) => [type.id, systemTypeForm('orderEntry', type.id).id]),
) as Record<SystemTypeId, number>;

function orderEntryGuard(deps: ServerDeps) {
  const guards = Object.fromEntries(
    systemTypes.map((type) => [type.id, authorize(deps, { forms: [orderEntryForms[type.id]] })]),
  ) as Record<SystemTypeId, ReturnType<typeof authorize>>;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { systemTypeId } = request.query as z.infer<typeof orderPriceQuery>;
    await guards[systemTypeId](request, reply);
    // R-PERM-2: a level on the form is not enough without the system type's group.
    if (!allowedSystemTypes(request.auth!.groupIds).includes(systemTypeId)) {
      throw new ApiError(
        'permission',
        insufficientPermissionMessage(formName(orderEntryForms[systemTypeId])),
      );
    }
  };
}

/**
 * A product's or plant's refusal (R-ORD-28): order entry shows it beside the field, so it says
 * which system type the row has when it has another than the order's.
 */
function otherSystemType(
  what: 'product' | 'plant',
  found: { systemTypeId: number } | undefined,
  wanted: SystemTypeId,
): string | null {
  if (!found) return `is not a ${what}`;
  if (found.systemTypeId === wanted) return null;
  const type = isSystemTypeId(found.systemTypeId)
    ? systemTypeById(found.systemTypeId).name
    : `system type ${found.systemTypeId}`;
  return `is a ${what} for ${type} orders, not ${systemTypeById(wanted).name}`;
}

/** 400 naming the field whose id names no fitting row. */
async function checkReferences(db: Db, query: z.infer<typeof orderPriceQuery>): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, query.customerId));
  if (!customer) throw validationError([{ field: 'customerId', reason: 'is not a customer' }]);
  if (query.jobId !== null) {
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, query.jobId), eq(jobs.customerId, query.customerId)));
    if (!job) throw validationError([{ field: 'jobId', reason: 'is not a job of the customer' }]);
  }
  const [product] = await db
    .select({ systemTypeId: products.systemTypeId })
    .from(products)
    .where(eq(products.id, query.productId));
  const productProblem = otherSystemType('product', product, query.systemTypeId);
  if (productProblem) throw validationError([{ field: 'productId', reason: productProblem }]);
  if (query.plantId !== null) {
    const [plant] = await db
      .select({ systemTypeId: plants.systemTypeId })
      .from(plants)
      .where(eq(plants.id, query.plantId));
    const plantProblem = otherSystemType('plant', plant, query.systemTypeId);
    if (plantProblem) throw validationError([{ field: 'plantId', reason: plantProblem }]);
  }
}

export function registerOrderPricingRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/orders/price',
    {
      // Signed in first (401 before 400); the system type it checks is the validated query's.
      preValidation: authorize(deps),
      preHandler: orderEntryGuard(deps),
      schema: {
        tags: ['orders'],
        summary:
          "An order line's price on the ship date: the job's quote, else the customer's adjusted defaults, else the product's price in effect; with its source, taxable flag, unit and the order's tax rate (R-PRICE-10)",
        security,
        querystring: orderPriceQuery,
        response: { 200: orderPriceAnswer },
      },
    },
    async (request) => {
      const db = request.auth!.connection.db;
      const query = request.query;
      await checkReferences(db, query);
      const line = (await priceOrderLine(db, query))!;
      const taxRate = await taxRateFor(db, query);
      return priced(request, {
        price: line.price,
        source: line.source,
        taxable: line.taxable,
        unitOfMeasureId: line.unitOfMeasureId,
        taxRate,
      });
    },
  );
}
