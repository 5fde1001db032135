import { describe, expect, it } from 'vitest';
import { timeOfDaySchema } from './time-of-day';

describe('R-CONST-12: clock times', () => {
  it("accepts only 'HH:mm' clock times", () => {
    expect(timeOfDaySchema.safeParse('00:00').success).toBe(true);
    expect(timeOfDaySchema.safeParse('23:59').success).toBe(true);
    for (const bad of ['24:00', '7:05', '07:60', '07:05:00', '']) {
      expect(timeOfDaySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
