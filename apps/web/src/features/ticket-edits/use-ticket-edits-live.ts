/**
 * R-TEDIT-9: the ticket edit screens follow the hub. Any ticket change refreshes the lists shown;
 * a change by someone else to the ticket open in a form is announced (who changed it) with a
 * reload, and the form is left as the clerk typed it until they choose to reload.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useSession } from '../../session/session-store';
import { ticketEditKeys } from './ticket-edits-api';

/** Refetches the cached ticket lists whenever a ticket changes (or the hub reconnects). */
export function useTicketListsLive(): void {
  const queryClient = useQueryClient();
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: [...ticketEditKeys.all, 'search'] });
  useHubEvent('ticketUpdate_v1', refetch);
  useHubEvent('ticketModifiedNotification_v1', refetch);
  useHubReconnected(refetch);
}

/** Who else changed the open ticket since it was loaded, until the form reloads it. */
export function useOpenTicketModified(ticketId: number | null): {
  modifiedBy: string | null;
  dismiss: () => void;
} {
  const me = useSession().status.username;
  const [modified, setModified] = useState<{ ticketId: number; by: string } | null>(null);
  useHubEvent('ticketModifiedNotification_v1', (data) => {
    if (ticketId === null) return;
    if (isIdsPayload(data)) {
      if (data.ids.includes(ticketId)) setModified({ ticketId, by: '' });
      return;
    }
    if (data.ticketId !== ticketId) return;
    if (data.modifiedBy.toLowerCase() === me.toLowerCase()) return;
    setModified({ ticketId, by: data.modifiedBy });
  });
  return {
    modifiedBy: modified && modified.ticketId === ticketId ? modified.by : null,
    dismiss: () => setModified(null),
  };
}
