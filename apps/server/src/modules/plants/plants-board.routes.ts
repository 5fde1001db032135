/**
 * The one plant read the resource engine does not serve: the plants as the board and the dashboard
 * show them. The engine's routes (R-RES-3) list and edit plants for the Plants screen; these are
 * the plants' live views (what plantUpdate_v1 carries: name, system type, colour, position, no
 * prices), for every user who may pick a plant (R-PICK-1), so a dispatcher without the Plants
 * permission sees plant names on the dashboard (R-PICK-3).
 */
import { formIdOf, listQuerySchemaOf } from '@dispatch/domain/resources/define';
import { plantLiveViewSchema, type PlantLiveView } from '@dispatch/domain/plants/plant-live-view';
import { plantResource } from '@dispatch/domain/resources/plants';
import { pickFormsOf } from '@dispatch/domain/resources/registry';
import { allowedSystemTypes, isSystemTypeId } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { listResource, type AnswerRow } from '../../resources/resource-read';

const security = [{ bearer: [] }];

function liveViewOf(row: AnswerRow): PlantLiveView[] {
  const systemTypeId = row.systemTypeId;
  if (!isSystemTypeId(systemTypeId)) return [];
  return [
    {
      id: row.id,
      description: String(row.description),
      systemTypeId,
      inactiveFlag: row.inactiveFlag === true,
      plantColorId: typeof row.plantColorId === 'number' ? row.plantColorId : null,
      latitude: typeof row.latitude === 'number' ? row.latitude : null,
      longitude: typeof row.longitude === 'number' ? row.longitude : null,
      version: Number(row.version),
    },
  ];
}

export function registerPlantBoardRoutes(app: Server, deps: ServerDeps): void {
  const forms = pickFormsOf(plantResource.name).map(formIdOf);
  app.get(
    `/api/v1/${plantResource.path}/board`,
    {
      preValidation: authorize(deps, { forms, orSysadmin: true }),
      schema: {
        tags: [plantResource.path],
        summary:
          'Plants as the board shows them (their live views, no prices), for every form that picks plants; the list query of GET /api/v1/plants',
        security,
        querystring: listQuerySchemaOf(plantResource),
        response: { 200: listOf(plantLiveViewSchema) },
      },
    },
    async (request) => {
      // Only the plants of the caller's system types (R-PERM-2), as the Plants list.
      const { rows, count } = await listResource(
        request.auth!.connection.db,
        plantResource,
        request.query,
        { systemTypeIds: allowedSystemTypes(request.auth!.groupIds) },
      );
      return envelope(rows.flatMap(liveViewOf), count);
    },
  );
}
