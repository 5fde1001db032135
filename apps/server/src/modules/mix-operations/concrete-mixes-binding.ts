/**
 * Where concrete mixes live (R-MAINT-15): the concrete_mixes table, with each mix's raw materials
 * (concrete_mix_raw_materials) as child rows. That table has no id column: its key is the mix and
 * the raw material, so the binding names `rawMaterialId` as the row key (ChildBinding.rowKey): a
 * row answers its raw material as its id, and a save replaces the recipe with the rows sent.
 *
 * Mixes are concrete only: a caller outside the Concrete group sees none and may write none.
 */
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { and, eq, ne, sql } from 'drizzle-orm';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { productTypes } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import { concreteMixes, concreteMixRawMaterials, products } from '../../db/schema/products';
import { recordMaintenanceHistory } from './mix-history';
import { refuseSystemType } from '../products/products-binding';
import type { ResourceBinding } from '../../resources/resource-binding';

export const concreteMixesBinding: ResourceBinding = {
  table: concreteMixes,
  scope: (context) =>
    context.systemTypeIds.includes(systemTypeIds.concrete) ? undefined : sql`false`,
  check: async (tx, record, context) => {
    refuseSystemType(context, systemTypeIds.concrete, 'mixes');
    const problems: FieldProblem[] = [];
    if (typeof record.productId === 'number') {
      const [product] = await tx
        .select({
          systemTypeId: products.systemTypeId,
          typeId: productTypes.id,
          typeSystemTypeId: productTypes.systemTypeId,
        })
        .from(products)
        .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .where(eq(products.id, record.productId));
      // An other product (its type belongs to no system type) has no mix either.
      const other = product?.typeId !== null && product?.typeSystemTypeId === null;
      if (product && (product.systemTypeId !== systemTypeIds.concrete || other)) {
        problems.push({ field: 'productId', reason: 'must be a concrete product' });
      }
    }
    if (typeof record.plantId === 'number') {
      const [plant] = await tx
        .select({ systemTypeId: plants.systemTypeId })
        .from(plants)
        .where(eq(plants.id, record.plantId));
      if (plant && plant.systemTypeId !== systemTypeIds.concrete) {
        problems.push({ field: 'plantId', reason: 'must be a concrete plant' });
      }
    }
    if (typeof record.productId === 'number' && typeof record.plantId === 'number') {
      const [other] = await tx
        .select({ id: concreteMixes.id, description: concreteMixes.description })
        .from(concreteMixes)
        .where(
          and(
            eq(concreteMixes.productId, record.productId),
            eq(concreteMixes.plantId, record.plantId),
            typeof record.id === 'number' ? ne(concreteMixes.id, record.id) : undefined,
          ),
        );
      if (other) {
        problems.push({
          field: 'plantId',
          reason: `already has this product's mix (${other.description}): one mix per product and plant`,
        });
      }
    }
    return problems;
  },
  // R-MIX-5: a mix saved here shows in its history on the mix modification screen.
  afterWrite: recordMaintenanceHistory,
  children: {
    rawMaterials: {
      table: concreteMixRawMaterials,
      parentKey: 'concreteMixId',
      rowKey: 'rawMaterialId',
      orderBy: ['sequence'],
    },
  },
};
