import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  customerDetailSchema,
  customerListQuery,
  customerParams,
  customerSchema,
} from './customers.schemas';
import { getCustomer, listCustomers } from './customers.service';

const security = [{ bearer: [] }];

/** Customers 50101, and the order entry forms (concrete, aggregate, block), which pick customers. */
export const customerForms = [50101, 15000, 25000, 35000] as const;

export function registerCustomersRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/customers',
    {
      preHandler: authorize(deps, { forms: customerForms }),
      schema: {
        tags: ['customers'],
        summary: 'Customers by name, number or phone; systemTypeId keeps those priced for it',
        security,
        querystring: customerListQuery,
        response: { 200: listOf(customerSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listCustomers(request.auth!.connection.db, request.query);
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/customers/:id',
    {
      preHandler: authorize(deps, { forms: customerForms }),
      schema: {
        tags: ['customers'],
        summary: "A customer with its pricing defaults for the caller's system types",
        security,
        params: customerParams,
        response: { 200: customerDetailSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const customer = await getCustomer(auth.connection.db, {
        id: request.params.id,
        systemTypeIds: allowedSystemTypes(auth.groupIds),
      });
      if (!customer) throw notFound(`Customer ${request.params.id}`);
      return priced(request, customer);
    },
  );
}
