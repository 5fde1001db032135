import { describe, expect, it } from 'vitest';
import { findDateRange } from './nlq-dates';
import { foldNlqText } from './nlq-text';

const today = '2026-03-16'; // a Monday
const range = (text: string) => findDateRange(foldNlqText(text), today)?.range ?? null;

describe('R-NLQ-7: dates in questions', () => {
  it.each([
    ['loads today', '2026-03-16', '2026-03-16'],
    ['ayer', '2026-03-15', '2026-03-15'],
    ['tomorrow', '2026-03-17', '2026-03-17'],
    ['this week', '2026-03-16', '2026-03-22'],
    ['la semana pasada', '2026-03-09', '2026-03-15'],
    ['next week', '2026-03-23', '2026-03-29'],
    ['this month', '2026-03-01', '2026-03-31'],
    ['el mes pasado', '2026-02-01', '2026-02-28'],
    ['este año', '2026-01-01', '2026-12-31'],
    ['last year', '2025-01-01', '2025-12-31'],
    ['last 7 days', '2026-03-10', '2026-03-16'],
    ['en marzo', '2026-03-01', '2026-03-31'],
    ['in June', '2025-06-01', '2025-06-30'],
    ['in june 2026', '2026-06-01', '2026-06-30'],
    ['on 2026-03-12', '2026-03-12', '2026-03-12'],
    ['el 12 de marzo', '2026-03-12', '2026-03-12'],
    ['since March 3', '2026-03-03', '2026-03-16'],
    ['desde el 3 de marzo', '2026-03-03', '2026-03-16'],
    ['until March 3', '2000-01-01', '2026-03-03'],
    ['from March 2 to March 6', '2026-03-02', '2026-03-06'],
    ['between March 10 and March 2', '2026-03-02', '2026-03-10'],
  ])('%s', (text, from, to) => {
    expect(range(text)).toEqual({ from, to });
  });

  it('takes the date words out of the question, and leaves numbers and "now" alone', () => {
    expect(findDateRange(foldNlqText('top 10 customers last week'), today)?.rest).toBe(
      'top 10 customers',
    );
    expect(range('top 10 customers')).toBeNull();
    expect(range('trucks out of service right now')).toBeNull();
  });
});
