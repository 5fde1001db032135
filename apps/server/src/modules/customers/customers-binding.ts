/**
 * Where customers live (R-RES-1): the customers table, and the pricing defaults of each system
 * type (R-ENTITY-11..12) as the child collections 'concrete', 'aggregate' and 'block'.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  customerAggregatePricing,
  customerBlockPricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import type { ResourceBinding } from '../../resources/resource-binding';

/**
 * A customer number names one customer: a taken number is refused on the field, naming who has it,
 * rather than as the unique index's bare 409 (which still guards two saves at the same instant).
 */
async function numberIsFree(tx: Tx, record: Record<string, unknown>) {
  const number = typeof record.number === 'string' ? record.number : '';
  if (number === '') return [];
  const id = typeof record.id === 'number' ? record.id : 0;
  const [other] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.number, number), ne(customers.id, id)))
    .limit(1);
  return other ? [{ field: 'number', reason: `is already used by ${other.name}` }] : [];
}

export const customerBinding: ResourceBinding = {
  table: customers,
  check: numberIsFree,
  children: {
    concrete: { table: customerConcretePricing, parentKey: 'customerId' },
    aggregate: { table: customerAggregatePricing, parentKey: 'customerId' },
    block: { table: customerBlockPricing, parentKey: 'customerId' },
  },
};
