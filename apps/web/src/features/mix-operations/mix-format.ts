/** How the mix screens write quantities: the clerk's number format, the unit's short label. */
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';

export function unitText(unitId: number | null | undefined): string {
  return unitId !== null && unitId !== undefined && isUnitId(unitId)
    ? unitAbbreviation(unitId)
    : '';
}

export function numberText(language: string, value: number, decimals = 3): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: decimals }).format(value);
}

/** "470 lb", or "—" for a line that is not there. */
export function quantityText(
  language: string,
  quantity: number | null,
  unitId: number | null | undefined,
): string {
  if (quantity === null) return '—';
  const unit = unitText(unitId);
  return unit ? `${numberText(language, quantity)} ${unit}` : numberText(language, quantity);
}

/** "+10 %" / "−2.5 %": the sign always shown. */
export function signedPercent(language: string, percent: number): string {
  const sign = percent < 0 ? '−' : '+';
  return `${sign}${numberText(language, Math.abs(percent), 4)} %`;
}

/** The difference after − before, signed, when both exist. */
export function differenceText(
  language: string,
  before: number | null,
  after: number | null,
): string {
  if (before === null || after === null) return '';
  const difference = Math.round((after - before) * 1000) / 1000;
  if (difference === 0) return '±0';
  return `${difference < 0 ? '−' : '+'}${numberText(language, Math.abs(difference))}`;
}

export function whenText(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The clerk's decimal and thousands separators, for number inputs (15,4 in Spanish). */
export function numberSeparators(language: string): {
  decimalSeparator: string;
  thousandSeparator: string;
} {
  const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
  return {
    decimalSeparator: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    thousandSeparator: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/** A raw material as pick lists name it: "CEM · Portland cement Type I/II". */
export function rawMaterialOption(material: { id: number; code: string; description: string }) {
  return { value: String(material.id), label: `${material.code} · ${material.description}` };
}
