/**
 * The DispatchHub as the server runs it. The dispatcher knows connections, events, record locks
 * and scales; who holds a token (auth) and the hub methods of business modules (PrintTicket,
 * TakeScaleWeight) sit above it, so this composition file hands them in.
 */
import { databaseOfToken, findSession } from '../auth/session-store';
import { printTicketHubMethod, type PrintTicketHubDeps } from '../modules/tickets/print-ticket.hub';
import { takeScaleWeightHubMethod } from '../modules/ticket-entry/take-scale-weight.hub';
import { createDispatcher, type Dispatcher, type DispatcherDeps } from './dispatcher';

export type DispatchHubDeps = Omit<DispatcherDeps, 'sessions' | 'methods'> & {
  printing?: PrintTicketHubDeps['printing'];
};

export function createDispatchHub(deps: DispatchHubDeps): Dispatcher {
  const { printing, ...dispatcher } = deps;
  return createDispatcher({
    ...dispatcher,
    sessions: { databaseOfToken, find: findSession },
    methods: {
      PrintTicket: printTicketHubMethod({ tenancy: deps.tenancy, now: deps.now, printing }),
      TakeScaleWeight: takeScaleWeightHubMethod({ tenancy: deps.tenancy, now: deps.now }),
    },
  });
}
