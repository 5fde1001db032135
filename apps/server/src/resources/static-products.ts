/**
 * Static products (R-MAINT-23): products added to every order or ticket of a system type (an
 * environmental fee), at a quantity per order or ticket. The binding checks what the definition
 * cannot: the product is of the row's system type, and listed once per system type (the table's
 * unique key, named here on the field rather than as a bare 409). `staticProductsFor` is what
 * order entry and ticketing read to add them.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { isSystemTypeId, systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../db/client';
import { products, staticProducts } from '../db/schema/products';
import type { RecordCheck, ResourceBinding } from './resource-binding';

/** 'a concrete', 'an aggregate': the system type as a message names one of its records. */
const aSystemType = (id: unknown) => {
  const name = isSystemTypeId(id) ? systemTypeById(id).name.toLowerCase() : 'other';
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
};

const check: RecordCheck = async (tx, record) => {
  if (typeof record.productId !== 'number') return [];
  const [product] = await tx
    .select({ systemTypeId: products.systemTypeId })
    .from(products)
    .where(eq(products.id, record.productId));
  // A product that does not exist is refused by its foreign key.
  if (!product) return [];
  if (product.systemTypeId !== record.systemTypeId) {
    return [
      {
        field: 'productId',
        reason: `is ${aSystemType(product.systemTypeId)} product: choose ${aSystemType(record.systemTypeId)} product`,
      },
    ];
  }
  const [listed] = await tx
    .select({ id: staticProducts.id, inactiveFlag: staticProducts.inactiveFlag })
    .from(staticProducts)
    .where(
      and(
        eq(staticProducts.systemTypeId, product.systemTypeId),
        eq(staticProducts.productId, record.productId),
        typeof record.id === 'number' ? ne(staticProducts.id, record.id) : undefined,
      ),
    );
  if (listed) {
    return [
      {
        field: 'productId',
        reason: `is already a static product of ${systemTypeById(product.systemTypeId as SystemTypeId).name.toLowerCase()} (${listed.id}${listed.inactiveFlag ? ', inactive: reactivate it' : ''})`,
      },
    ];
  }
  return [];
};

export const staticProductsBinding: ResourceBinding = { table: staticProducts, check };

export type StaticProductLine = {
  staticProductId: number;
  productId: number;
  number: string;
  description: string;
  unitOfMeasureId: number;
  quantity: number;
};

/**
 * The products every new order (or ticket) of a system type gets, with their quantity: the active
 * static products marked for orders (or tickets) whose product is active too, by product number.
 */
export async function staticProductsFor(
  tx: Tx | Db,
  systemTypeId: SystemTypeId,
  kind: 'order' | 'ticket',
): Promise<StaticProductLine[]> {
  const added = staticProductsAdded(systemTypeId, kind);
  const rows = await tx
    .select({
      staticProductId: staticProducts.id,
      productId: products.id,
      number: products.number,
      description: products.description,
      unitOfMeasureId: products.unitOfMeasureId,
      quantity: staticProducts.quantity,
    })
    .from(staticProducts)
    .innerJoin(products, eq(products.id, staticProducts.productId))
    .where(added.where)
    .orderBy(...added.orderBy);
  return rows;
}

/**
 * Which static products `staticProductsFor` answers, and in what order, over static_products
 * joined to products: for a read that embeds it in a larger statement (order entry reads them
 * with the order's other references in one round trip).
 */
export function staticProductsAdded(systemTypeId: SystemTypeId, kind: 'order' | 'ticket') {
  return {
    where: and(
      eq(staticProducts.systemTypeId, systemTypeId),
      eq(staticProducts.inactiveFlag, false),
      eq(products.inactiveFlag, false),
      eq(kind === 'order' ? staticProducts.addToOrders : staticProducts.addToTickets, true),
    )!,
    orderBy: [asc(products.number), asc(staticProducts.id)],
  };
}
