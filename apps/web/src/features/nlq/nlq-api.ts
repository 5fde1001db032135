/** The natural-language query's two calls (R-NLQ-1, R-NLQ-9): ask a question, run an edited query. */
import { nlqResultSchema, type NlqResult } from '@dispatch/domain/nlq/nlq-api';
import type { NlqQueryInput } from '@dispatch/domain/nlq/nlq-query';
import { apiRequest } from '../../lib/api-client';

export async function askNlq(question: string): Promise<NlqResult> {
  return await apiRequest('POST', '/api/v1/nlq/ask', { question }, nlqResultSchema);
}

export async function runNlq(query: NlqQueryInput): Promise<NlqResult> {
  return await apiRequest('POST', '/api/v1/nlq/run', { query }, nlqResultSchema);
}
