import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate } from './date-format';
import { notInPast, notInPastMessage } from './not-in-past';

describe('R-VALID-14: a date control flags notInPast when its value is before today', () => {
  const today = '2024-06-15';

  it('flags a day before today, whatever its time', () => {
    expect(notInPast('2024-06-14', today)).toEqual({ notInPast: true });
    expect(notInPast('2024-06-14T23:59:59', today)).toEqual({ notInPast: true });
    expect(notInPast(new Date(2024, 5, 14, 23, 59), new Date(2024, 5, 15, 8))).toEqual({
      notInPast: true,
    });
    expect(notInPast('2023-12-31', today)).toEqual({ notInPast: true });
  });

  it('takes today, earlier today included, and every later day', () => {
    expect(notInPast('2024-06-15', today)).toBeNull();
    expect(notInPast('2024-06-15T00:00:01', today)).toBeNull();
    expect(notInPast(new Date(2024, 5, 15, 0, 0), new Date(2024, 5, 15, 17))).toBeNull();
    expect(notInPast('2024-06-16', today)).toBeNull();
  });

  it('leaves empty and malformed values to the required and date rules', () => {
    for (const empty of [null, undefined, '', '1899-12-30', 'not a date', '2024-02-30']) {
      expect(notInPast(empty, today)).toBeNull();
    }
  });

  it('agrees with the calendar for any day around today', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800, max: 800 }), (offset) => {
        const day = formatDate(new Date(2024, 5, 15 + offset), 'YYYY-MM-DD');
        expect(notInPast(day, today) !== null).toBe(offset < 0);
      }),
    );
  });

  it('says so in words', () => {
    expect(notInPastMessage).toBe('The date cannot be in the past.');
  });
});
