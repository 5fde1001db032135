/** GET /api/v1/print-destinations through TanStack Query: read once, shared by every print control. */
import { queryOptions } from '@tanstack/react-query';
import { printDestinationSchema } from '@dispatch/domain/printing/print-destination';
import { apiList } from '../../lib/api-client';

export const printDestinationKeys = { all: ['print-destinations'] as const };

export const printDestinationQueries = {
  list: () =>
    queryOptions({
      queryKey: printDestinationKeys.all,
      // R-API-20: asked to rethrow, so the print button can say "Error retrieving printer list."
      queryFn: ({ signal }) =>
        apiList('/api/v1/print-destinations', printDestinationSchema, { signal, rethrow: true }),
      staleTime: 5 * 60_000,
    }),
};
