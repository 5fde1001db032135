import { describe, expect, it } from 'vitest';
import names from './nlq-demo-vocabulary.json';
import { nlqGoldenSet, nlqGoldenToday, type NlqGoldenExpectation } from './nlq-golden-set';
import { createNlqVocabulary, parseNlqQuestion, type NlqEntity } from './nlq-parser';
import { nlqQuerySchema } from './nlq-query';

const vocabulary = createNlqVocabulary(names as NlqEntity[]);

function expectedQuery(expected: Extract<NlqGoldenExpectation, { measure: unknown }>) {
  const [by, direction] = (expected.sort ?? 'measure desc').split(' ');
  return {
    measure: expected.measure,
    dimensions: expected.dimensions ?? [],
    filters: Object.entries(expected.filters ?? {}).map(([field, ids]) => ({
      field,
      values: ids.map((id) => ({ id, label: expect.any(String) as unknown })),
    })),
    dateRange: expected.dates ? { from: expected.dates[0], to: expected.dates[1] } : null,
    sort: { by, direction },
    limit: expected.limit ?? 50,
  };
}

describe('R-NLQ-12: the golden set of questions and their interpretations', () => {
  it('holds at least 60 questions, in English and in Spanish', () => {
    expect(nlqGoldenSet.length).toBeGreaterThanOrEqual(60);
    expect(nlqGoldenSet.filter((entry) => entry.language === 'es').length).toBeGreaterThanOrEqual(
      20,
    );
    expect(new Set(nlqGoldenSet.map((entry) => entry.question)).size).toBe(nlqGoldenSet.length);
  });

  it.each(nlqGoldenSet.map((entry) => [entry.question, entry] as const))(
    '%s',
    (question, entry) => {
      const result = parseNlqQuestion(question, { today: nlqGoldenToday, vocabulary });
      if ('reason' in entry.expected) {
        expect(result).toEqual({
          understood: false,
          reason: entry.expected.reason,
          unknown: expect.any(Array) as unknown,
          suggestions: entry.expected.suggestions,
        });
        return;
      }
      expect(result.understood).toBe(true);
      if (!result.understood) return;
      expect(result.query).toEqual(expect.objectContaining(expectedQuery(entry.expected)));
      expect(result.suggestions).toEqual(entry.expected.suggestions ?? []);
      // Every interpretation is a valid typed query as the server checks it.
      expect(nlqQuerySchema.safeParse(result.query).success).toBe(true);
    },
  );
});
