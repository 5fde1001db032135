import { describe, expect, it } from 'vitest';
import { counted, userLanguageBodySchema, userLanguageOf } from './user-language';

describe("a user's language (issue 25, item 4)", () => {
  it('takes English or Spanish, refusing anything else naming the choices', () => {
    expect(userLanguageBodySchema.parse({ language: 'es' })).toEqual({ language: 'es' });
    const refused = userLanguageBodySchema.safeParse({ language: 'fr' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['language'],
      message: 'must be one of en, es',
    });
  });

  it('reads a stored or browser language loosely, English when it is neither', () => {
    expect(userLanguageOf('es')).toBe('es');
    expect(userLanguageOf('es-MX')).toBe('es');
    expect(userLanguageOf('fr')).toBe('en');
    expect(userLanguageOf(null)).toBe('en');
  });

  it('counts with the singular only for one', () => {
    const customers = ['cliente', 'clientes'] as const;
    expect(counted(1, customers)).toBe('1 cliente');
    expect(counted(3, customers)).toBe('3 clientes');
    expect(counted(0, customers)).toBe('0 clientes');
  });
});
