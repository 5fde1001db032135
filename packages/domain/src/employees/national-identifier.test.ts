import { describe, expect, it } from 'vitest';
import { nationalIdentifierSchema } from './national-identifier';

describe('R-NATID-1: national identifier', () => {
  it('takes 4 to 20 letters or digits, trimmed, with spaces and dashes between them', () => {
    expect(nationalIdentifierSchema.parse(' 123-45-6789 ')).toBe('123-45-6789');
    for (const bad of ['12', '---', 'x'.repeat(21), '12345;DROP']) {
      expect(nationalIdentifierSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'Enter a national identifier of 4 to 20 letters or digits.',
      );
    }
  });
});
