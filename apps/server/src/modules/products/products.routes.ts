import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  productDetailSchema,
  productListQuery,
  productParams,
  productSchema,
} from './products.schemas';
import { getProduct, listProducts } from './products.service';

const security = [{ bearer: [] }];

/**
 * Product maintenance (concrete 16000, aggregate 26000, block 36000, other 50801, raw materials
 * 50802), and the order entry forms, which pick products.
 */
export const productForms = [16000, 26000, 36000, 50801, 50802, 15000, 25000, 35000] as const;

export function registerProductsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/products',
    {
      preHandler: authorize(deps, { forms: productForms }),
      schema: {
        tags: ['products'],
        summary: "Products of the caller's system types, by number or description",
        security,
        querystring: productListQuery,
        response: { 200: listOf(productSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listProducts(request.auth!.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/products/:id',
    {
      preHandler: authorize(deps, { forms: productForms }),
      schema: {
        tags: ['products'],
        summary: "One product; a concrete product's mix designs with their raw materials",
        security,
        params: productParams,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const product = await getProduct(request.auth!.connection.db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      if (!product) throw notFound(`Product ${request.params.id}`);
      return priced(request, product);
    },
  );
}
