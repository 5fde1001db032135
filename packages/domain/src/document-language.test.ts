import { describe, expect, it } from 'vitest';
import {
  defaultDocumentLanguage,
  documentLanguageChoices,
  documentLanguageOf,
  documentLanguages,
} from './document-language';
import { customerResource } from './resources/customers';

describe('the language of a customer’s documents (issue 25, item 4)', () => {
  it('offers each language named in itself, English first and by default', () => {
    expect(documentLanguageChoices.map((choice) => choice.value)).toEqual([...documentLanguages]);
    expect(documentLanguageChoices.map((choice) => choice.label)).toEqual(['English', 'Español']);
    expect(defaultDocumentLanguage).toBe('en');
  });

  it('reads a stored language, English for anything it does not print in', () => {
    expect(documentLanguageOf('es')).toBe('es');
    expect(documentLanguageOf('en')).toBe('en');
    expect(documentLanguageOf('fr')).toBe('en');
    expect(documentLanguageOf(null)).toBe('en');
  });

  it('is a customer field: a pick list, English for a new customer, never empty', () => {
    const field = customerResource.fields.language!;
    expect(field).toMatchObject({ kind: 'choice', label: 'Language', required: true });
    expect(field.choices).toBe(documentLanguageChoices);
    expect(field.schema.safeParse(undefined).data).toBe('en');
  });
});
