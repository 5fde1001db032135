/**
 * R-NLQ-10: the optional model. When NLQ_MODEL_URL is set and the parser does not understand a
 * question, an OpenAI-compatible chat-completions endpoint is asked for the typed query, never for
 * SQL. Its answer passes the same zod schema as every other typed query; the names it uses are
 * looked up again in the database (its ids are not trusted). Unset, nothing leaves the server.
 */
import { z } from 'zod';
import {
  nlqDimensionKeys,
  nlqEntityKinds,
  nlqMeasureKeys,
  nlqViews,
} from '@dispatch/domain/nlq/nlq-catalogue';
import { nlqQuerySchema, type NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { parseNlqQuestion, type NlqVocabulary } from '@dispatch/domain/nlq/nlq-parser';
import type { Env } from '../../env';

export type NlqModelConfig = Pick<Env, 'NLQ_MODEL_URL' | 'NLQ_MODEL_NAME' | 'NLQ_MODEL_API_KEY'>;

const modelTimeoutMs = 15_000;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

function instructions(today: string): string {
  return [
    "You turn questions about a building-materials producer's deliveries, orders and trucks into one JSON object, the typed query. Never write SQL.",
    `Today is ${today}. Answer with the JSON object only, matching this JSON Schema:`,
    JSON.stringify(z.toJSONSchema(nlqQuerySchema, { io: 'input', unrepresentable: 'any' })),
    `views: ${nlqViews.join(', ')}. measures: ${nlqMeasureKeys.join(', ')} (cubicYards, cubicMeters, tons, loads, salesAmount read deliveries; orders, orderedYards read orders; trucks reads trucks).`,
    `dimensions: ${nlqDimensionKeys.join(', ')}.`,
    `For a filter on a name (${nlqEntityKinds.join(', ')}), give id 0 and the name as label: names are looked up by the server.`,
    'orderStatus ids: 1 toBeShipped, 2 fob, 3 willCall, 4 onHold, 5 complete, 6 shipping, 7 stopShipping, 8 backOrder, 9 cancelled. truckStatus ids: 1 inYard, 2 loading, 3 loaded, 4 toJob, 5 onJob, 6 unloading, 7 washing, 8 toPlant, 9 outOfService, 10 offDuty. systemType ids: 1 concrete, 2 aggregate, 3 block.',
  ].join('\n');
}

/** The model's names, each looked up in the database as the parser would (fuzzy, R-NLQ-1). */
function resolveNames(query: NlqQuery, vocabulary: NlqVocabulary, today: string): NlqQuery | null {
  const filters = [];
  for (const filter of query.filters) {
    if (!(nlqEntityKinds as readonly string[]).includes(filter.field)) {
      filters.push(filter);
      continue;
    }
    const values = [];
    for (const value of filter.values) {
      const read = parseNlqQuestion(`loads for ${filter.field} ${value.label}`, {
        today,
        vocabulary,
      });
      const named = read.understood
        ? read.query.filters.find((found) => found.field === filter.field)?.values[0]
        : undefined;
      if (!named) return null;
      values.push(named);
    }
    filters.push({ ...filter, values });
  }
  return { ...query, filters };
}

/**
 * The model's typed query for a question, or null: no endpoint configured, no answer in time, or
 * an answer that is not a valid typed query.
 */
export async function proposeNlqQuery(
  config: NlqModelConfig,
  question: string,
  context: { today: string; vocabulary: NlqVocabulary; log: (message: string) => void },
): Promise<NlqQuery | null> {
  if (!config.NLQ_MODEL_URL) return null;
  try {
    const response = await fetch(endpointOf(config.NLQ_MODEL_URL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.NLQ_MODEL_API_KEY
          ? { authorization: `Bearer ${config.NLQ_MODEL_API_KEY}` }
          : {}),
      },
      body: JSON.stringify({
        model: config.NLQ_MODEL_NAME,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: instructions(context.today) },
          { role: 'user', content: question },
        ],
      }),
      signal: AbortSignal.timeout(modelTimeoutMs),
    });
    if (!response.ok) {
      context.log(`the query model answered ${response.status}`);
      return null;
    }
    const completion = completionSchema.safeParse(await response.json());
    if (!completion.success) return null;
    const content = completion.data.choices[0]!.message.content.replace(
      /^```(?:json)?\s*/i,
      '',
    ).replace(/```\s*$/, '');
    const parsed = nlqQuerySchema.safeParse(JSON.parse(content));
    if (!parsed.success) {
      context.log('the query model proposed a query that is not valid');
      return null;
    }
    return resolveNames(parsed.data, context.vocabulary, context.today);
  } catch (error) {
    context.log(`the query model could not be asked: ${(error as Error).message}`);
    return null;
  }
}
