/**
 * A concrete product's mix design at one plant (R-ENTITY-13, R-MAINT-15): the same product batches
 * differently per plant. A resource of its own, edited from the concrete product's form (its
 * Mixes tab lists them, each opens at its own URL), with the mix's raw materials and quantities as
 * child rows saved with it, so the mix's version guards the whole recipe (R-CONC-1).
 *
 * Why not a child of the product: a mix has its own children (its raw materials), and the
 * engine's children are one level deep; mixes are also picked on their own (mix modification).
 */
import { defineResource, onceEach } from './define';
import { count, decimal, flag, integer, reference, text } from './field';

export const concreteMixResource = defineResource({
  name: 'concreteMixes',
  path: 'concrete-mixes',
  singular: 'Concrete mix',
  plural: 'Concrete mixes',
  forms: ['ConcreteProductMaintenance'],
  pickedBy: ['ConcreteMixModification', 'GlobalMixDesignChange', 'BatchLoadScreen'],
  labelField: 'description',
  fields: {
    productId: reference('concreteProducts', { label: 'Product', required: true, list: true }),
    plantId: reference('plants', {
      label: 'Plant',
      hint: 'One mix design per product and plant',
      required: true,
      list: true,
    }),
    description: text({ label: 'Description', required: true, list: true }),
    strength: decimal({ label: 'Strength', hint: 'psi or MPa', max: 999_999, list: true }),
    slump: decimal({ label: 'Slump', hint: 'Inches or millimetres', max: 9_999, list: true }),
    air: decimal({ label: 'Air %', max: 100, scale: 4, list: true }),
    aggregateSize: text({ label: 'Aggregate size', max: 20, list: true }),
    cementType: text({ label: 'Cement type', max: 20 }),
    maxLoadSize: decimal({
      label: 'Maximum load size',
      hint: 'The largest load this mix may be batched in',
    }),
    maxExtraWaterGallons: decimal({
      label: 'Maximum extra water (gallons)',
      hint: 'What a driver may add on the job',
    }),
    mixerSeconds: integer({ label: 'Mixing time (seconds)', max: 3_600 }),
    sackEquivalent: decimal({ label: 'Sack equivalent', hint: 'Cement content in sacks' }),
    waterToCementRatio: decimal({ label: 'Water/cement ratio', max: 10, scale: 4 }),
    applyAdmixDosageFactor: flag({
      label: 'Apply admixture dosage factor',
      hint: "Scale admixtures by the plant's dosage factor when batching",
    }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  children: {
    rawMaterials: {
      label: 'Raw materials',
      section: 'rawMaterials',
      fields: {
        sequence: count({ label: 'Sequence', hint: 'Batching order', default: 0 }),
        rawMaterialId: reference('rawMaterials', { label: 'Raw material', required: true }),
        quantity: decimal({
          label: 'Quantity',
          hint: 'Per cubic yard (or cubic metre) of mix',
          required: true,
        }),
        unitOfMeasureId: reference('unitsOfMeasure', {
          label: 'Unit',
          hint: "Empty: the raw material's own unit",
        }),
      },
    },
  },
  sections: [
    { key: 'main', label: 'Mix design' },
    { key: 'rawMaterials', label: 'Raw materials' },
  ],
  search: ['description', 'aggregateSize', 'cementType'],
  sort: ['description', 'strength', 'slump', 'air', 'id'],
  filters: ['productId', 'plantId'],
  // The table's key is mix + raw material.
  rules: [onceEach('rawMaterials', 'rawMaterialId', 'raw material')],
});
