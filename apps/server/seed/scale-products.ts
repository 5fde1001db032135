/**
 * The scale seed's product list: concrete mixes by the cubic yard, aggregates by the ton, block by
 * the piece, and the extras charged beside them (admixtures, fees, pallets).
 */
import { units } from '@dispatch/domain/units';
import { products } from '../src/db/schema/products';
import { glCategoryIds, productTypeIds, usageTypeIds } from '../src/db/reference-ids';
import type { ScaleContext, ScaleIds } from './scale-context';
import { insertReturningIds } from '../src/db/bulk-insert';

/** How an extra line's quantity follows the order: its total, one per load, one, or pallets. */
export const extraQuantityRules = { total: 1, perLoad: 2, once: 3, pallets: 4 } as const;

type ExtraRule = (typeof extraQuantityRules)[keyof typeof extraQuantityRules];

export type ScaleProduct = {
  number: string;
  description: string;
  systemTypeId: 1 | 2 | 3;
  productTypeId: number;
  unitOfMeasureId: number;
  price: number;
  taxableFlag: boolean;
  /** Absent on primary products. */
  extra?: { usageTypeId: number; rule: ExtraRule };
};

const concrete = (number: string, description: string, price: number): ScaleProduct => ({
  number,
  description,
  systemTypeId: 1,
  productTypeId: productTypeIds.concreteMix,
  unitOfMeasureId: units.cubicYards,
  price,
  taxableFlag: true,
});

const aggregate = (
  number: string,
  description: string,
  productTypeId: number,
  price: number,
): ScaleProduct => ({
  number,
  description,
  systemTypeId: 2,
  productTypeId,
  unitOfMeasureId: units.tons,
  price,
  taxableFlag: true,
});

const block = (
  number: string,
  description: string,
  productTypeId: number,
  price: number,
): ScaleProduct => ({
  number,
  description,
  systemTypeId: 3,
  productTypeId,
  unitOfMeasureId: units.each,
  price,
  taxableFlag: true,
});

const extra = (
  product: Omit<ScaleProduct, 'extra'>,
  usageTypeId: number,
  rule: ExtraRule,
): ScaleProduct => ({ ...product, extra: { usageTypeId, rule } });

const { total, perLoad, once, pallets } = extraQuantityRules;

export const scaleProducts: readonly ScaleProduct[] = [
  concrete('2500', '2500 PSI 4" slump', 128),
  concrete('3000', '3000 PSI 4" slump', 134),
  concrete('3500', '3500 PSI 4" slump', 139),
  concrete('4000', '4000 PSI 4" slump', 145),
  concrete('4500', '4500 PSI 5" slump', 151),
  concrete('5000', '5000 PSI 5" slump', 158),
  concrete('3500AE', '3500 PSI air entrained', 142),
  concrete('4000AE', '4000 PSI air entrained', 148),
  concrete('4500HE', '4500 PSI high early', 162),
  concrete('PUMP35', '3500 PSI pump mix 3/8"', 147),
  concrete('FLOW', 'Flowable fill', 98),
  concrete('GROUT', 'Grout mix', 165),
  extra(
    {
      ...concrete('ACCEL', 'Non-chloride accelerator 1%', 6.5),
      productTypeId: productTypeIds.concreteAdmixture,
    },
    usageTypeIds.perUnit,
    total,
  ),
  extra(
    {
      ...concrete('FIBER', 'Fibermesh 1.5 lb/yd', 9),
      productTypeId: productTypeIds.concreteAdmixture,
    },
    usageTypeIds.perUnit,
    total,
  ),
  extra(
    {
      ...concrete('HOTWTR', 'Hot water (winter)', 4),
      productTypeId: productTypeIds.concreteAdmixture,
    },
    usageTypeIds.perUnit,
    total,
  ),
  extra(
    {
      ...concrete('ENVFEE', 'Environmental fee', 25),
      productTypeId: productTypeIds.surcharge,
      unitOfMeasureId: units.each,
    },
    usageTypeIds.perOrder,
    once,
  ),
  extra(
    {
      ...concrete('WASHOUT', 'Washout bag', 35),
      productTypeId: productTypeIds.concreteService,
      unitOfMeasureId: units.each,
    },
    usageTypeIds.perLoad,
    perLoad,
  ),
  aggregate('57LS', '#57 limestone', productTypeIds.stone, 24),
  aggregate('8LS', '#8 limestone', productTypeIds.stone, 26),
  aggregate('2LS', '#2 limestone', productTypeIds.stone, 23),
  aggregate('304', '#304 crushed base', productTypeIds.fill, 17),
  aggregate('411', '#411 limestone screenings', productTypeIds.stone, 19),
  aggregate('CSAND', 'Concrete sand', productTypeIds.sand, 21),
  aggregate('MSAND', 'Mason sand', productTypeIds.sand, 27),
  aggregate('PEA', 'Pea gravel', productTypeIds.stone, 29),
  aggregate('RIPRAP', 'Rip rap, type C', productTypeIds.stone, 38),
  aggregate('FILL', 'Fill dirt', productTypeIds.fill, 9),
  extra(
    {
      ...aggregate('FUEL', 'Fuel surcharge', productTypeIds.surcharge, 12),
      unitOfMeasureId: units.each,
    },
    usageTypeIds.perLoad,
    perLoad,
  ),
  block('8CMU', '8" standard CMU', productTypeIds.cmu, 2.35),
  block('12CMU', '12" standard CMU', productTypeIds.cmu, 3.45),
  block('6CMU', '6" standard CMU', productTypeIds.cmu, 2.05),
  block('4SOLID', '4" solid block', productTypeIds.cmu, 1.85),
  block('8SPLIT', '8" split face', productTypeIds.specialtyBlock, 3.1),
  block('8BOND', '8" bond beam', productTypeIds.specialtyBlock, 2.8),
  block('CAP', '2" cap', productTypeIds.specialtyBlock, 1.6),
  extra(
    {
      ...block('PALLET', 'Pallet (deposit)', productTypeIds.blockAccessory, 15),
      taxableFlag: false,
    },
    usageTypeIds.perUnit,
    pallets,
  ),
];

/** Block pieces per pallet ("cube"), for pallets and load planning. */
export const blockPiecesPerCube = 90;

export async function seedScaleProducts(context: ScaleContext): Promise<number> {
  const glCategory = {
    1: glCategoryIds.concrete,
    2: glCategoryIds.aggregate,
    3: glCategoryIds.block,
  };
  const ids = await insertReturningIds(
    context.db,
    products,
    scaleProducts.map((product) => ({
      number: product.number,
      description: product.description,
      systemTypeId: product.systemTypeId,
      productTypeId: product.productTypeId,
      unitOfMeasureId: product.unitOfMeasureId,
      price: product.price,
      taxableFlag: product.taxableFlag,
      glCategoryId:
        product.productTypeId === productTypeIds.surcharge
          ? glCategoryIds.fees
          : glCategory[product.systemTypeId],
    })),
  );
  const byType: ScaleIds['products'] = {
    1: { primary: [], extras: [] },
    2: { primary: [], extras: [] },
    3: { primary: [], extras: [] },
  };
  scaleProducts.forEach((product, index) => {
    const id = ids[index];
    if (id === undefined) return;
    byType[product.systemTypeId][product.extra ? 'extras' : 'primary'].push(id);
  });
  context.ids.products = byType;
  return ids.length;
}

/** The extras of a system type with their usage type and quantity rule, in id order. */
export function extrasOf(context: ScaleContext, systemTypeId: 1 | 2 | 3) {
  const ids = context.ids.products?.[systemTypeId].extras ?? [];
  const extras = scaleProducts.filter(
    (product) => product.systemTypeId === systemTypeId && product.extra,
  );
  return extras.map((product, index) => ({
    id: ids[index] ?? 0,
    usageTypeId: product.extra?.usageTypeId ?? usageTypeIds.perUnit,
    rule: product.extra?.rule ?? total,
  }));
}
