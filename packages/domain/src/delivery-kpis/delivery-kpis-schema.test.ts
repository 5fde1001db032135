import { describe, expect, it } from 'vitest';
import {
  deliveryKpiMaxDays,
  deliveryKpisQuerySchema,
  deliveryKpisSchema,
  plantDeliveryKpisSchema,
} from './delivery-kpis-schema';

const problems = (query: Record<string, string>) => {
  const result = deliveryKpisQuerySchema.safeParse(query);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('R-KPI-1: the query', () => {
  it('takes a period of calendar days and optional plants', () => {
    expect(deliveryKpisQuerySchema.parse({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(
      deliveryKpisQuerySchema.parse({ from: '2026-03-10', to: '2026-03-10', plantIds: '2,1,2' }),
    ).toEqual({ from: '2026-03-10', to: '2026-03-10', plantIds: [2, 1] });
  });

  it('refuses days the calendar does not have, and other shapes', () => {
    expect(problems({ from: '2026-02-30', to: '2026-03-01' })).toEqual([
      'from: must be a real date as YYYY-MM-DD',
    ]);
    expect(problems({ from: '10/03/2026', to: '2026-03-10' })).toEqual([
      'from: must be a real date as YYYY-MM-DD',
    ]);
    expect(problems({ to: '2026-03-10' })).toEqual(['from: must be a date as YYYY-MM-DD']);
  });

  it('refuses a period that ends before it starts, or runs past a year', () => {
    expect(problems({ from: '2026-03-10', to: '2026-03-09' })).toEqual([
      'to: must not be before from',
    ]);
    expect(deliveryKpiMaxDays).toBe(366);
    expect(problems({ from: '2026-01-01', to: '2027-01-01' })).toEqual([]);
    expect(problems({ from: '2026-01-01', to: '2027-01-02' })).toEqual([
      'to: must be within 366 days of from',
    ]);
  });

  it('refuses plant ids that are not a list of ids', () => {
    expect(problems({ from: '2026-03-10', to: '2026-03-10', plantIds: 'north' })).toEqual([
      'plantIds: must be a comma-separated list of ids',
    ]);
  });
});

describe('R-KPI-1: the answer', () => {
  const figures = {
    onTimePercent: 66.7,
    stageMinutes: {
      loading: 10.7,
      toJob: 37.7,
      waitOnJob: null,
      unloading: 20,
      washing: 10,
      toPlant: 35,
    },
    truckUtilisationPercent: 93.8,
    quantityPerTruckHour: 4.4,
  };

  it('holds the whole and each plant', () => {
    const answer = { ...figures, byPlant: [{ plantId: 1, ...figures }] };
    expect(deliveryKpisSchema.parse(answer)).toEqual(answer);
  });

  it('refuses a percentage past 100, negative minutes or a missing stage', () => {
    expect(
      plantDeliveryKpisSchema.safeParse({ plantId: 1, ...figures, onTimePercent: 101 }).success,
    ).toBe(false);
    expect(
      plantDeliveryKpisSchema.safeParse({
        plantId: 1,
        ...figures,
        stageMinutes: { ...figures.stageMinutes, toJob: -1 },
      }).success,
    ).toBe(false);
    const fiveStages = Object.fromEntries(
      Object.entries(figures.stageMinutes).filter(([stage]) => stage !== 'washing'),
    );
    expect(
      plantDeliveryKpisSchema.safeParse({ plantId: 1, ...figures, stageMinutes: fiveStages })
        .success,
    ).toBe(false);
  });
});
