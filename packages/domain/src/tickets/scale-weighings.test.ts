/** R-SCALE-5: a truck's stored tare is usable within the re-weigh interval, and not after. */
import { describe, expect, it } from 'vitest';
import { storedTareProblem, storedTareState } from './scale-weighings';

const now = new Date('2026-12-05T12:00:00Z');
const truck = (tareWeighedAt: string | null, tareWeight: number | null = 26_980) => ({
  identificationNumber: '41',
  tareWeight,
  tareWeighedAt,
});

describe('stored tares (R-SCALE-5)', () => {
  it('uses a tare weighed within the interval, to the day', () => {
    expect(storedTareState(truck('2026-11-05T12:00:00Z'), 30, now)).toBe('usable');
    expect(storedTareState(truck('2026-11-05T11:59:00Z'), 30, now)).toBe('expired');
    expect(storedTareState(truck(null), 30, now)).toBe('undated');
    expect(storedTareState(truck(null, null), 30, now)).toBe('missing');
  });

  it('says why a tare cannot be used', () => {
    expect(storedTareProblem(truck('2026-10-01T08:00:00Z'), 30, now)).toBe(
      "truck 41's stored tare was weighed on 2026-10-01, more than 30 days ago: weigh it empty again",
    );
    expect(storedTareProblem(truck(null, null), 30, now)).toBe(
      'truck 41 has no stored tare: weigh it empty first',
    );
    expect(storedTareProblem(truck('2026-12-01T08:00:00Z'), 30, now)).toBeNull();
  });
});
