import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { loadDispatchAnswerSchema } from '@dispatch/domain/dispatch/load-dispatch-answer';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { printWhenSentOf } from '../tickets/print-when-sent';
import { toTruckLiveView } from '../trucks/trucks.service';
import { dispatchLoad } from './load-dispatch.service';
import { dispatchBody, loadParams } from './load-dispatch.schemas';

/** R-DISP-1: the Load Scheduling board dispatches; writing needs a full level on it. */
export const loadDispatchFormId = formIdOf('LoadScheduling');

const security = [{ bearer: [] }];

export function registerLoadDispatchRoutes(app: Server, deps: ServerDeps): void {
  const printing = printWhenSentOf(app, deps);
  app.post(
    '/api/v1/loads/:id/dispatch',
    {
      // Authorisation before validation: a caller without the form learns nothing of the body.
      preValidation: authorize(deps, { forms: [loadDispatchFormId], write: true }),
      schema: {
        tags: ['loads'],
        summary:
          "Sends a truck to a load: the load's ticket from the plant's next number, the load to the batch queue, the truck to loading, in one transaction; then the ticket prints on the plant's print queue when the plant prints when the truck is sent",
        security,
        params: loadParams,
        body: dispatchBody,
        response: { 200: loadDispatchAnswerSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const dispatched = await dispatchLoad(auth.connection.db, {
        loadId: request.params.id,
        truckId: request.body.truckId,
        version: request.body.version,
        confirmNeedsWash: request.body.confirmNeedsWash,
        allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
        username: auth.username,
        now: deps.now(),
      });
      // R-PRINT-10: committed; the printer is talked to after the answer, holding no lock.
      printing.afterCommit(auth, dispatched.ticket.id);
      return { ...dispatched, truck: toTruckLiveView(dispatched.truck) };
    },
  );
}
