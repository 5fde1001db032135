/**
 * R-BATCH-1..9: the batch load screen's routes. Reading needs the Batch Load Screen form; sending,
 * retrying and marking batched need a level on it that writes. The simulator's switch is for
 * system administrators (demos and tests).
 */
import { z } from 'zod';
import {
  batchActionBodySchema,
  batchDetailSchema,
  batchQueueQuerySchema,
  batchQueueSchema,
  batchSimulatorBodySchema,
  ticketBatchSchema,
  type BatchAction,
} from '@dispatch/domain/batching/batch-queue';
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import { ApiError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { recordId } from '../../http/write-fields';
import { ticketForms } from '../tickets/ticket-access';
import { isSimulatedBatchPanel, type BatchPanelAdapter } from './batch-panel';
import {
  batchDetail,
  listBatchQueue,
  markBatched,
  recordPanelReport,
  sendToBatchPanel,
} from './batching.service';
import { ticketBatch } from '../tickets/ticket-batch';

/** R-BATCH-1: the Concrete Batch Load Screen. */
export const batchLoadFormId = formIdOf('BatchLoadScreen');

const security = [{ bearer: [] }];
const loadParams = z.object({ loadId: recordId });

export function registerBatchingRoutes(
  app: Server,
  deps: ServerDeps,
  panel: BatchPanelAdapter,
): void {
  const read = authorize(deps, { forms: [batchLoadFormId] });
  const write = authorize(deps, { forms: [batchLoadFormId], write: true });

  app.get(
    '/api/v1/batch-queue',
    {
      preValidation: read,
      schema: {
        tags: ['batching'],
        summary:
          "A plant's batch queue: its dispatched loads, one alley's and the untaken ones when an alley is given",
        security,
        querystring: batchQueueQuerySchema,
        response: { 200: batchQueueSchema },
      },
    },
    (request) =>
      listBatchQueue(request.auth!.connection.db, {
        plantId: request.query.plantId,
        alley: request.query.alley,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      }),
  );

  app.get(
    '/api/v1/batch-queue/:loadId',
    {
      preValidation: read,
      schema: {
        tags: ['batching'],
        summary: 'A queued load with its target and batched weights per raw material',
        security,
        params: loadParams,
        response: { 200: batchDetailSchema },
      },
    },
    (request) =>
      batchDetail(
        request.auth!.connection.db,
        request.params.loadId,
        allowedSystemTypes(request.auth!.groupIds),
      ),
  );

  const action = (name: BatchAction, path: string, summary: string) =>
    app.post(
      `/api/v1/batch-queue/:loadId/${path}`,
      {
        // Authorisation before validation: a caller without the form learns nothing of the body.
        preValidation: write,
        schema: {
          tags: ['batching'],
          summary,
          security,
          params: loadParams,
          body: batchActionBodySchema,
          response: { 200: batchDetailSchema },
        },
      },
      (request) => {
        const auth = request.auth!;
        const command = {
          loadId: request.params.loadId,
          action: name,
          alley: request.body.alley,
          allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
          username: auth.username,
          database: auth.database,
          now: deps.now,
        };
        if (name === 'markBatched') return markBatched(auth.connection.db, command);
        return sendToBatchPanel(auth.connection.db, panel, command, async (job, outcome) => {
          // The report arrives after the request: through the named database, logged if it fails.
          try {
            const { db } = await deps.tenancy.open(job.database);
            await recordPanelReport(db, job, outcome, deps.now());
          } catch (error) {
            app.log.error({ err: error, loadId: job.loadId }, 'batch panel report not recorded');
          }
        });
      },
    );
  action('send', 'send', "Sends the load's mix and targets to the plant's batch panel (R-BATCH-2)");
  action('retry', 'retry', 'Sends a load that failed at the batch panel again (R-BATCH-2)');
  action('markBatched', 'mark-batched', 'Records a load batched by hand (R-BATCH-3)');

  app.get(
    '/api/v1/tickets/:id/batch-weights',
    {
      preValidation: authorize(deps, { forms: ticketForms }),
      schema: {
        tags: ['tickets'],
        summary:
          "A ticket's batch: its state, batch time and the weights per raw material (R-BATCH-6)",
        security,
        params: z.object({ id: recordId }),
        response: { 200: ticketBatchSchema },
      },
    },
    (request) =>
      ticketBatch(
        request.auth!.connection.db,
        request.params.id,
        allowedSystemTypes(request.auth!.groupIds),
      ),
  );

  app.post(
    '/api/v1/batch-panel/simulator',
    {
      preValidation: authorize(deps, { admin: true }),
      schema: {
        tags: ['batching'],
        summary:
          "Tells the batch panel simulator to fail the plant's next send, or not (R-BATCH-8)",
        security,
        body: batchSimulatorBodySchema,
        response: { 200: batchSimulatorBodySchema },
      },
    },
    (request) => {
      if (!isSimulatedBatchPanel(panel)) {
        throw new ApiError('conflict', `The batch panel is ${panel.name}, not the simulator.`, {
          code: 'not_simulated',
        });
      }
      panel.setFailNext(request.auth!.database, request.body.plantId, request.body.failNext);
      return request.body;
    },
  );
}
