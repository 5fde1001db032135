import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatDateTime, formatMinutes, formatTimeOfDay } from './date-format';

describe('R-CONST-12: date and minutes formats', () => {
  it("formats as 'YYYY-MM-DDTHH:mm:ss' in local time", () => {
    expect(formatDateTime(new Date(2024, 0, 9, 7, 5, 3))).toBe('2024-01-09T07:05:03');
    expect(formatDate(new Date(987, 11, 31), 'DD/MM/YYYY')).toBe('31/12/0987');
  });

  it("shows a clock time as 'HH:mm'", () => {
    expect(formatTimeOfDay(new Date(2024, 0, 1, 9, 7, 59))).toBe('09:07');
    expect(formatTimeOfDay(new Date(2024, 0, 1, 23, 0))).toBe('23:00');
  });

  it("shows a count of minutes as 'HH:mm', hours not wrapped at a day", () => {
    expect(formatMinutes(0)).toBe('00:00');
    expect(formatMinutes(75)).toBe('01:15');
    expect(formatMinutes(1560)).toBe('26:00');
    expect(formatMinutes(-15)).toBe('-00:15');
    expect(formatMinutes(59.9)).toBe('00:59');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 60 + 59 }), (minutes) => {
        const [hours, rest] = formatMinutes(minutes).split(':').map(Number);
        expect((hours ?? NaN) * 60 + (rest ?? NaN)).toBe(minutes);
        expect(rest).toBeLessThan(60);
      }),
    );
  });
});
