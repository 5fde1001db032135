import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextTokenLoginStep } from './token-login';

describe('R-TOKEN-1..2: token login to classic', () => {
  it('stops on 200, 401 and 409 whatever the attempt', () => {
    expect(nextTokenLoginStep(1, 200)).toEqual({ kind: 'done', outcome: 'success' });
    expect(nextTokenLoginStep(4, 401)).toEqual({ kind: 'done', outcome: 'rejected' });
    expect(nextTokenLoginStep(10, 409)).toEqual({ kind: 'done', outcome: 'noUser' });
  });

  it('retries other statuses and network errors every 2 s', () => {
    expect(nextTokenLoginStep(1, 500)).toEqual({ kind: 'retry', delayMs: 2000 });
    expect(nextTokenLoginStep(9, null)).toEqual({ kind: 'retry', delayMs: 2000 });
  });

  it('gives up after the 10th try', () => {
    expect(nextTokenLoginStep(10, 503)).toEqual({ kind: 'done', outcome: 'gaveUp' });
    expect(nextTokenLoginStep(11, null)).toEqual({ kind: 'done', outcome: 'gaveUp' });
  });

  it('refuses an attempt number that is not a whole number from 1', () => {
    expect(() => nextTokenLoginStep(0, 200)).toThrow(RangeError);
    expect(() => nextTokenLoginStep(1.5, 200)).toThrow(RangeError);
  });

  it('property: a run of failures makes exactly 10 calls, 2 s apart', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant(null),
            fc.integer({ min: 100, max: 599 }).filter((s) => ![200, 401, 409].includes(s)),
          ),
          { minLength: 20, maxLength: 20 },
        ),
        (statuses) => {
          let calls = 0;
          let waitedMs = 0;
          for (const status of statuses) {
            calls += 1;
            const step = nextTokenLoginStep(calls, status);
            if (step.kind === 'done') {
              expect(step.outcome).toBe('gaveUp');
              break;
            }
            waitedMs += step.delayMs;
          }
          expect(calls).toBe(10);
          expect(waitedMs).toBe(18000);
        },
      ),
    );
  });
});
