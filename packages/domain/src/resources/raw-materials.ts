/**
 * Raw materials: the cement, sand, stone, admixtures and water plants batch and stock (R-MAINT-15).
 * Mixes list them with their quantities; an aggregate product may draw one down as it is sold.
 */
import { defineResource } from './define';
import { decimal, flag, money, reference, text } from './field';

export const rawMaterialResource = defineResource({
  name: 'rawMaterials',
  path: 'raw-materials',
  singular: 'Raw material',
  plural: 'Raw materials',
  screen: 'RawMaterialMaintenance',
  // Besides the product and mix forms that refer to them (derived): the mix and inventory screens.
  pickedBy: [
    'RawMaterialRanking',
    'ConcreteMixModification',
    'GlobalMixDesignChange',
    'InventoryAdjustments',
    'MaterialReceiptMaintenance',
  ],
  labelField: 'description',
  numberField: 'code',
  fields: {
    code: text({ label: 'Code', required: true, max: 20, list: true }),
    description: text({ label: 'Description', required: true, list: true }),
    unitOfMeasureId: reference('unitsOfMeasure', {
      label: 'Unit of measure',
      hint: 'The unit it is stocked and batched in',
      required: true,
      list: true,
    }),
    specificGravity: decimal({ label: 'Specific gravity', max: 99, scale: 4, list: true }),
    // What the producer pays per unit: a price (R-PERM-6), hidden where prices are hidden.
    cost: money({ label: 'Cost', hint: 'Per unit of measure', price: true, list: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['code', 'description'],
  sort: ['code', 'description', 'specificGravity', 'id'],
  defaultSort: 'code',
  filters: ['unitOfMeasureId'],
});
