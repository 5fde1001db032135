/** GET /api/v1/print-destinations through TanStack Query: read once, shared by every print control. */
import { queryOptions } from '@tanstack/react-query';
import { apiEnvelopeSchema } from '@dispatch/domain/api/envelope';
import { printDestinationSchema } from '@dispatch/domain/printing/print-destination';
import { apiGet } from '../../lib/api-client';

export const printDestinationKeys = { all: ['print-destinations'] as const };

export const printDestinationQueries = {
  list: () =>
    queryOptions({
      queryKey: printDestinationKeys.all,
      queryFn: ({ signal }) =>
        apiGet('/api/v1/print-destinations', apiEnvelopeSchema(printDestinationSchema.array()), {
          signal,
        }),
      select: (envelope) => envelope.data,
      staleTime: 5 * 60_000,
    }),
};
