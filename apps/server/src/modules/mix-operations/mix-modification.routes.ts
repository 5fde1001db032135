/**
 * Concrete Mix Modification's routes (R-MIX-1..R-MIX-6, R-MIX-19): what the three mix screens
 * choose from, the mixes found as the clerk types, one mix in full, and its recipe saved with the
 * version read. Reading needs Concrete Mix Modification or Global Mix Design Change; saving needs
 * write level on Concrete Mix Modification.
 */
import { z } from 'zod';
import {
  mixChoicesSchema,
  mixListQuerySchema,
  mixListRowSchema,
  selectionOfQuery,
} from '@dispatch/domain/mixes/mix-lists';
import { mixDetailSchema, mixRecipeUpdateSchema } from '@dispatch/domain/mixes/mix-recipe';
import { notFound, validationError } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import {
  actorOf,
  globalMixChangeFormId,
  mixAccess,
  mixModificationFormId,
  mixOperationForms,
} from './mix-access';
import { listMixes, mixChoices, mixDetail } from './mix-lists.service';
import { saveRecipe } from './mix-modification.service';

export const mixOperationsBase = '/api/v1/mix-operations';
export const mixOperationsTags = ['mix operations'];
export const security = [{ bearer: [] }];

const mixReaders = [mixModificationFormId, globalMixChangeFormId];

export function registerMixModificationRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    `${mixOperationsBase}/choices`,
    {
      preValidation: mixAccess(deps, mixOperationForms),
      schema: {
        tags: mixOperationsTags,
        summary:
          'The concrete plants, raw materials and units the mix screens choose from (R-MIX-19)',
        security,
        response: { 200: mixChoicesSchema },
      },
    },
    (request) => mixChoices(request.auth!.connection.db),
  );

  app.get(
    `${mixOperationsBase}/mixes`,
    {
      preValidation: mixAccess(deps, mixReaders),
      schema: {
        tags: mixOperationsTags,
        summary:
          'Concrete mixes by plant, strength, description or product, and raw material used (R-MIX-1, R-MIX-8)',
        security,
        querystring: mixListQuerySchema,
        response: { 200: listOf(mixListRowSchema) },
      },
    },
    async (request) => {
      const selection = selectionOfQuery(request.query);
      if (!selection.success) {
        throw validationError(
          selection.error.issues.map((issue) => ({
            field: issue.path.join('.'),
            reason: issue.message,
          })),
        );
      }
      const { rows, count } = await listMixes(
        request.auth!.connection.db,
        selection.data,
        request.query,
      );
      return envelope(rows, count);
    },
  );

  app.get(
    `${mixOperationsBase}/mixes/:id`,
    {
      preValidation: mixAccess(deps, mixReaders),
      schema: {
        tags: mixOperationsTags,
        summary:
          'A concrete mix: its design values, recipe, version and history (R-MIX-2, R-MIX-5)',
        security,
        params: idParams,
        response: { 200: mixDetailSchema },
      },
    },
    async (request) => {
      const detail = await mixDetail(request.auth!.connection.db, request.params.id);
      if (!detail) throw notFound(`Concrete mix ${request.params.id}`);
      return detail;
    },
  );

  app.put(
    `${mixOperationsBase}/mixes/:id/recipe`,
    {
      preValidation: mixAccess(deps, [mixModificationFormId], { write: true }),
      schema: {
        tags: mixOperationsTags,
        summary:
          "Saves a mix's raw materials, quantities and units with the version read; 409 naming who changed it since (R-MIX-3, R-MIX-4)",
        security,
        params: idParams,
        body: mixRecipeUpdateSchema,
        response: { 200: mixDetailSchema },
      },
    },
    async (request) => {
      const db = request.auth!.connection.db;
      await saveRecipe(db, request.params.id, request.body, actorOf(request, deps));
      return (await mixDetail(db, request.params.id))!;
    },
  );
}

export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
