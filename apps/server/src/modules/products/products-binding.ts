/**
 * Where the product resources live (R-RES-1, R-MAINT-15): four views of the products table, one per
 * maintenance screen (packages/domain/src/resources/products.ts says which product is whose), and
 * the raw materials. A caller never sees, nor writes, products of system types they lack (ADR 005):
 * the system type screens answer nothing to a caller without their system type, and the other
 * products answer only the caller's system types.
 */
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { systemTypeById, systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Tx } from '../../db/client';
import { productTypes } from '../../db/schema/lookups';
import { products, rawMaterials } from '../../db/schema/products';
import { ApiError } from '../../http/api-error';
import type { RecordCheck, ResourceBinding, ScopeContext } from '../../resources/resource-binding';

/** The product's type belongs to no system type: an other product (fees and surcharges). */
export const hasOtherProductType: SQL = sql`exists (select 1 from ${productTypes} where ${productTypes.id} = ${products.productTypeId} and ${productTypes.systemTypeId} is null)`;

const nothing = sql`false`;

/** What the caller may not write: a record of a system type they lack is not theirs to touch. */
export function refuseSystemType(context: ScopeContext, systemTypeId: SystemTypeId, what: string) {
  if (context.systemTypeIds.includes(systemTypeId)) return;
  throw new ApiError(
    'permission',
    `You do not have access to ${systemTypeById(systemTypeId).name.toLowerCase()} ${what}: you are not in the ${systemTypeById(systemTypeId).name} group.`,
  );
}

/** The system type of a product type; undefined when there is no such type (the key refuses it). */
async function productTypeSystem(
  tx: Tx,
  productTypeId: unknown,
): Promise<{ systemTypeId: number | null } | undefined> {
  if (typeof productTypeId !== 'number') return undefined;
  const [row] = await tx
    .select({ systemTypeId: productTypes.systemTypeId })
    .from(productTypes)
    .where(eq(productTypes.id, productTypeId));
  return row;
}

function systemTypeProducts(systemTypeId: SystemTypeId): ResourceBinding {
  const check: RecordCheck = async (tx, record, context) => {
    refuseSystemType(context, systemTypeId, 'products');
    const problems: FieldProblem[] = [];
    const type = await productTypeSystem(tx, record.productTypeId);
    if (type && type.systemTypeId === null) {
      problems.push({
        field: 'productTypeId',
        reason:
          'is a type of no system type (fees and surcharges): add the product under Other products',
      });
    }
    return problems;
  };
  return {
    table: products,
    fixed: { systemTypeId },
    scope: (context) =>
      context.systemTypeIds.includes(systemTypeId) ? sql`not ${hasOtherProductType}` : nothing,
    check,
  };
}

const otherProducts: ResourceBinding = {
  table: products,
  scope: (context) =>
    context.systemTypeIds.length === 0
      ? nothing
      : sql`${inArray(products.systemTypeId, [...context.systemTypeIds])} and ${hasOtherProductType}`,
  check: async (tx, record, context) => {
    const problems: FieldProblem[] = [];
    if (
      typeof record.systemTypeId === 'number' &&
      !context.systemTypeIds.includes(record.systemTypeId)
    ) {
      problems.push({ field: 'systemTypeId', reason: 'is not one of your system types' });
    }
    const type = await productTypeSystem(tx, record.productTypeId);
    if (type && type.systemTypeId !== null) {
      problems.push({
        field: 'productTypeId',
        reason: `is a ${systemTypeById(type.systemTypeId as SystemTypeId).name.toLowerCase()} product type: an other product's type belongs to no system type`,
      });
    }
    return problems;
  },
};

/** Product types of no system type: the other products' pick list (otherProductTypes). */
const otherProductTypes: ResourceBinding = {
  table: productTypes,
  scope: () => sql`${productTypes.systemTypeId} is null`,
};

export const productBindings: Readonly<Record<string, ResourceBinding>> = {
  concreteProducts: systemTypeProducts(systemTypeIds.concrete),
  aggregateProducts: systemTypeProducts(systemTypeIds.aggregate),
  blockProducts: systemTypeProducts(systemTypeIds.block),
  otherProducts,
  otherProductTypes,
  rawMaterials: { table: rawMaterials },
};
