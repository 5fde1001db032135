import { describe, expect, it } from 'vitest';
import names from './nlq-demo-vocabulary.json';
import {
  nlqAskBodySchema,
  nlqExampleQuestions,
  nlqResultSchema,
  nlqRunBodySchema,
} from './nlq-api';
import { isNlqListing } from './nlq-catalogue';
import { nlqGoldenToday } from './nlq-golden-set';
import { createNlqVocabulary, parseNlqQuestion, type NlqEntity } from './nlq-parser';

describe('R-NLQ-9: the API contract and the example questions', () => {
  it('takes a question of 1 to 300 characters, trimmed', () => {
    expect(nlqAskBodySchema.parse({ question: '  loads today ' })).toEqual({
      question: 'loads today',
    });
    expect(nlqAskBodySchema.safeParse({ question: ' ' }).error?.issues[0]?.message).toBe(
      'is required',
    );
    expect(nlqAskBodySchema.safeParse({ question: 'x'.repeat(301) }).success).toBe(false);
  });

  it('runs a typed query and nothing else', () => {
    expect(
      nlqRunBodySchema.safeParse({ query: { view: 'trucks', measure: 'trucks' } }).success,
    ).toBe(true);
    expect(nlqRunBodySchema.safeParse({ query: 'select 1' }).success).toBe(false);
    expect(
      nlqRunBodySchema.safeParse({ query: { view: 'trucks', measure: 'trucks' }, sql: 'x' })
        .success,
    ).toBe(false);
  });

  it('reads every example the screen offers, in both languages, on the demo data', () => {
    const vocabulary = createNlqVocabulary(names as NlqEntity[]);
    for (const question of [...nlqExampleQuestions.en, ...nlqExampleQuestions.es]) {
      const result = parseNlqQuestion(question, { today: nlqGoldenToday, vocabulary });
      expect(result.understood, question).toBe(true);
      if (result.understood) {
        expect(
          nlqResultSchema.parse({
            question,
            understood: true,
            source: 'parser',
            query: result.query,
            reason: null,
            ignored: [],
            unknown: [],
            suggestions: [],
            answer: null,
          }).query,
        ).toEqual(result.query);
      }
    }
  });

  it('tells a list of trucks or orders from a breakdown', () => {
    expect(isNlqListing('trucks', ['truck', 'plant'])).toBe(true);
    expect(isNlqListing('orders', ['order'])).toBe(true);
    expect(isNlqListing('deliveries', ['truck'])).toBe(false);
    expect(isNlqListing('orders', ['customer'])).toBe(false);
  });
});
