import { describe, expect, it } from 'vitest';
import { loadSchema } from './load';

describe('R-ENTITY-23: load', () => {
  it('has the listed fields', () => {
    expect(
      loadSchema.parse({ id: 1, orderId: 2, quantity: 10, onJobTime: '2024-05-01T09:15' }),
    ).toEqual({
      id: 1,
      driverId: null,
      loadNumber: null,
      orderId: 2,
      quantity: 10,
      scheduleId: null,
      statusId: null,
      ticketId: null,
      onJobTime: '2024-05-01T09:15',
    });
    expect(loadSchema.safeParse({ id: 1 }).success).toBe(false);
  });
});
