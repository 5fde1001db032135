/**
 * Raw Material Ranking's routes (R-MIX-15..R-MIX-19): a concrete plant's rankings, and one raw
 * material's order saved with its version (write level on Raw Material Ranking).
 */
import { z } from 'zod';
import {
  plantRankingsSchema,
  rankingUpdateSchema,
  rawMaterialRankingSchema,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { recordId } from '../../http/write-fields';
import { actorOf, mixAccess, rawMaterialRankingFormId } from './mix-access';
import { mixOperationsBase, mixOperationsTags as tags, security } from './mix-modification.routes';
import { plantRankings, saveRanking } from './raw-material-ranking.service';

const base = `${mixOperationsBase}/rankings`;
const forms = [rawMaterialRankingFormId];

export function registerRawMaterialRankingRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    base,
    {
      preValidation: mixAccess(deps, forms),
      schema: {
        tags,
        summary:
          "A concrete plant's raw materials, each with its substitutes in the plant's order (R-MIX-15)",
        security,
        querystring: z.object({ plantId: recordId }),
        response: { 200: plantRankingsSchema },
      },
    },
    async (request) => {
      const rankings = await plantRankings(request.auth!.connection.db, request.query.plantId);
      if (!rankings) throw notFound(`Concrete plant ${request.query.plantId}`);
      return rankings;
    },
  );

  app.put(
    `${base}/:plantId/:rawMaterialId`,
    {
      preValidation: mixAccess(deps, forms, { write: true }),
      schema: {
        tags,
        summary:
          "Saves one raw material's substitutes in order at a plant, with the version read; 409 naming who changed it since (R-MIX-16)",
        security,
        params: z.object({ plantId: recordId, rawMaterialId: recordId }),
        body: rankingUpdateSchema,
        response: { 200: rawMaterialRankingSchema },
      },
    },
    (request) =>
      saveRanking(
        request.auth!.connection.db,
        request.params,
        request.body,
        actorOf(request, deps),
      ),
  );
}
