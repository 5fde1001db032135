import { describe, expect, it } from 'vitest';
import { createNlqVocabulary, parseNlqQuestion } from './nlq-parser';

const vocabulary = createNlqVocabulary([
  { kind: 'plant', id: 1, name: 'North Yard' },
  { kind: 'plant', id: 2, name: 'Riverside Batch Plant' },
  { kind: 'customer', id: 10, name: 'Acme Paving Co.' },
  { kind: 'customer', id: 11, name: 'Bluestone Builders' },
  { kind: 'customer', id: 12, name: '   ' },
  { kind: 'job', id: 20, name: 'Maple Street Lot 4' },
  { kind: 'truck', id: 30, name: '112' },
  { kind: 'driver', id: 40, name: 'Dana Scully' },
]);
const today = '2026-03-16';
const parse = (question: string) => parseNlqQuestion(question, { today, vocabulary });

describe('R-NLQ-1, R-NLQ-2: reading a question into a typed query', () => {
  it('reads the issue’s questions (R-NLQ-1)', () => {
    const acme = parse('orders on hold for Acme');
    expect(acme.understood && acme.query).toMatchObject({
      view: 'orders',
      measure: 'orders',
      dimensions: ['order', 'plant'],
      filters: [
        { field: 'orderStatus', values: [{ id: 4, label: 'onHold' }] },
        { field: 'customer', values: [{ id: 10, label: 'Acme Paving Co.' }] },
      ],
    });
    const trucks = parse('Trucks out of service now');
    expect(trucks.understood && trucks.query).toMatchObject({
      view: 'trucks',
      dateRange: null,
      filters: [{ field: 'truckStatus', values: [{ id: 9 }] }],
    });
  });

  it('takes a name typed a little wrong for the closest one (fuse.js)', () => {
    const result = parse('loads for Bluestone Bulders last week');
    expect(result.understood && result.query.filters).toEqual([
      { field: 'customer', values: [{ id: 11, label: 'Bluestone Builders' }] },
    ]);
    expect(result.understood && result.query.dateRange).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
  });

  it('reads a kind named before a name as a hint, not a breakdown', () => {
    const truck = parse('loads for truck 112 by driver');
    expect(truck.understood && truck.query).toMatchObject({
      dimensions: ['driver'],
      filters: [{ field: 'truck', values: [{ id: 30 }] }],
    });
    const job = parse('yards for job Maple Street');
    expect(job.understood && job.query).toMatchObject({
      measure: 'cubicYards',
      dimensions: [],
      filters: [{ field: 'job', values: [{ id: 20 }] }],
    });
    const driver = parse('loads by driver Dana Scully');
    expect(driver.understood && driver.query.filters).toEqual([
      { field: 'driver', values: [{ id: 40, label: 'Dana Scully' }] },
    ]);
  });

  it('leaves out what the view cannot answer, and says so', () => {
    const result = parse('trucks out of service at North Yard by customer last week');
    expect(result.understood && result.query).toMatchObject({
      view: 'trucks',
      dimensions: ['truck', 'plant'],
      dateRange: null,
      filters: [
        { field: 'truckStatus', values: [{ id: 9 }] },
        { field: 'plant', values: [{ id: 1 }] },
      ],
    });
    expect(result.understood && result.ignored).toEqual(['customer']);
    const statusOfLoads = parse('yards by status for Acme');
    expect(statusOfLoads.understood && statusOfLoads.query.dimensions).toEqual([]);
    const ordersOfDriver = parse('orders for Dana Scully');
    expect(ordersOfDriver.understood && ordersOfDriver.ignored).toEqual(['Dana Scully']);
  });

  it('keeps the limit within bounds and reads "top" without a number as ten', () => {
    const many = parse('top 9999 customers by yards');
    expect(many.understood && many.query.limit).toBe(500);
    const top = parse('top customers by tons');
    expect(top.understood && top.query).toMatchObject({ limit: 10, dimensions: ['customer'] });
    const spanish = parse('los 3 mayores clientes por ventas');
    expect(spanish.understood && spanish.query).toMatchObject({
      measure: 'salesAmount',
      limit: 3,
    });
  });

  it('offers the names a short name could be, and the question without it (R-NLQ-8)', () => {
    expect(parse('loads for Zyx')).toEqual({
      understood: false,
      reason: 'unknownName',
      unknown: ['zyx'],
      suggestions: ['loads'],
    });
    const typo = parse('tosn by plant');
    expect(typo.understood && typo.suggestions).toEqual(['tons by plant']);
  });

  it('says so when nothing in the question can be measured', () => {
    expect(parse('')).toMatchObject({ understood: false, reason: 'nothingToMeasure' });
    expect(parse('hello there')).toMatchObject({
      understood: false,
      reason: 'nothingToMeasure',
      unknown: ['hello'],
    });
    expect(parse('North Yard')).toMatchObject({ understood: false, reason: 'nothingToMeasure' });
  });
});
