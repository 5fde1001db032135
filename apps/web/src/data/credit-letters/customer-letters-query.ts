/**
 * The credit letters one customer was sent (R-CREDIT-15), for the customer's own Letters tab;
 * dropped with every credit-letters read when a run or a payment changes them.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { sentLetterSchema } from '@dispatch/domain/credit/credit-letter-schemas';
import { apiGet } from '../../lib/api-client';
import { creditKeys } from './credit-letter-keys';

const lettersSchema = z.object({ data: z.array(sentLetterSchema) });

export const customerLettersQuery = (customerId: number) =>
  queryOptions({
    queryKey: creditKeys.customer(customerId),
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/api/v1/customers/${customerId}/credit-letters?limit=200`, lettersSchema, {
          signal,
        })
      ).data,
  });
