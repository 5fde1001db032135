import { describe, expect, it } from 'vitest';
import { dimensionsOfView, measuresOfView } from './nlq-catalogue';
import { nlqQueryProblems, nlqQuerySchema } from './nlq-query';

describe('R-NLQ-2, R-NLQ-4: the typed query', () => {
  it('fills in the defaults', () => {
    expect(nlqQuerySchema.parse({ view: 'trucks', measure: 'trucks' })).toEqual({
      view: 'trucks',
      measure: 'trucks',
      dimensions: [],
      filters: [],
      dateRange: null,
      sort: { by: 'measure', direction: 'desc' },
      limit: 50,
    });
  });

  it('refuses views, measures and columns outside the whitelist, naming the field', () => {
    expect(nlqQueryProblems({ view: 'users', measure: 'trucks' })).toEqual([
      { field: 'query.view', reason: 'is not a view questions can read' },
    ]);
    expect(
      nlqQueryProblems({ view: 'deliveries', measure: 'loads', dimensions: ['password_hash'] }),
    ).toEqual([
      { field: 'query.dimensions.0', reason: 'is not a dimension questions can group by' },
    ]);
    expect(
      nlqQueryProblems({
        view: 'deliveries',
        measure: 'loads',
        filters: [{ field: 'users.id', values: [{ id: 1, label: 'x' }] }],
      }),
    ).toEqual([
      { field: 'query.filters.0.field', reason: 'is not a field questions can filter by' },
    ]);
    expect(
      nlqQueryProblems({ view: 'deliveries', measure: 'loads', sql: 'drop table users' }),
    ).toEqual([{ field: 'query', reason: expect.stringMatching(/sql/) as unknown }]);
  });

  it('keeps measures, dimensions, filters and dates to what the view has', () => {
    expect(
      nlqQueryProblems({
        view: 'trucks',
        measure: 'loads',
        dimensions: ['day', 'truck', 'truck'],
        filters: [
          { field: 'customer', values: [{ id: 1, label: 'A' }] },
          { field: 'truckStatus', values: [{ id: 42, label: 'flying' }] },
        ],
        dateRange: { from: '2026-03-02', to: '2026-03-01' },
        limit: 501,
      }),
    ).toEqual([
      { field: 'query.dimensions', reason: 'must list at most 2 dimensions' },
      { field: 'query.dateRange.to', reason: 'must not be before from' },
      { field: 'query.limit', reason: 'must be at most 500' },
    ]);
    expect(
      nlqQueryProblems({
        view: 'trucks',
        measure: 'loads',
        dimensions: ['truck', 'truck'],
        filters: [
          { field: 'customer', values: [{ id: 1, label: 'A' }] },
          { field: 'truckStatus', values: [{ id: 42, label: 'flying' }] },
        ],
        dateRange: { from: '2026-03-01', to: '2026-03-02' },
      }),
    ).toEqual([
      { field: 'query.measure', reason: 'is not a measure of trucks' },
      { field: 'query.dimensions.1', reason: 'is repeated' },
      { field: 'query.filters.0.field', reason: 'is not a field of trucks' },
      { field: 'query.filters.1.values.0.id', reason: 'is not a truckStatus' },
      { field: 'query.dateRange', reason: 'trucks have no date: ask about them now' },
    ]);
    expect(nlqQueryProblems({ view: 'trucks', measure: 'trucks', dimensions: ['day'] })).toEqual([
      { field: 'query.dimensions.0', reason: 'is not a dimension of trucks' },
    ]);
    expect(nlqQueryProblems({ view: 'trucks', measure: 'trucks' })).toEqual([]);
  });

  it('lists each view’s measures and dimensions for the screen', () => {
    expect(measuresOfView('orders')).toEqual(['orders', 'orderedYards']);
    expect(dimensionsOfView('trucks')).toEqual([
      'plant',
      'truck',
      'driver',
      'truckStatus',
      'systemType',
    ]);
  });
});
