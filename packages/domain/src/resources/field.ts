/**
 * The fields a resource is made of. Each builder returns one field's whole description: the zod
 * schema a written value must pass (with the default a new record takes), what kind of input edits
 * it, its English label and hint (the web shows them under an i18n key, with these as defaults),
 * and whether it is a price (R-PERM-6). The answer shape follows from the kind: text is always a
 * string ('' when empty), every other value is null when absent.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { dayPattern, isCalendarDay } from '../dates/calendar-day';
import { parseEmailList, invalidEmailsMessage, isEmailAddress } from '../email-list';

export type FieldKind =
  | 'text'
  | 'multiline'
  | 'email'
  | 'emailList'
  | 'phone'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'flag'
  | 'date'
  | 'time'
  | 'reference'
  | 'choice'
  | 'color'
  | 'latitude'
  | 'longitude';

/**
 * One value of a fixed set: numbered (a system type, a print method) or coded (a language, 'es').
 * A field's choices are all of one sort, so its answer is a number or a string.
 */
export type Choice = { readonly value: number | string; readonly label: string };

export type Field = {
  readonly kind: FieldKind;
  /** What a written value must pass; parsing a missing value gives the new record's default. */
  readonly schema: z.ZodType;
  /** What an answer carries for this field. */
  readonly answer: z.ZodType;
  readonly label: string;
  readonly hint: string | undefined;
  readonly required: boolean;
  /** Hidden for levels 2 and 4, read-only for 3 and 6 (R-PERM-6). */
  readonly price: boolean;
  /** The resource a reference picks from. */
  readonly reference: string | undefined;
  /**
   * A reference's pick list narrowed by the record being edited: each key is a list filter of
   * the target resource, set to the value of this record's field named by the value (a static
   * product's product is picked among the products of the row's system type).
   */
  readonly pickBy: Readonly<Record<string, string>> | undefined;
  readonly choices: readonly Choice[] | undefined;
  /** Answered but never written: the server keeps it (a ticket number counter, a last reading). */
  readonly readOnly: boolean;
  /**
   * Read-only, but a create may set it: a fact about how the record was made (a job created in
   * order entry, R-ORD-22), shown on the form and never changed afterwards.
   */
  readonly createOnly: boolean;
  /** Shown as a list column unless the user hides it. */
  readonly list: boolean;
  /** The form section (tab) the field sits in; 'main' first. */
  readonly section: string;
  readonly max: number | undefined;
  readonly min: number | undefined;
  /** Digits after the decimal point of decimal and money fields. */
  readonly scale: number | undefined;
  /** A code people read as a number (truck 9 before truck 10): sorted by its leading digits. */
  readonly numbered: boolean;
};

type Common = {
  label: string;
  hint?: string;
  required?: boolean;
  list?: boolean;
  section?: string;
  readOnly?: boolean;
  /** Read-only once the record exists; a create may set it (Field.createOnly). */
  createOnly?: boolean;
  /**
   * R-VALID-12: the value is never null, and a write or a record as read that holds null there is
   * told this text (`nullValueMessage`, '{entity} contains a null value at {field}').
   */
  nullMessage?: string;
};

function field(
  kind: FieldKind,
  common: Common,
  parts: Partial<Field> & Pick<Field, 'schema' | 'answer'>,
): Field {
  return {
    kind,
    label: common.label,
    hint: common.hint,
    required: common.required ?? false,
    price: false,
    reference: undefined,
    pickBy: undefined,
    choices: undefined,
    readOnly: (common.readOnly ?? false) || (common.createOnly ?? false),
    createOnly: common.createOnly ?? false,
    list: common.list ?? false,
    section: common.section ?? 'main',
    max: undefined,
    min: undefined,
    scale: undefined,
    numbered: false,
    ...parts,
  };
}

const noNul = (value: string) => !value.includes('\0');

/** Trimmed text; '' is "none" (stored as null), so a required field refuses it. */
function textSchema(max: number, required: boolean) {
  const base = z
    .string({ error: (issue) => missingOr(issue.input, 'must be text') })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(noNul, 'must not contain NUL');
  return required
    ? base.min(1, 'is required')
    : z
        .union([base, z.null()])
        .transform((value) => value ?? '')
        .default('');
}

export function text(options: Common & { max?: number; numbered?: boolean }): Field {
  const max = options.max ?? 100;
  return field('text', options, {
    schema: textSchema(max, options.required ?? false),
    answer: z.string(),
    max,
    numbered: options.numbered ?? false,
  });
}

export function multiline(options: Common & { max?: number }): Field {
  const max = options.max ?? 2000;
  return field('multiline', options, {
    schema: textSchema(max, options.required ?? false),
    answer: z.string(),
    max,
  });
}

/** What a phone number may hold, in every form and request that takes one. */
export const phoneNumberPattern = /^[0-9+().\-\s/extEXT#]*$/;
export const phoneNumberReason = 'must be a phone number (digits, spaces, + ( ) - . / #)';

export function phone(options: Common): Field {
  return field('phone', options, {
    schema: textSchema(30, options.required ?? false).refine(
      (value) => phoneNumberPattern.test(value),
      phoneNumberReason,
    ),
    answer: z.string(),
    max: 30,
  });
}

export function email(options: Common): Field {
  return field('email', options, {
    schema: textSchema(255, options.required ?? false).refine(
      (value) => value === '' || isEmailAddress(value),
      'must be an email address',
    ),
    answer: z.string(),
    max: 255,
  });
}

/** R-VALID-13: a comma-separated list, each item trimmed and checked; kept as 'a@x,b@y'. */
export function emailList(options: Common): Field {
  return field('emailList', options, {
    schema: textSchema(2000, options.required ?? false).transform((csv, context) => {
      const result = parseEmailList(csv);
      if (!result.valid) {
        context.addIssue({ code: 'custom', message: invalidEmailsMessage(result.invalid) });
        return z.NEVER;
      }
      return result.emails.join(',');
    }),
    answer: z.string(),
    max: 2000,
  });
}

function nullableNumber(schema: z.ZodNumber, required: boolean) {
  return required ? schema : schema.nullable().default(null);
}

export function integer(options: Common & { min?: number; max?: number }): Field {
  const min = options.min ?? 0;
  const max = options.max ?? int4Max;
  const schema = z
    .int({ error: (issue) => missingOr(issue.input, 'must be a whole number') })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
  return field('integer', options, {
    schema: nullableNumber(schema, options.required ?? false),
    answer: options.required ? z.number() : z.number().nullable(),
    min,
    max,
  });
}

/** A count with a default (fleet sizes, alleys): never null. */
export function count(options: Common & { min?: number; max?: number; default: number }): Field {
  const min = options.min ?? 0;
  const max = options.max ?? 32_767;
  return field(
    'integer',
    { ...options, required: true },
    {
      schema: z
        .int({ error: (issue) => missingOr(issue.input, 'must be a whole number') })
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .default(options.default),
      answer: z.number(),
      min,
      max,
    },
  );
}

function decimalSchema(min: number, max: number, scale: number) {
  const factor = 10 ** scale;
  return z
    .number({ error: (issue) => missingOr(issue.input, 'must be a number') })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(
      (value) => Math.abs(Math.round(value * factor) - value * factor) < 1e-6,
      `must have at most ${scale} decimals`,
    );
}

export function decimal(
  options: Common & { min?: number; max?: number; scale?: number; default?: number },
): Field {
  const scale = options.scale ?? 3;
  const min = options.min ?? 0;
  const max = options.max ?? 999_999_999;
  const schema = decimalSchema(min, max, scale);
  const always = options.required === true || options.default !== undefined;
  return field(
    'decimal',
    { ...options, required: always },
    {
      schema:
        options.default !== undefined
          ? schema.default(options.default)
          : options.required
            ? schema
            : schema.nullable().default(null),
      answer: always ? z.number() : z.number().nullable(),
      min,
      max,
      scale,
    },
  );
}

export function money(options: Common & { min?: number; max?: number; price?: boolean }): Field {
  const min = options.min ?? 0;
  const max = options.max ?? 9_999_999_999;
  const schema = decimalSchema(min, max, 2);
  return field('money', options, {
    schema: options.required ? schema : schema.nullable().default(null),
    answer: options.required ? z.number() : z.number().nullable(),
    price: options.price ?? false,
    min,
    max,
    scale: 2,
  });
}

export function flag(options: Common & { default?: boolean; price?: boolean }): Field {
  return field(
    'flag',
    { ...options, required: true },
    {
      schema: z
        .boolean({ error: (issue) => nullOr(issue.input, options, 'must be true or false') })
        .default(options.default ?? false),
      answer: z.boolean({ error: (issue) => nullOr(issue.input, options, undefined) }),
      price: options.price ?? false,
    },
  );
}

/** A calendar day as YYYY-MM-DD. */
export function date(options: Common): Field {
  const schema = z
    .string({ error: (issue) => missingOr(issue.input, 'must be a date as YYYY-MM-DD') })
    .regex(dayPattern, 'must be a date as YYYY-MM-DD')
    .refine(isCalendarDay, 'must be a real date');
  return field('date', options, {
    schema: options.required ? schema : schema.nullable().default(null),
    answer: options.required ? z.string() : z.string().nullable(),
  });
}

/** A time of day as HH:mm (R-CONST-12), answered the same way. */
export function time(options: Common): Field {
  const schema = z
    .string({ error: (issue) => missingOr(issue.input, 'must be a time as HH:mm') })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:mm')
    .transform((value) => value.slice(0, 5));
  return field('time', options, {
    schema: options.required ? schema : schema.nullable().default(null),
    answer: options.required ? z.string() : z.string().nullable(),
  });
}

/** A key of another resource, chosen from its pick list. */
export function reference(
  resource: string,
  options: Common & { default?: number; pickBy?: Record<string, string> },
): Field {
  const schema = z
    .int({
      error: (issue) =>
        nullOr(issue.input, options, missingOr(issue.input, 'must be the id of a record')),
    })
    .min(0)
    .max(int4Max);
  const written =
    options.default !== undefined
      ? schema.default(options.default)
      : options.required
        ? schema
        : schema.nullable().default(null);
  return field('reference', options, {
    schema: written,
    answer:
      options.required || options.default !== undefined
        ? z.number({ error: (issue) => nullOr(issue.input, options, undefined) })
        : z.number().nullable(),
    reference: resource,
    pickBy: options.pickBy,
  });
}

/** R-VALID-12: a never-null field's own text for a null, the usual reason otherwise. */
function nullOr<T extends string | undefined>(
  input: unknown,
  options: Common,
  reason: T,
): string | T {
  return input === null && options.nullMessage !== undefined ? options.nullMessage : reason;
}

/** A pick left empty is missing, whatever else a wrong value would be told. */
function missingOr(input: unknown, reason: string): string {
  return input === undefined || input === null ? 'is required' : reason;
}

/** One of a fixed set of numbered values (system type, print method) or coded ones (language). */
export function choice(
  choices: readonly Choice[],
  options: Common & { default?: Choice['value'] },
): Field {
  const values = choices.map((item) => item.value);
  const coded = values.some((value) => typeof value === 'string');
  if (coded && values.some((value) => typeof value !== 'string')) {
    throw new Error(`${options.label}: choices are all numbers or all codes`);
  }
  const schema = z.literal(values as [Choice['value'], ...Choice['value'][]], {
    error: (issue) => missingOr(issue.input, `must be one of ${values.join(', ')}`),
  });
  const written =
    options.default !== undefined
      ? schema.default(options.default as never)
      : options.required
        ? schema
        : schema.nullable().default(null);
  const answer = coded ? z.string() : z.number();
  return field('choice', options, {
    schema: written,
    answer: options.required || options.default !== undefined ? answer : answer.nullable(),
    choices,
  });
}

/** The choice a text names ('2' → 2, 'es' → 'es'), as a select or a URL gives it; else undefined. */
export function choiceValueOf(field: Field, text: string): Choice['value'] | undefined {
  return field.choices?.find((item) => String(item.value) === text)?.value;
}

/** The codes of a field of coded choices (a language); undefined for numbered ones. */
export function choiceCodesOf(field: Field): string[] | undefined {
  const values = field.choices?.map((item) => item.value) ?? [];
  return values.length > 0 && values.every((value) => typeof value === 'string')
    ? values
    : undefined;
}

export function color(options: Common): Field {
  const schema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour as #RRGGBB');
  return field('color', options, {
    schema: options.required ? schema : z.union([schema, z.literal('')]).default(''),
    answer: z.string(),
  });
}

export function latitude(options: Common): Field {
  const schema = z
    .number({ error: (issue) => missingOr(issue.input, 'must be a number') })
    .min(-90, 'must be -90 to 90')
    .max(90, 'must be -90 to 90');
  return field('latitude', options, {
    schema: schema.nullable().default(null),
    answer: z.number().nullable(),
    min: -90,
    max: 90,
  });
}

export function longitude(options: Common): Field {
  const schema = z
    .number({ error: (issue) => missingOr(issue.input, 'must be a number') })
    .min(-180, 'must be -180 to 180')
    .max(180, 'must be -180 to 180');
  return field('longitude', options, {
    schema: schema.nullable().default(null),
    answer: z.number().nullable(),
    min: -180,
    max: 180,
  });
}

/**
 * R-NATID-1: a value a write may carry and no answer ever does (an employee's national
 * identifier). It is not a column, so it is kept out of a definition's `fields` (rows, lists,
 * exports, pick lists and the generic form never see it) and declared in its `writeOnly`: the
 * create and update schemas accept it, and the binding's `prepareWrite` turns it into what the
 * table stores. Left out or blank means "unchanged" (a form cannot show the stored value, so an
 * empty input must keep it); null clears it.
 */
export type WriteOnlyField = {
  readonly label: string;
  readonly hint: string | undefined;
  /** What a write may send: undefined (unchanged), null (clear) or the value, checked. */
  readonly schema: z.ZodOptional<z.ZodType>;
};

export function writeOnly(options: {
  label: string;
  hint?: string;
  /** The check a non-blank value must pass (it receives the value trimmed). */
  value: z.ZodType<string, string>;
}): WriteOnlyField {
  const value = z
    .string({ error: (issue) => missingOr(issue.input, 'must be text') })
    .max(200, 'must be at most 200 characters')
    .transform((sent, context) => {
      const trimmed = sent.trim();
      if (trimmed === '') return undefined;
      const parsed = options.value.safeParse(trimmed);
      if (parsed.success) return parsed.data;
      // The checks' own messages, never the value: a refusal may be logged or shown.
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
      return z.NEVER;
    });
  return { label: options.label, hint: options.hint, schema: value.nullable().optional() };
}

/** Text fields answer '' for none; is this field one of them? */
export function isTextKind(kind: FieldKind): boolean {
  return (
    kind === 'text' ||
    kind === 'multiline' ||
    kind === 'email' ||
    kind === 'emailList' ||
    kind === 'phone' ||
    kind === 'color'
  );
}
