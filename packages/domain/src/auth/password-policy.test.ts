import { describe, expect, it } from 'vitest';
import { passwordProblem, sameAsUsernameReason, tooFewCharactersReason } from './password-policy';

describe('passwordProblem (R-PASS-1)', () => {
  it('refuses fewer than 12 characters and more than 128', () => {
    expect(passwordProblem('short pass!', 'ann')).toBe('must be at least 12 characters');
    expect(passwordProblem('x'.repeat(129), 'ann')).toBe('must be at most 128 characters');
  });

  it('takes any 12 characters, without composition rules', () => {
    expect(passwordProblem('all lowercase words', 'ann')).toBeNull();
    expect(passwordProblem('çimento fresco ☀', 'ann')).toBeNull();
  });

  it('refuses the username, whatever its case', () => {
    expect(passwordProblem('Dispatcher.Ann', 'dispatcher.ann')).toBe(sameAsUsernameReason);
  });

  it('refuses twelve of one character, or only spaces: five different characters, spaces aside', () => {
    expect(passwordProblem(' '.repeat(12), 'ann')).toBe(tooFewCharactersReason);
    expect(passwordProblem('a'.repeat(12), 'ann')).toBe(tooFewCharactersReason);
    expect(passwordProblem('abab abab AB ab', 'ann')).toBe(tooFewCharactersReason);
    expect(passwordProblem('abcd abcd abcd', 'ann')).toBe(tooFewCharactersReason);
    expect(passwordProblem('abcde abcde ab', 'ann')).toBeNull();
  });
});
