import { authorize, priced } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  createPlantBody,
  plantDetailSchema,
  plantListItemSchema,
  plantListQuery,
  updatePlantBody,
} from './plant-schemas';
import { createPlant, getPlant, listPlants, updatePlant } from './plants.service';
import { idParams } from '../../http/write-fields';

/** The Plants maintenance form (menu catalogue). */
export const plantsFormId = 50601;

const security = [{ bearer: [] }];
const tags = ['plants'];

/**
 * Plants: list, read, create, update. Authorisation runs before validation, so a caller without a
 * valid token or the form learns nothing about what the route accepts.
 */
export function registerPlantsRoutes(app: Server, deps: ServerDeps): void {
  const read = authorize(deps, { forms: [plantsFormId] });
  const write = authorize(deps, { forms: [plantsFormId], write: true });

  app.get(
    '/api/v1/plants',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Plants, searched on description and address; active only unless includeInactive',
        security,
        querystring: plantListQuery,
        response: { 200: listOf(plantListItemSchema) },
      },
    },
    async (request) => {
      const { count, data } = await listPlants(request.auth!.connection.db, request.query);
      return priced(request, envelope(data, count));
    },
  );

  app.get(
    '/api/v1/plants/:id',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'One plant with its concrete plant or aggregate pit details and its version',
        security,
        params: idParams,
        response: { 200: plantDetailSchema },
      },
    },
    async (request) =>
      priced(request, await getPlant(request.auth!.connection.db, request.params.id)),
  );

  app.post(
    '/api/v1/plants',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Creates a plant (and its concrete plant or aggregate pit details)',
        security,
        body: createPlantBody,
        response: { 201: plantDetailSchema },
      },
    },
    async (request, reply) => {
      const plant = await createPlant(request.auth!.connection.db, {
        values: request.body,
        now: deps.now(),
      });
      return reply.status(201).send(priced(request, plant));
    },
  );

  app.put(
    '/api/v1/plants/:id',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Changes the fields sent; `version` is the one read, and a stale one gets 409',
        security,
        params: idParams,
        body: updatePlantBody,
        response: { 200: plantDetailSchema },
      },
    },
    async (request) => {
      const plant = await updatePlant(request.auth!.connection.db, {
        id: request.params.id,
        values: request.body,
        now: deps.now(),
      });
      return priced(request, plant);
    },
  );
}
