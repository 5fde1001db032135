import { describe, expect, it } from 'vitest';
import {
  choice,
  choiceCodesOf,
  choiceValueOf,
  color,
  count,
  date,
  decimal,
  email,
  emailList,
  flag,
  integer,
  isTextKind,
  latitude,
  longitude,
  money,
  multiline,
  phone,
  reference,
  text,
  time,
} from './field';

const ok = (
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  value: unknown,
) => schema.safeParse(value);
const reason = (
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
  },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('resource fields', () => {
  it('trims text, turns null and a missing value into "", and refuses NUL and overlong text', () => {
    const name = text({ label: 'Name', max: 5 });
    expect(ok(name.schema, '  abc ').data).toBe('abc');
    expect(ok(name.schema, undefined).data).toBe('');
    expect(ok(name.schema, null).data).toBe('');
    expect(reason(name.schema, 'abcdef')).toBe('must be at most 5 characters');
    expect(reason(name.schema, 'a\0b')).toBe('must not contain NUL');
    expect(name.answer.safeParse('').success).toBe(true);
  });

  it('requires required text to have something in it', () => {
    const name = text({ label: 'Name', required: true });
    expect(reason(name.schema, '   ')).toBe('is required');
    expect(name.required).toBe(true);
    expect(multiline({ label: 'Notes' }).max).toBe(2000);
  });

  it('checks phones, emails and comma-separated email lists', () => {
    expect(ok(phone({ label: 'Phone' }).schema, '(614) 555-0100 ext 2').success).toBe(true);
    expect(reason(phone({ label: 'Phone' }).schema, 'call me')).toMatch(/phone number/);
    expect(ok(email({ label: 'Email' }).schema, '').success).toBe(true);
    expect(reason(email({ label: 'Email' }).schema, 'nope')).toBe('must be an email address');
    const list = emailList({ label: 'Emails' });
    expect(ok(list.schema, ' a@x.com , b@y.com,').data).toBe('a@x.com,b@y.com');
    expect(reason(list.schema, 'a@x.com, bad')).toBe('Invalid email address: bad');
  });

  it('bounds whole numbers and decimals, and knows their scale', () => {
    const seats = integer({ label: 'Seats', min: 1, max: 9 });
    expect(ok(seats.schema, undefined).data).toBeNull();
    expect(reason(seats.schema, 0)).toBe('must be at least 1');
    expect(reason(seats.schema, 10)).toBe('must be at most 9');
    expect(reason(seats.schema, 1.5)).toBe('must be a whole number');
    expect(integer({ label: 'Seats', required: true }).answer.safeParse(null).success).toBe(false);
    const alleys = count({ label: 'Alleys', default: 1, min: 1 });
    expect(ok(alleys.schema, undefined).data).toBe(1);
    const weight = decimal({ label: 'Weight', scale: 2 });
    expect(ok(weight.schema, 1.25).success).toBe(true);
    expect(reason(weight.schema, 1.255)).toBe('must have at most 2 decimals');
    expect(ok(decimal({ label: 'Rate', default: 0 }).schema, undefined).data).toBe(0);
    expect(ok(decimal({ label: 'Rate', required: true }).schema, undefined).success).toBe(false);
    const price = money({ label: 'Price', price: true });
    expect(price.price).toBe(true);
    expect(reason(price.schema, -1)).toBe('must be at least 0');
    expect(ok(money({ label: 'Fee', required: true }).schema, 3).data).toBe(3);
  });

  it('defaults flags and marks price flags', () => {
    expect(ok(flag({ label: 'On' }).schema, undefined).data).toBe(false);
    expect(ok(flag({ label: 'On', default: true }).schema, undefined).data).toBe(true);
    expect(reason(flag({ label: 'On' }).schema, 'yes')).toBe('must be true or false');
    expect(flag({ label: 'Percent', price: true }).price).toBe(true);
  });

  it('takes real dates as YYYY-MM-DD and times as HH:mm', () => {
    const day = date({ label: 'Day' });
    expect(ok(day.schema, '2026-02-28').success).toBe(true);
    expect(reason(day.schema, '2026-02-30')).toBe('must be a real date');
    expect(reason(day.schema, '28/02/2026')).toBe('must be a date as YYYY-MM-DD');
    expect(ok(date({ label: 'Day', required: true }).schema, null).success).toBe(false);
    const at = time({ label: 'At' });
    expect(ok(at.schema, '07:30:00').data).toBe('07:30');
    expect(reason(at.schema, '24:00')).toBe('must be a time as HH:mm');
    expect(ok(time({ label: 'At', required: true }).schema, '23:59').data).toBe('23:59');
  });

  it('picks references and choices, with their defaults', () => {
    const company = reference('truckCompanies', { label: 'Company' });
    expect(company.reference).toBe('truckCompanies');
    expect(ok(company.schema, undefined).data).toBeNull();
    expect(reason(company.schema, 'x')).toBe('must be the id of a record');
    expect(ok(reference('jobTypes', { label: 'Type', default: 0 }).schema, undefined).data).toBe(0);
    expect(reason(reference('customers', { label: 'Customer', required: true }).schema, null)).toBe(
      'is required',
    );
    const kind = choice(
      [
        { value: 1, label: 'One' },
        { value: 2, label: 'Two' },
      ],
      { label: 'Kind' },
    );
    expect(ok(kind.schema, 2).data).toBe(2);
    expect(reason(kind.schema, 3)).toBe('must be one of 1, 2');
    expect(
      ok(choice([{ value: 1, label: 'One' }], { label: 'K', default: 1 }).schema, undefined).data,
    ).toBe(1);
    expect(
      reason(choice([{ value: 1, label: 'One' }], { label: 'K', required: true }).schema, null),
    ).toBe('is required');
  });

  it('picks coded choices (a language) as it picks numbered ones, answering the code', () => {
    const language = choice(
      [
        { value: 'en', label: 'English' },
        { value: 'es', label: 'Español' },
      ],
      { label: 'Language', required: true, default: 'en' },
    );
    expect(ok(language.schema, undefined).data).toBe('en');
    expect(ok(language.schema, 'es').data).toBe('es');
    expect(reason(language.schema, 'fr')).toBe('must be one of en, es');
    expect(reason(language.schema, null)).toBe('is required');
    expect(language.answer.safeParse('es').success).toBe(true);
    expect(language.answer.safeParse(2).success).toBe(false);
    expect(choiceCodesOf(language)).toEqual(['en', 'es']);
    // A select and a URL give the value as text: back to the code, or the number.
    expect(choiceValueOf(language, 'es')).toBe('es');
    expect(choiceValueOf(language, 'fr')).toBeUndefined();
    const kind = choice([{ value: 2, label: 'Two' }], { label: 'Kind' });
    expect(choiceValueOf(kind, '2')).toBe(2);
    expect(choiceCodesOf(kind)).toBeUndefined();
    expect(choiceCodesOf(text({ label: 'Name' }))).toBeUndefined();
    expect(kind.answer.safeParse(null).success).toBe(true);
    expect(() =>
      choice(
        [
          { value: 1, label: 'One' },
          { value: 'two', label: 'Two' },
        ],
        { label: 'Mixed' },
      ),
    ).toThrow('Mixed: choices are all numbers or all codes');
  });

  it('checks colours and coordinates', () => {
    expect(ok(color({ label: 'Colour' }).schema, undefined).data).toBe('');
    expect(reason(color({ label: 'Colour', required: true }).schema, 'red')).toBe(
      'must be a colour as #RRGGBB',
    );
    expect(reason(latitude({ label: 'Lat' }).schema, 91)).toBe('must be -90 to 90');
    expect(reason(longitude({ label: 'Lon' }).schema, -181)).toBe('must be -180 to 180');
    expect(ok(longitude({ label: 'Lon' }).schema, undefined).data).toBeNull();
  });

  it('tells text kinds from the others', () => {
    expect(isTextKind('phone')).toBe(true);
    expect(isTextKind('color')).toBe(true);
    expect(isTextKind('reference')).toBe(false);
  });
});
