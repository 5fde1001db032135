/**
 * The routes of every resource definition (R-RES-3): list, pick list, export, get, create, update
 * and delete under /api/v1/<path>. Handlers are thin: authorise, validate with the definition's
 * schemas, call the engine, strip prices for levels that hide them.
 */
import { z } from 'zod';
import {
  createSchemaOf,
  detailSchemaOf,
  formIdOf,
  listQuerySchemaOf,
  optionQuerySchemaOf,
  optionSchema,
  rowSchemaOf,
  updateSchemaOf,
  type ListQuery,
  type OptionQuery,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import {
  pickedOnlyByAdministrators,
  pickFormsOf,
  resourceDefinitions,
} from '@dispatch/domain/resources/registry';
import { authorize, priced } from '../auth/guard';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../http/api-error';
import { cachedJson, sendCachedJson } from '../http/cached-json';
import { envelope, listOf } from '../http/envelope';
import type { Server, ServerDeps } from '../http/server';
import { idParams } from '../http/write-fields';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { exportRows, exportFormats } from './resource-export';
import type { ScopeContext } from './resource-tables';
import { getResource, listResource, resourceOptions, type AnswerRow } from './resource-read';
import { createResource, deleteResource, updateResource, type Writer } from './resource-write';
import { refuseStrayPrices } from './stray-prices';

const security = [{ bearer: [] }];

function contextOf(request: FastifyRequest): ScopeContext {
  return { systemTypeIds: allowedSystemTypes(request.auth!.groupIds) };
}

function writerOf(request: FastifyRequest, deps: ServerDeps): Writer {
  return {
    username: request.auth!.username,
    flags: request.permission.flags,
    now: deps.now(),
    context: contextOf(request),
    env: deps.env,
  };
}

export function registerResourceRoutes(app: Server, deps: ServerDeps): void {
  for (const definition of resourceDefinitions) registerResource(app, deps, definition);
}

function registerResource(app: Server, deps: ServerDeps, definition: ResourceDefinition): void {
  const base = `/api/v1/${definition.path}`;
  const tags = [definition.path];
  const forms = definition.forms.map(formIdOf);
  const read = { forms, admin: definition.admin };
  const write = { ...read, write: true, checksPrices: true };
  const pick = pickedOnlyByAdministrators(definition)
    ? read
    : { forms: pickFormsOf(definition.name).map(formIdOf), orSysadmin: true };
  const listQuery = listQuerySchemaOf(definition);
  // Built at start-up from the definition: typed as the engine's answers.
  const row = rowSchemaOf(definition) as unknown as z.ZodType<AnswerRow>;
  const detail = detailSchemaOf(definition) as unknown as z.ZodType<AnswerRow>;
  const listAnswer = listOf(row);
  const plural = definition.plural.toLowerCase();
  const db = (request: FastifyRequest) => request.auth!.connection.db;

  app.get(
    base,
    {
      preValidation: authorize(deps, read),
      schema: {
        tags,
        summary: `${definition.plural}: search, filters, sort and a page, with the total count`,
        security,
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request, reply) => {
      // Kept serialised per query, scope and price visibility (R-PERM-6) until a write commits
      // (ADR 014): search-as-you-type asks the same few prefixes from every clerk's screen.
      const context = contextOf(request);
      const hidePrice = request.permission.flags.hidePrice;
      const answer = await deps.listCache.read(
        request.auth!.database,
        JSON.stringify([definition.name, hidePrice, context, request.query]),
        async () => {
          const { rows, count } = await listResource(
            db(request),
            definition,
            request.query,
            context,
          );
          const page = envelope(priced(request, rows), count);
          // Checked against the contract as the serializer checks every other answer outside
          // production; a cached answer is sent as it is.
          const checked = deps.env.NODE_ENV === 'production' ? page : listAnswer.encode(page);
          return cachedJson(JSON.stringify(checked));
        },
      );
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    `${base}/options`,
    {
      preValidation: authorize(deps, pick),
      schema: {
        tags,
        summary: `The ${plural} pick list: id, number and name, for every form that picks them`,
        security,
        querystring: optionQuerySchemaOf(definition),
        response: { 200: listOf(optionSchema) },
      },
    },
    async (request) =>
      envelope(
        await resourceOptions(
          db(request),
          definition,
          request.query as OptionQuery,
          contextOf(request),
        ),
      ),
  );

  app.get(
    `${base}/export`,
    {
      preValidation: authorize(deps, read),
      schema: {
        tags,
        summary: `The ${plural} the list's search and filters match, as CSV or Excel`,
        security,
        querystring: listQuery.extend({ format: z.enum(exportFormats).default('csv') }),
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query as ListQuery & {
        format: (typeof exportFormats)[number];
      };
      const file = await exportRows(db(request), definition, query, {
        format,
        hidePrice: request.permission.flags.hidePrice,
        context: contextOf(request),
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    `${base}/:id`,
    {
      preValidation: authorize(deps, read),
      schema: {
        tags,
        summary: `One ${definition.singular.toLowerCase()} with its version and child rows`,
        security,
        params: idParams,
        response: { 200: detail },
      },
    },
    async (request) => {
      const found = await getResource(
        db(request),
        definition,
        request.params.id,
        contextOf(request),
      );
      if (!found) throw notFound(`${definition.singular} ${request.params.id}`);
      return priced(request, found);
    },
  );

  app.post(
    base,
    {
      preValidation: [authorize(deps, write), refuseStrayPrices(definition)],
      schema: {
        tags,
        summary: `Creates a ${definition.singular.toLowerCase()}`,
        security,
        body: createSchemaOf(definition),
        response: { 201: detail },
      },
    },
    async (request, reply) => {
      const created = await createResource(
        request.auth!.connection.db,
        definition,
        request.body,
        writerOf(request, deps),
      );
      return reply.status(201).send(priced(request, created));
    },
  );

  app.put(
    `${base}/:id`,
    {
      preValidation: [authorize(deps, write), refuseStrayPrices(definition)],
      schema: {
        tags,
        summary: `Changes the fields sent; a stale \`version\` gets 409 naming who changed it`,
        security,
        params: idParams,
        body: updateSchemaOf(definition),
        response: { 200: detail },
      },
    },
    async (request) => {
      const updated = await updateResource(
        request.auth!.connection.db,
        definition,
        request.params.id,
        request.body,
        writerOf(request, deps),
      );
      return priced(request, updated);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preValidation: authorize(deps, write),
      schema: {
        tags,
        summary: definition.deactivates
          ? `Deactivates a ${definition.singular.toLowerCase()}`
          : `Deletes a ${definition.singular.toLowerCase()} nothing refers to`,
        security,
        params: idParams,
        querystring: z.object({
          version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
        }),
      },
    },
    async (request, reply) => {
      const result = await deleteResource(
        request.auth!.connection.db,
        definition,
        request.params.id,
        request.query.version,
        writerOf(request, deps),
      );
      return result ? priced(request, result) : reply.status(204).send();
    },
  );
}
