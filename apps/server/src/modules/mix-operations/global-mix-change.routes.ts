/**
 * Global Mix Design Change's routes (R-MIX-7..R-MIX-14, R-MIX-19): preview, apply (with the
 * previewed versions), the applied changes and one in full, and reversal. Reading and previewing
 * need a level that may view Global Mix Design Change; applying and reversing need write level.
 */
import {
  globalMixChangeDetailSchema,
  globalMixChangeSchema,
  mixChangeApplySchema,
  mixChangePreviewSchema,
  mixChangeRequestSchema,
} from '@dispatch/domain/mixes/mix-design-change';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { actorOf, globalMixChangeFormId, mixAccess } from './mix-access';
import {
  mixOperationsBase,
  mixOperationsTags as tags,
  pageQuery,
  security,
} from './mix-modification.routes';
import {
  applyMixChange,
  listMixChanges,
  planMixChange,
  readMixChangeDetail,
  reverseMixChange,
} from './global-mix-change.service';

const base = `${mixOperationsBase}/global-changes`;
const forms = [globalMixChangeFormId];

export function registerGlobalMixChangeRoutes(app: Server, deps: ServerDeps): void {
  app.post(
    `${base}/preview`,
    {
      preValidation: mixAccess(deps, forms),
      schema: {
        tags,
        summary:
          'Every mix and recipe line the change would write, before and after, with counts; writes nothing (R-MIX-10)',
        security,
        body: mixChangeRequestSchema,
        response: { 200: mixChangePreviewSchema },
      },
    },
    (request) => planMixChange(request.auth!.connection.db, request.body),
  );

  app.post(
    base,
    {
      preValidation: mixAccess(deps, forms, { write: true }),
      schema: {
        tags,
        summary:
          'Applies the change in one transaction, refused (409) when a mix changed since the preview; audited (R-MIX-11, R-MIX-12)',
        security,
        body: mixChangeApplySchema,
        response: { 201: globalMixChangeDetailSchema },
      },
    },
    async (request, reply) => {
      const change = await applyMixChange(
        request.auth!.connection.db,
        request.body,
        actorOf(request, deps),
      );
      return reply.status(201).send(change);
    },
  );

  app.get(
    base,
    {
      preValidation: mixAccess(deps, forms),
      schema: {
        tags,
        summary: 'The applied global mix design changes, newest first (R-MIX-12)',
        security,
        querystring: pageQuery,
        response: { 200: listOf(globalMixChangeSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listMixChanges(request.auth!.connection.db, request.query);
      return envelope(rows, count);
    },
  );

  app.get(
    `${base}/:id`,
    {
      preValidation: mixAccess(deps, forms),
      schema: {
        tags,
        summary: 'One applied change with every mix and line it wrote, before and after',
        security,
        params: idParams,
        response: { 200: globalMixChangeDetailSchema },
      },
    },
    async (request) => {
      const change = await readMixChangeDetail(request.auth!.connection.db, request.params.id);
      if (!change) throw notFound(`Global mix design change ${request.params.id}`);
      return change;
    },
  );

  app.post(
    `${base}/:id/reverse`,
    {
      preValidation: mixAccess(deps, forms, { write: true }),
      schema: {
        tags,
        summary:
          'Restores every mix the change wrote exactly; 409 when reversed already or a mix changed since (R-MIX-13)',
        security,
        params: idParams,
        response: { 200: globalMixChangeDetailSchema },
      },
    },
    (request) =>
      reverseMixChange(request.auth!.connection.db, request.params.id, actorOf(request, deps)),
  );
}
