/**
 * The one key factory of credit-letter reads: the credit screens' and a customer's Letters tab
 * share the root, so what drops the one drops the other.
 */
import type { LetterPreviewBody } from '@dispatch/domain/credit/credit-letter-schemas';

/** The filter bar's conditions (R-CREDIT-11); null leaves a condition out. */
export type CandidateFilters = {
  overLimit: boolean;
  minDaysPastDue: number | null;
  creditStatusIds: readonly number[];
  search: string;
};

export const creditKeys = {
  all: ['creditLetters'] as const,
  candidates: (filters: CandidateFilters) => [...creditKeys.all, 'candidates', filters] as const,
  account: (customerId: number) => [...creditKeys.all, 'account', customerId] as const,
  history: () => [...creditKeys.all, 'history'] as const,
  preview: (body: LetterPreviewBody) => [...creditKeys.all, 'preview', body] as const,
  /** The letters one customer was sent (R-CREDIT-15). */
  customer: (customerId: number) => [...creditKeys.all, 'customer', customerId] as const,
};
