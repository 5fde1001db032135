/**
 * The price in effect on a date (R-ESC-8), for everything that prices an order or a quote from
 * then on (order entry, quick sale, tickets: issue 12). One product's price at a plant, or one
 * quote line's, read in one round trip and decided by the domain's `priceInEffect`.
 */
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { datedPriceOn, type DatedPrice } from '@dispatch/domain/pricing/price-in-effect';
import type { Db, Tx } from '../../db/client';
import { productPrices, quoteProductPrices } from '../../db/schema/prices';
import { products } from '../../db/schema/products';
import { quoteProducts } from '../../db/schema/quotes';

export type PriceOnDate = {
  /** Null when the product (or line) has no price at all. */
  price: number | null;
  /** The day the price took effect; null for the undated list (or quoted) price. */
  effectiveDate: string | null;
  /** The escalation that wrote it, when one did. */
  escalationId: number | null;
  /** Whose price it is: the plant's own, the product's dated one, or the undated one. */
  source: 'plant' | 'product' | 'list';
};

type Row = DatedPrice & { escalationId: number | null };

/**
 * A product's price on `date` (YYYY-MM-DD) at `plantId` (or for every plant: null): the plant's
 * own dated price, else the product's, else its list price. Undefined for an unknown product.
 */
export async function productPriceOn(
  db: Db | Tx,
  query: { productId: number; plantId: number | null; date: string },
): Promise<PriceOnDate | undefined> {
  const [product] = await db
    .select({ price: products.price })
    .from(products)
    .where(eq(products.id, query.productId));
  if (!product) return undefined;
  const dated = await db
    .select({
      price: productPrices.price,
      effectiveDate: productPrices.effectiveDate,
      sequence: productPrices.id,
      escalationId: productPrices.escalationId,
      plantId: productPrices.plantId,
    })
    .from(productPrices)
    .where(
      and(
        eq(productPrices.productId, query.productId),
        lte(productPrices.effectiveDate, query.date),
        query.plantId === null
          ? isNull(productPrices.plantId)
          : or(isNull(productPrices.plantId), eq(productPrices.plantId, query.plantId)),
      ),
    )
    .orderBy(asc(productPrices.id));
  const plant = datedPriceOn(
    dated.filter((row) => row.plantId !== null),
    query.date,
  );
  if (plant) return found(plant, 'plant');
  const own = datedPriceOn(
    dated.filter((row) => row.plantId === null),
    query.date,
  );
  if (own) return found(own, 'product');
  return { price: product.price, effectiveDate: null, escalationId: null, source: 'list' };
}

/** A quote line's price on `date`: its latest dated price, else the quoted price. */
export async function quoteLinePriceOn(
  db: Db | Tx,
  query: { quoteProductId: number; date: string },
): Promise<PriceOnDate | undefined> {
  const [line] = await db
    .select({ price: quoteProducts.price })
    .from(quoteProducts)
    .where(eq(quoteProducts.id, query.quoteProductId));
  if (!line) return undefined;
  const dated = await db
    .select({
      price: quoteProductPrices.price,
      effectiveDate: quoteProductPrices.effectiveDate,
      sequence: quoteProductPrices.id,
      escalationId: quoteProductPrices.escalationId,
    })
    .from(quoteProductPrices)
    .where(
      and(
        eq(quoteProductPrices.quoteProductId, query.quoteProductId),
        lte(quoteProductPrices.effectiveDate, query.date),
      ),
    );
  const own = datedPriceOn(dated, query.date);
  if (own) return found(own, 'product');
  return { price: line.price, effectiveDate: null, escalationId: null, source: 'list' };
}

function found(row: Row, source: PriceOnDate['source']): PriceOnDate {
  return {
    price: row.price,
    effectiveDate: row.effectiveDate,
    escalationId: row.escalationId,
    source,
  };
}
