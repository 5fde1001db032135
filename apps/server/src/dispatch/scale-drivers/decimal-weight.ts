import type { ScaleWeightUnit } from '@dispatch/domain/plants/scale';

/**
 * A weight sent as whole digits and a decimal exponent (`1234`, -2), as the nearest double to the
 * decimal the indicator meant: 12.34, never the 12.340000000000002 that `1234 / 100` can give a
 * ticket.
 */
export function decimalWeight(digits: number, exponent: number): number {
  if (digits === 0) return 0;
  return Number(`${digits}e${exponent}`);
}

/**
 * Indicators may weigh in tonnes or short tons; tickets and capacities are in pounds or
 * kilograms. Whole digits times a whole factor stay exact, so the conversion adds no rounding.
 */
export const largeUnits = {
  t: { unit: 'kg', factor: 1000 },
  ton: { unit: 'lb', factor: 2000 },
} as const satisfies Record<string, { unit: ScaleWeightUnit; factor: number }>;
