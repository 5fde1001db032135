/**
 * R-INPUT-1: what a number field reads from the text typed into it. Mantine's NumberInput drops
 * what it cannot read as the user types ("5O000" shows 5000, "2.5" in a whole-number field 25);
 * the shared number field asks this first and refuses such text beside the field instead.
 */

/** How a field reads numbers: NumberInput's own options, as the field passes them. */
export type NumberTextOptions = {
  allowDecimal: boolean;
  /** Decimals kept at most; undefined: any. */
  decimalScale: number | undefined;
  allowNegative: boolean;
  decimalSeparator: string;
  /** Keys also taken as the decimal separator (NumberInput's default: '.' and ','). */
  allowedDecimalSeparators: readonly string[];
  /** Grouping shown between thousands, ignored in what is typed; undefined: none. */
  thousandSeparator: string | undefined;
  prefix: string;
  suffix: string;
};

/** Why typed text is not a number the field can take. */
export type NumberTextProblem =
  { kind: 'digitsOnly' } | { kind: 'wholeNumber' } | { kind: 'decimals'; max: number };

/**
 * The typed text without the field's prefix and suffix ('$', ' min'), and how many characters
 * were taken off before it (to keep the caret where it was).
 */
export function withoutAffixes(
  raw: string,
  options: Pick<NumberTextOptions, 'prefix' | 'suffix'>,
): { text: string; offset: number } {
  let text = raw;
  let offset = 0;
  const { prefix, suffix } = options;
  if (prefix !== '') {
    const at = text.indexOf(prefix);
    if (at !== -1) {
      text = text.slice(0, at) + text.slice(at + prefix.length);
      if (at === 0) offset = prefix.length;
    }
  }
  if (suffix !== '') {
    const at = text.lastIndexOf(suffix);
    if (at !== -1) text = text.slice(0, at) + text.slice(at + suffix.length);
  }
  return { text, offset };
}

function decimalSeparatorsOf(options: NumberTextOptions): string[] {
  return [options.decimalSeparator, ...options.allowedDecimalSeparators].filter(
    (separator) => separator !== '' && separator !== options.thousandSeparator,
  );
}

/** The text as digits, one '.' and a leading '-', or null when it holds anything else. */
function plainNumberText(text: string, options: NumberTextOptions): string | null {
  const separators = decimalSeparatorsOf(options);
  let plain = '';
  for (const [index, char] of [...text].entries()) {
    if (char >= '0' && char <= '9') plain += char;
    else if (char === '-' && index === 0 && options.allowNegative) plain += char;
    else if (separators.includes(char) && !plain.includes('.')) plain += '.';
    else if (char === options.thousandSeparator) continue;
    else return null;
  }
  return plain;
}

/** Why the field cannot take the typed text (without its prefix and suffix), or null when it can. */
export function numberTextProblem(
  text: string,
  options: NumberTextOptions,
): NumberTextProblem | null {
  const plain = plainNumberText(text.trim(), options);
  if (plain === null) return { kind: 'digitsOnly' };
  const point = plain.indexOf('.');
  if (point === -1) return null;
  if (!options.allowDecimal || options.decimalScale === 0) return { kind: 'wholeNumber' };
  const decimals = plain.length - point - 1;
  if (options.decimalScale !== undefined && decimals > options.decimalScale) {
    return { kind: 'decimals', max: options.decimalScale };
  }
  return null;
}

/**
 * What typed text the field can take means: a number, or '' while it holds none yet ('', '-',
 * '.'). '2.' is 2 and '1.50' is 1.5, so a decimal typed one key at a time keeps its value.
 */
export function numberOfText(text: string, options: NumberTextOptions): number | '' {
  const plain = plainNumberText(text.trim(), options);
  if (plain === null || !/\d/.test(plain)) return '';
  const value = Number(plain);
  return Number.isFinite(value) ? value : '';
}

/** The text as NumberInput takes a value typed so far: digits, '.', a leading '-'. */
export function numericString(text: string, options: NumberTextOptions): string {
  return plainNumberText(text.trim(), options) ?? '';
}
