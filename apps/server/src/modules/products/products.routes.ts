/**
 * What the resource engine does not do for products: one list of the products of every system
 * type the caller has, with the products that have a mix at given plants, as order entry picks
 * them. The maintenance screens use the engine: /api/v1/concrete-products, aggregate-products,
 * block-products, other-products, raw-materials and concrete-mixes (R-RES-3).
 */
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { productSchema } from '@dispatch/domain/products/product-view';
import { productListQuery, productParams } from './products.schemas';
import { getProduct, listProducts } from './products.service';

const security = [{ bearer: [] }];

/** The product maintenance screens, and the order entry forms, which pick products. */
export const productForms = [
  'ConcreteProductMaintenance',
  'AggregateProductMaintenance',
  'BlockProductMaintenance',
  'OtherProductMaintenance',
  'RawMaterialMaintenance',
  'ConcreteOrderEntry',
  'AggregateOrderEntry',
  'BlockOrderEntry',
].map(formIdOf);

export function registerProductsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/products',
    {
      preValidation: authorize(deps, { forms: productForms }),
      schema: {
        tags: ['products'],
        summary:
          'Products of every system type the caller has, by number or description; `plantId` keeps those with a mix at one of the plants',
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
      preValidation: authorize(deps, { forms: productForms }),
      schema: {
        tags: ['products'],
        summary:
          "One product of any of the caller's system types (its mixes: /api/v1/concrete-mixes?productId=)",
        security,
        params: productParams,
        response: { 200: productSchema },
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
