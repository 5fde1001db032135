/** R-TOKEN-1..2: logging in to classic with the session token, retried on a fixed interval. */
import { tokenLoginRetry, tokenLoginStopStatuses } from '../constants';

export type TokenLoginOutcome = 'success' | 'rejected' | 'noUser' | 'gaveUp';

export type TokenLoginStep =
  | { readonly kind: 'retry'; readonly delayMs: number }
  | { readonly kind: 'done'; readonly outcome: TokenLoginOutcome };

type StopStatus = (typeof tokenLoginStopStatuses)[number];

const outcomeOfStatus = {
  200: 'success',
  401: 'rejected',
  409: 'noUser',
} as const satisfies Record<StopStatus, TokenLoginOutcome>;

function isStopStatus(status: number | null): status is StopStatus {
  return (tokenLoginStopStatuses as readonly (number | null)[]).includes(status);
}

/**
 * What follows try number `attempt` (1 for the first) that ended with `status`, or with null for a
 * network error. The limit counts tries, the first included: at most 10 calls in all.
 */
export function nextTokenLoginStep(attempt: number, status: number | null): TokenLoginStep {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`Token login attempt must be a whole number from 1, got ${attempt}`);
  }
  if (isStopStatus(status)) return { kind: 'done', outcome: outcomeOfStatus[status] };
  if (attempt >= tokenLoginRetry.limit) return { kind: 'done', outcome: 'gaveUp' };
  return { kind: 'retry', delayMs: tokenLoginRetry.intervalMs };
}
