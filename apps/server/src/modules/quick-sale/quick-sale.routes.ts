/**
 * Quick sale (`/orders/concrete-quick-sale`, `/orders/aggregate-quick-sale`, R-QSALE-1..8):
 * price a line, make a sale (order, ticket and payment at once), print its receipt. Each call is
 * checked against the quick sale form of the sale's own system type (R-QSALE-2).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  quickSaleFormId,
  quickSaleSchema,
  quickSaleSystemTypeIds,
  type QuickSaleSystemTypeId,
} from '@dispatch/domain/orders/quick-sale';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { quickSalePriceAnswer, quickSaleView } from '@dispatch/domain/orders/quick-sale-view';
import { authorize, formName, priced, systemTypeFormAccess } from '../../auth/guard';
import { products } from '../../db/schema/products';
import { ApiError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import type { PaymentProvider } from '../../payments/payment-provider';
import { testPaymentProvider } from '../../payments/test-payment-provider';
import { priceOrderLine, taxRateFor } from '../orders/order-pricing';
import { productPriceOn } from '../price-escalation/price-in-effect.service';
import { quickSaleParams, quickSalePriceQuery } from './quick-sale.schemas';
import { createQuickSale, quickSaleOrThrow } from './quick-sale.service';
import { renderReceipt } from './quick-sale-receipt';
import { findWalkInCustomer } from './walk-in-customer';

const security = [{ bearer: [] }];
const quickSaleForms = quickSaleSystemTypeIds.map((id) => quickSaleFormId(id));

/**
 * R-QSALE-2: the caller's flags on the quick sale form of the system type: its group (R-PERM-2)
 * and a level that may see it, else 403 naming the form; `write` also refuses read-only levels,
 * and levels that hide prices (a till must show what it collects).
 */
function quickSaleAccess(
  request: FastifyRequest,
  systemTypeId: QuickSaleSystemTypeId,
  write: boolean,
): PermissionFlags {
  const formId = quickSaleFormId(systemTypeId);
  const flags = systemTypeFormAccess(request, systemTypeId, formId, write);
  if (write && flags.hidePrice) {
    throw new ApiError(
      'permission',
      `${formName(formId)} takes payment, so it needs a permission level that shows prices.`,
    );
  }
  return flags;
}

export function registerQuickSaleRoutes(
  app: Server,
  deps: ServerDeps,
  options: { paymentProvider?: PaymentProvider } = {},
): void {
  const provider = options.paymentProvider ?? testPaymentProvider;

  app.get(
    '/api/v1/quick-sales/price',
    {
      preValidation: authorize(deps, { forms: quickSaleForms }),
      schema: {
        tags: ['quick sale'],
        summary:
          "A line's price today, whether it is taxed, and the sale's tax rate (walk-in: no customerId)",
        security,
        querystring: quickSalePriceQuery,
        response: { 200: quickSalePriceAnswer },
      },
    },
    async (request) => {
      const query = request.query;
      quickSaleAccess(request, query.systemTypeId as QuickSaleSystemTypeId, false);
      const { db } = request.auth!.connection;
      const customerId = query.customerId ?? (await findWalkInCustomer(db));
      const today = formatDate(deps.now(), 'YYYY-MM-DD');
      const line = customerId
        ? await priceOrderLine(db, {
            customerId,
            jobId: null,
            productId: query.productId,
            plantId: query.plantId,
            systemTypeId: query.systemTypeId,
            shipDate: today,
          })
        : undefined;
      const answer = line
        ? {
            price: line.price,
            taxable: line.taxable,
            unitOfMeasureId: line.unitOfMeasureId,
            taxRate: await taxRateFor(db, { jobId: null, customerId: customerId! }),
          }
        : await walkInWithoutAccount(request, query.productId, query.plantId, today);
      return priced(request, answer);
    },
  );

  app.post(
    '/api/v1/quick-sales',
    {
      preValidation: authorize(deps, { forms: quickSaleForms, write: true, checksPrices: true }),
      schema: {
        tags: ['quick sale'],
        summary:
          'A quick sale: the order, its ticket and its payment (cash, check or card) in one transaction',
        security,
        body: quickSaleSchema,
        response: { 201: quickSaleView },
      },
    },
    async (request, reply) => {
      const flags = quickSaleAccess(request, request.body.systemTypeId, true);
      const sale = await createQuickSale(request.auth!.connection.db, request.body, {
        database: request.auth!.database,
        username: request.auth!.username,
        now: deps.now(),
        flags,
        provider,
      });
      return reply.status(201).send(priced(request, sale));
    },
  );

  app.get(
    '/api/v1/quick-sales/:orderId/receipt.pdf',
    {
      preValidation: authorize(deps, { forms: quickSaleForms }),
      schema: {
        tags: ['quick sale'],
        summary: 'The receipt of a quick sale, as a PDF',
        security,
        params: quickSaleParams,
      },
    },
    async (request, reply) => {
      const allowed = allowedSystemTypes(request.auth!.groupIds).filter(
        (id): id is QuickSaleSystemTypeId => id === 1 || id === 2,
      );
      const sale = await quickSaleOrThrow(
        request.auth!.connection.db,
        request.params.orderId,
        allowed,
      );
      quickSaleAccess(request, sale.systemTypeId as QuickSaleSystemTypeId, false);
      const pdf = await renderReceipt(sale);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${sale.ticketNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}

/** A walk-in before the database has a walk-in account: the product's own price, no tax. */
async function walkInWithoutAccount(
  request: FastifyRequest,
  productId: number,
  plantId: number,
  today: string,
) {
  const { db } = request.auth!.connection;
  const [product] = await db
    .select({ taxable: products.taxableFlag, unitOfMeasureId: products.unitOfMeasureId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new ApiError('notFound', `Product ${productId} was not found.`);
  const price = await productPriceOn(db, { productId, plantId, date: today });
  return { price: price?.price ?? null, ...product, taxRate: null };
}
