/**
 * The natural-language query screen (`/adhoc-queries/nlq`, form NaturalLanguageQuery,
 * R-NLQ-1..10): ask a question, or run the typed query the screen's editable parts make. Both are
 * refused while the system parameter nlqEnabled is off (R-NLQ-11); what a question may read
 * follows the asker's forms, groups and price visibility (R-NLQ-6).
 */
import type { FastifyRequest } from 'fastify';
import { nlqAskBodySchema, nlqResultSchema, nlqRunBodySchema } from '@dispatch/domain/nlq/nlq-api';
import { formNameOf } from '@dispatch/domain/menu/form-name';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  parameterSwitchingOff,
  switchedOffMessage,
  systemParameterCatalogue,
} from '@dispatch/domain/settings/system-parameters';
import { authorize } from '../../auth/guard';
import { ApiError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { readServerSettings } from '../settings/system-parameters.service';
import { askNlqQuestion, runNlqQuery, type NlqContext } from './nlq.service';

const security = [{ bearer: [] }];
const tags = ['nlq'];

/** The Natural Language Query form, looked up by name (R-MENU-7). */
export const nlqForm = menuEntryByEnumId('NaturalLanguageQuery')!.id;

function contextOf(request: FastifyRequest, deps: ServerDeps): NlqContext {
  return {
    auth: request.auth!,
    now: deps.now(),
    model: deps.env,
    log: (message) => request.log.warn(message),
  };
}

/**
 * R-NLQ-11, R-PARAM-11: the screen answers only while nlqEnabled is on and the form is not
 * disabled; otherwise 403 `nlq_disabled`, saying which system parameter turned it off.
 */
async function requireEnabled(request: FastifyRequest, deps: ServerDeps): Promise<void> {
  const settings = await readServerSettings(request.auth!.connection.db, deps.env);
  const key = parameterSwitchingOff('NaturalLanguageQuery', nlqForm, settings);
  if (key !== null) {
    throw new ApiError(
      'permission',
      switchedOffMessage(formNameOf(nlqForm), systemParameterCatalogue[key].label),
      { code: 'nlq_disabled' },
    );
  }
}

export function registerNlqRoutes(app: Server, deps: ServerDeps): void {
  // The form is always shown (alwaysShow): access to the data behind it is checked per view.
  const asker = authorize(deps);

  app.post(
    '/api/v1/nlq/ask',
    {
      preValidation: asker,
      schema: {
        tags,
        summary:
          'A question in English or Spanish, read into a typed query and answered over the whitelisted views, or what was not understood with close alternatives',
        security,
        body: nlqAskBodySchema,
        response: { 200: nlqResultSchema },
      },
    },
    async (request) => {
      await requireEnabled(request, deps);
      return askNlqQuestion(
        request.auth!.connection.db,
        request.body.question,
        contextOf(request, deps),
      );
    },
  );

  app.post(
    '/api/v1/nlq/run',
    {
      preValidation: asker,
      schema: {
        tags,
        summary:
          "A typed query (the screen's edited interpretation) answered over the whitelisted views",
        security,
        body: nlqRunBodySchema,
        response: { 200: nlqResultSchema },
      },
    },
    async (request) => {
      await requireEnabled(request, deps);
      const query = request.body.query;
      return {
        question: null,
        understood: true,
        source: 'edited' as const,
        query,
        reason: null,
        ignored: [],
        unknown: [],
        suggestions: [],
        answer: await runNlqQuery(request.auth!.connection.db, query, contextOf(request, deps)),
      };
    },
  );
}
