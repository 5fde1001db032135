/**
 * What a new order takes from elsewhere when it is saved (R-ORD-20, R-ORD-21): the short load,
 * free short load and standby charge types the caller left out come from the customer's pricing
 * defaults for the system type, and each schedule gets the system type's automatic static products
 * (R-MAINT-23) as extra lines when it does not carry them already. Pure: the server reads the
 * customer's defaults and the static products, and saves what these answer.
 */

/** The order fields R-ORD-20 takes from the customer's pricing defaults when they are left out. */
export const customerChargeFields = [
  'shortLoadTypeId',
  'freeShortLoadId',
  'standbyChargeTypeId',
] as const;
export type CustomerChargeField = (typeof customerChargeFields)[number];

/** The customer's pricing defaults in effect (R-PRICE-3), as far as R-ORD-20 reads them. */
export type CustomerChargeDefaults = Readonly<Record<CustomerChargeField, number | null>>;

type ChargeFields = Partial<Record<CustomerChargeField, number | null | undefined>>;

/**
 * R-ORD-20: each charge field the caller left out (undefined) takes the customer's default when it
 * has one. A field sent, even as null, is the caller's choice and stays as sent; one neither sent
 * nor defaulted by the customer is left out for the order's own defaults (R-CONST-9) to fill.
 */
export function withCustomerChargeDefaults<T extends ChargeFields>(
  order: T,
  defaults: CustomerChargeDefaults | undefined,
): T {
  if (!defaults) return order;
  const filled: T = { ...order };
  for (const field of customerChargeFields) {
    const value = defaults[field];
    if (filled[field] === undefined && value !== null) {
      (filled as ChargeFields)[field] = value;
    }
  }
  return filled;
}

/** A static product as a new order gets it: the product and its quantity. */
export type StaticOrderProduct = { readonly productId: number; readonly quantity: number };

type ProductLines = {
  readonly primaryProduct: { readonly productId: number } | null | undefined;
  readonly extraProducts?: readonly { readonly productId: number }[] | undefined;
};

/**
 * R-ORD-21: the static products a schedule of a new order still needs as extra lines: those whose
 * product is neither its primary product nor one of its extras, each once, in the order given.
 */
export function missingStaticProducts(
  schedule: ProductLines,
  statics: readonly StaticOrderProduct[],
): StaticOrderProduct[] {
  const present = new Set<number>(
    [schedule.primaryProduct, ...(schedule.extraProducts ?? [])].flatMap((line) =>
      line ? [line.productId] : [],
    ),
  );
  const missing: StaticOrderProduct[] = [];
  for (const product of statics) {
    if (present.has(product.productId)) continue;
    present.add(product.productId);
    missing.push(product);
  }
  return missing;
}
