import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import {
  truckLiveViewResponseSchema,
  truckResponseSchema,
} from '@dispatch/domain/trucks/truck-views';
import {
  truckPositionsAnswerSchema,
  truckPositionsBodySchema,
} from '@dispatch/domain/trucks/truck-positions';
import { truckListQuery, truckStatusBody } from './truck-schemas';
import { truckActor } from './truck-access';
import { recordTruckPositions } from './truck-positions.service';
import { changeTruckStatus } from './truck-status.service';
import { listTrucks, toTruckLiveView } from './trucks.service';
import { truckBoardFormIds } from './truck-forms';

const security = [{ bearer: [] }];
const tags = ['trucks'];

/**
 * What is special about trucks: the dispatch board's list and the live status change. Truck
 * maintenance (list, get, create, update, deactivate, pick list, export) is the resource engine's
 * at /api/v1/trucks (R-RES-3), whose writes publish truckUpdate_v1 too (trucks-binding.ts).
 * Authorisation runs before validation, so a caller without a valid token or the form learns
 * nothing about what is accepted. Trucks carry no price fields, so no answer here needs `priced`.
 */
export function registerTrucksRoutes(app: Server, deps: ServerDeps): void {
  const board = { forms: truckBoardFormIds };

  app.get(
    '/api/v1/trucks/board',
    {
      preValidation: authorize(deps, board),
      schema: {
        tags,
        summary:
          'The dispatch board: trucks with their live status, in numeric-aware number order, searched on number, description and plate',
        security,
        querystring: truckListQuery,
        response: { 200: listOf(truckResponseSchema) },
      },
    },
    async (request) => {
      const { count, data } = await listTrucks(request.auth!.connection.db, {
        query: request.query,
        now: deps.now(),
        systemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return envelope(data, count);
    },
  );

  app.put(
    '/api/v1/trucks/:id/status',
    {
      preValidation: authorize(deps, { ...board, write: true }),
      schema: {
        tags,
        summary:
          "Sets a truck's status: its yard place, its current ticket's time, and the live events",
        security,
        params: idParams,
        body: truckStatusBody,
        response: { 200: truckLiveViewResponseSchema },
      },
    },
    async (request) => {
      const truck = await changeTruckStatus(request.auth!.connection.db, {
        id: request.params.id,
        statusId: request.body.statusId,
        version: request.body.version,
        now: deps.now(),
        username: request.auth!.username,
        systemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return toTruckLiveView(truck);
    },
  );

  app.post(
    '/api/v1/trucks/:id/positions',
    {
      // R-GPS-11: the truck's own driver or a dispatcher who may move it, before the body is read.
      preValidation: [
        authorize(deps),
        async (request) => {
          const parsed = idParams.safeParse(request.params);
          if (parsed.success)
            await truckActor(request.auth!.connection.db, request.auth!, parsed.data.id);
        },
      ],
      schema: {
        tags,
        summary:
          "Takes a truck's GPS fixes (up to 500): stores each once per recordedAt, sets the statuses its fences decide, and tells the boards",
        security,
        params: idParams,
        body: truckPositionsBodySchema,
        response: { 200: truckPositionsAnswerSchema },
      },
    },
    async (request) =>
      recordTruckPositions(request.auth!.connection.db, {
        truckId: request.params.id,
        positions: request.body.positions,
        now: deps.now(),
      }),
  );
}
