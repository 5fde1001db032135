import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiEnvelopeSchema, booleanResponseSchema } from './envelope';

describe('R-API-17: API envelope', () => {
  it('wraps any payload as { error, count, data }', () => {
    const envelope = apiEnvelopeSchema(z.array(z.object({ id: z.int() })));
    expect(envelope.parse({ error: false, count: 2, data: [{ id: 1 }, { id: 2 }] })).toEqual({
      error: false,
      count: 2,
      data: [{ id: 1 }, { id: 2 }],
    });
    expect(envelope.parse({ data: [] })).toEqual({ error: false, count: 0, data: [] });
    expect(envelope.safeParse({ data: [{ id: 'x' }] }).error?.issues[0]?.path).toEqual([
      'data',
      0,
      'id',
    ]);
    expect(envelope.safeParse({ count: -1, data: [] }).success).toBe(false);
  });
});

describe('R-ENTITY-34: boolean response', () => {
  it('has a value and an optional message', () => {
    expect(booleanResponseSchema.parse({ value: true })).toEqual({ value: true, message: null });
    expect(booleanResponseSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});
