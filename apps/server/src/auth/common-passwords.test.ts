import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword (R-PASS-2)', () => {
  it('finds long passwords of the shipped list, whatever their case', () => {
    expect(isCommonPassword('1qaz2wsx3edc')).toBe(true);
    expect(isCommonPassword('QAZWSXEDCRFV')).toBe(true);
  });

  it('finds a common word padded with digits or symbols to reach the length', () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('!!dragon2024!!')).toBe(true);
  });

  it('lets a passphrase through', () => {
    expect(isCommonPassword('gravel trucks at dawn')).toBe(false);
    expect(isCommonPassword('slump 4 inches, 3000 psi')).toBe(false);
  });
});
