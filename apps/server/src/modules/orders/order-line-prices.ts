/** The prices an order's product lines and cartage are saved at, and who may change them. */
import type { OrderEntry, ProductLineEntry } from '@dispatch/domain/orders/order-entry';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { ApiError } from '../../http/api-error';
import type { PriceBook } from './order-pricing';
import { linesOf } from './order-references';

function refusePrices(fields: string[]): ApiError {
  return new ApiError('permission', `You may not change prices (${fields.join(', ')}).`, {
    data: fields.map((field) => ({ field, reason: 'prices are read-only for you' })),
  });
}

const samePrice = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === (b ?? null) ||
  (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

/** What a product line is priced at when it is saved. */
export type PricedLine = ProductLineEntry & { price: number | null; path: string };

/**
 * Each line's price (R-ORD-10): the one sent, else the stored one (a line kept with its product),
 * else the one order pricing finds (a line sent with a null price is priced anew). A level that
 * hides prices may send none; a level that disables them may send back only the price the line
 * has or would get anyway.
 */
export function priceLines(
  entry: OrderEntry,
  flags: PermissionFlags,
  stored: ReadonlyMap<number, { productId: number; price: number | null }>,
  prices: PriceBook,
): PricedLine[][] {
  const full = !flags.hidePrice && !flags.disablePrice;
  const refused: string[] = [];
  const priced: PricedLine[][] = [];
  for (const [index, form] of entry.schedules.entries()) {
    const lines: PricedLine[] = [];
    for (const [position, line] of linesOf(form).entries()) {
      const path =
        position === 0
          ? `schedules.${index}.primaryProduct`
          : `schedules.${index}.extraProducts.${position - 1}`;
      const before = line.id === undefined ? undefined : stored.get(line.id);
      // A line kept with its product keeps its price; any other is priced by order pricing.
      const kept = before && before.productId === line.productId ? before.price : undefined;
      const found = () => prices.line(line.productId, form.schedule.plantId)?.price ?? null;
      let price: number | null;
      if (full && typeof line.price === 'number') price = line.price;
      else if (full && line.price === null) price = found();
      else {
        price = kept !== undefined ? kept : found();
        if (line.price !== undefined && (flags.hidePrice || !samePrice(line.price, price))) {
          refused.push(`${path}.price`);
        }
      }
      lines.push({ ...line, price, path });
    }
    priced.push(lines);
  }
  if (refused.length > 0) throw refusePrices(refused);
  return priced;
}

/** The order's cartage rate: sent, else kept; levels that hide or disable prices may not change it. */
export function cartageRateOf(
  entry: OrderEntry,
  flags: PermissionFlags,
  stored: number | null,
): number | null {
  if (entry.cartageRate === undefined) return stored;
  const locked = flags.hidePrice || (flags.disablePrice && !samePrice(entry.cartageRate, stored));
  if (locked) throw refusePrices(['cartageRate']);
  return entry.cartageRate;
}
