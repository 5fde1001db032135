import { describe, expect, it } from 'vitest';
import { unitOfMeasureSchema } from './unit-of-measure';

describe('R-ENTITY-27: unit of measure', () => {
  it('has descriptions, a conversion factor and its type, and a value', () => {
    expect(
      unitOfMeasureSchema.parse({
        id: 1,
        imperialDescription: 'Cubic Yards',
        metricDescription: 'Cubic Metres',
        imperialToMetricConvFactor: 0.764555,
        conversionFactorTypeId: 1,
        value: 1,
      }),
    ).toMatchObject({ imperialToMetricConvFactor: 0.764555, metricDescription: 'Cubic Metres' });
    expect(unitOfMeasureSchema.parse({ id: 2 }).imperialToMetricConvFactor).toBe(1);
  });
});
