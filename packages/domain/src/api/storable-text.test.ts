import { describe, expect, it } from 'vitest';
import { unstorableTextIn, unstorableTextReason } from './storable-text';

describe('storable text', () => {
  it('refuses a NUL character and a lone surrogate, and takes any other text', () => {
    expect(unstorableTextReason('a\u0000b')).toBe('must not contain a NUL character');
    expect(unstorableTextReason('late \ud800')).toMatch(/lone surrogate/);
    expect(unstorableTextReason('\udc00 early')).toMatch(/lone surrogate/);
    expect(unstorableTextReason('yd³ · 😀 · ñ')).toBeNull();
  });

  it('names the field that holds it, deep in a body, or in a key', () => {
    expect(unstorableTextIn({ schedules: [{ notes: 'fine' }, { notes: 'bad\u0000' }] })).toEqual({
      field: 'schedules.1.notes',
      reason: 'must not contain a NUL character',
    });
    expect(unstorableTextIn({ 'x\u0000': 1 })?.field).toBe('x\u0000');
    expect(unstorableTextIn('\ud800')?.field).toBe('body');
    expect(unstorableTextIn({ a: [1, null, true, { b: 'ok' }] })).toBeNull();
  });
});
