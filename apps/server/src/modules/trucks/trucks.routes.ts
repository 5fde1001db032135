import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import {
  createTruckBody,
  truckListQuery,
  truckLiveViewResponseSchema,
  truckResponseSchema,
  truckStatusBody,
  updateTruckBody,
} from './truck-schemas';
import { changeTruckStatus } from './truck-status.service';
import { createTruck, getTruck, listTrucks, toTruckLiveView, updateTruck } from './trucks.service';

/** Truck Maintenance, the form that owns trucks (menu catalogue). */
export const trucksFormId = 50401;
/** The dispatch boards that also list trucks and move them between statuses. */
export const truckBoardFormIds = [trucksFormId, 51001, 14000] as const;

const security = [{ bearer: [] }];
const tags = ['trucks'];

/**
 * Trucks: list, read, create, update, and the live status change. Authorisation runs before
 * validation, so a caller without a valid token or the form learns nothing about what is accepted.
 * Trucks carry no price fields, so no answer here needs `priced`.
 */
export function registerTrucksRoutes(app: Server, deps: ServerDeps): void {
  const maintain = { forms: [trucksFormId] };
  const board = { forms: truckBoardFormIds };

  app.get(
    '/api/v1/trucks',
    {
      preValidation: authorize(deps, board),
      schema: {
        tags,
        summary: 'Trucks with their live status, searched on number, description and plate',
        security,
        querystring: truckListQuery,
        response: { 200: listOf(truckResponseSchema) },
      },
    },
    async (request) => {
      const { count, data } = await listTrucks(request.auth!.connection.db, {
        query: request.query,
        now: deps.now(),
      });
      return envelope(data, count);
    },
  );

  app.get(
    '/api/v1/trucks/:id',
    {
      preValidation: authorize(deps, maintain),
      schema: {
        tags,
        summary: 'One truck with its live status and version',
        security,
        params: idParams,
        response: { 200: truckResponseSchema },
      },
    },
    (request) => getTruck(request.auth!.connection.db, { id: request.params.id, now: deps.now() }),
  );

  app.post(
    '/api/v1/trucks',
    {
      preValidation: authorize(deps, { ...maintain, write: true }),
      schema: {
        tags,
        summary: 'Creates a truck',
        security,
        body: createTruckBody,
        response: { 201: truckResponseSchema },
      },
    },
    async (request, reply) => {
      const truck = await createTruck(request.auth!.connection.db, {
        values: request.body,
        now: deps.now(),
      });
      return reply.status(201).send(truck);
    },
  );

  app.put(
    '/api/v1/trucks/:id',
    {
      preValidation: authorize(deps, { ...maintain, write: true }),
      schema: {
        tags,
        summary: 'Changes the fields sent; `version` is the one read, and a stale one gets 409',
        security,
        params: idParams,
        body: updateTruckBody,
        response: { 200: truckResponseSchema },
      },
    },
    (request) =>
      updateTruck(request.auth!.connection.db, {
        id: request.params.id,
        values: request.body,
        now: deps.now(),
      }),
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
      });
      return toTruckLiveView(truck);
    },
  );
}
