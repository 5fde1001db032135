/** Price escalation's reads and writes (R-ESC-3..R-ESC-7), with one key factory. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  escalationPreviewSchema,
  escalationSchema,
  type Escalation,
  type EscalationKind,
  type EscalationPreview,
  type EscalationRequestInput,
} from '@dispatch/domain/pricing/price-escalation';
import { apiGet, apiRequest } from '../../lib/api-client';

const path = '/api/v1/admin/price-escalations';

export const escalationKeys = {
  all: ['priceEscalations'] as const,
  history: (kind: EscalationKind) => [...escalationKeys.all, 'history', kind] as const,
};

const historySchema = z.object({ count: z.number(), data: z.array(escalationSchema) });

export const escalationHistoryQuery = (kind: EscalationKind) =>
  queryOptions({
    queryKey: escalationKeys.history(kind),
    queryFn: async ({ signal }) =>
      await apiGet(`${path}?kind=${kind}&limit=100`, historySchema, { signal }),
  });

export async function previewEscalation(
  request: EscalationRequestInput,
): Promise<EscalationPreview> {
  return await apiRequest('POST', `${path}/preview`, request, escalationPreviewSchema);
}

export async function applyEscalation(request: EscalationRequestInput): Promise<Escalation> {
  return await apiRequest('POST', path, request, escalationSchema);
}

export async function reverseEscalation(id: number): Promise<Escalation> {
  return await apiRequest('POST', `${path}/${id}/reverse`, undefined, escalationSchema);
}
