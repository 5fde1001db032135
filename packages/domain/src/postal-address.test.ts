import { describe, expect, it } from 'vitest';
import { postalLines } from './postal-address';

describe('postalLines', () => {
  it('addresses a letter: the street lines, then the city with state and postal code', () => {
    expect(
      postalLines(['100 Quarry Road', 'Suite 4', 'Springfield', '', 'IL', 'Sangamon', '62701']),
    ).toEqual(['100 Quarry Road', 'Suite 4', 'Springfield, IL 62701']);
  });

  it('leaves out what is missing, and the county', () => {
    expect(postalLines([' 9 Pit Lane ', null, undefined, 'Dock 2', '', 'Polk', ''])).toEqual([
      '9 Pit Lane',
      'Dock 2',
    ]);
  });
});
