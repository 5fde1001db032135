/**
 * R-KPI-6: every figure is one sum over another, kept as its two sums until the end. A plant's
 * figure divides its own sums; the whole divides the sums of every plant, so a plant with many
 * loads weighs more than one with few (never an average of averages).
 */

export type Ratio = { readonly numerator: number; readonly denominator: number };

export const emptyRatio: Ratio = { numerator: 0, denominator: 0 };

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return { numerator: a.numerator + b.numerator, denominator: a.denominator + b.denominator };
}

/**
 * The ratio times `scale`, to `digits` decimals; null when there is nothing to divide by, which
 * means no data, not zero (R-KPI-1).
 */
export function ratioValue(ratio: Ratio, scale: number, digits: number): number | null {
  if (ratio.denominator <= 0) return null;
  const factor = 10 ** digits;
  return Math.round((ratio.numerator / ratio.denominator) * scale * factor) / factor;
}
