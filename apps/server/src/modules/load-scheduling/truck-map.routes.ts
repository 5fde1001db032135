import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { truckMapSchema } from '@dispatch/domain/trucks/truck-map';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { truckBoardFormIds } from '../trucks/truck-forms';
import { truckMap } from './truck-map.service';

/**
 * R-MAP-1: the map on the board and the dashboard, for whoever may see the truck boards; trucks,
 * plants and jobs of the caller's system types only (R-PERM-2). Positions carry no price.
 */
export function registerTruckMapRoutes(app: Server, deps: ServerDeps): void {
  const tiles = {
    tileUrl: deps.env.MAP_TILE_URL ?? null,
    tileAttribution: deps.env.MAP_TILE_ATTRIBUTION,
  };
  app.get(
    '/api/v1/trucks/map',
    {
      preValidation: authorize(deps, { forms: truckBoardFormIds }),
      schema: {
        tags: ['trucks'],
        summary:
          "The dispatcher's map: plants with their fences, today's located jobs, and trucks at their last positions with their load and ETA",
        security: [{ bearer: [] }],
        response: { 200: truckMapSchema },
      },
    },
    async (request) =>
      truckMap(request.auth!.connection.db, {
        systemTypeIds: allowedSystemTypes(request.auth!.groupIds),
        now: deps.now(),
        tiles,
      }),
  );
}
