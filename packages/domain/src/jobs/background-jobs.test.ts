import { describe, expect, it } from 'vitest';
import { isJobFinished, jobListQuerySchema, jobStates } from './background-jobs';

describe('R-JOB-3: job states', () => {
  it('finishes with completed, failed or cancelled, and with nothing else', () => {
    expect(jobStates.filter(isJobFinished)).toEqual(['completed', 'failed', 'cancelled']);
  });
});

describe('R-JOB-2: the jobs list query', () => {
  it('takes a kind, a state, everyone and a limit from the query string', () => {
    expect(
      jobListQuerySchema.parse({ kind: 'report', state: 'running', everyone: 'true', limit: '5' }),
    ).toEqual({ kind: 'report', state: 'running', everyone: true, limit: 5 });
    expect(jobListQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it('names the field it refuses', () => {
    const result = jobListQuerySchema.safeParse({ kind: 'payroll', limit: '0' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['kind', 'limit']);
  });
});
